import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AddOperation,
  BackSide,
  DoubleSide,
  FrontSide,
  LinearSRGBColorSpace,
  MeshPhongMaterial,
  MeshPhysicalMaterial,
  MixOperation,
  NoColorSpace,
  PointsMaterial,
  RepeatWrapping,
  SRGBColorSpace,
  ShaderMaterial,
  type Texture,
} from 'three';
import { MaterialSchema, type MaterialInput } from '../../../shared/schema/material';
import { buildMaterial, ShaderCodeError, type BuildOptions } from '../../../worker/materials/build';
import { SHADER_CODE_ERROR } from '../../../worker/materials/code';

afterEach(() => vi.restoreAllMocks());

const BASE = 'http://media.test/media/built-in/materials/brick-physical/brick-physical.airm';

/** Build with a fake image loader that records what it was asked for. */
async function build(input: MaterialInput, failing: string[] = []) {
  const asked: string[] = [];
  const loadImage: BuildOptions['loadImage'] = (url) => {
    asked.push(url);
    if (failing.some((f) => url.endsWith(f))) return Promise.reject(new Error('HTTP 404'));
    // A stand-in image: the builder only hands it on to the texture. Its type is the worker's
    // (WebWorker library), which the linter cannot resolve in this Node project.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment
    const image = { width: 2, height: 2, url } as unknown as Awaited<ReturnType<BuildOptions['loadImage']>>;
    return Promise.resolve(image);
  };
  const built = await buildMaterial(MaterialSchema.parse(input), { baseUrl: BASE, loadImage });
  return { ...built, asked, m: built.material as unknown as Record<string, unknown> };
}

describe('building a three.js material from a material entity (spec §5)', () => {
  it.each([
    ['phong', MeshPhongMaterial],
    ['points', PointsMaterial],
    ['physical', MeshPhysicalMaterial],
    ['standard', MeshPhysicalMaterial],
    ['anything', MeshPhysicalMaterial],
    ['', MeshPhysicalMaterial],
  ] as const)('type %j builds %s', async (type, Kind) => {
    const { material } = await build({ type });
    expect(material.constructor).toBe(Kind);
  });

  it('type shader builds a ShaderMaterial from the shader code', async () => {
    const shaderCode = `return { vertexShader: 'void main() { gl_Position = vec4(0.0); }',
      fragmentShader: 'uniform vec3 tint; void main() { gl_FragColor = vec4(tint, 1.0); }',
      uniforms: { tint: { value: new THREE.Color(1, 0, 0) } } };`;
    const { material, m } = await build({ type: 'shader', shaderCode, side: 'DoubleSide', fog: true, color: '#00ff00' });
    expect(material).toBeInstanceOf(ShaderMaterial);
    const shader = material as ShaderMaterial;
    expect(shader.fragmentShader).toContain('uniform vec3 tint');
    expect((shader.uniforms.tint!.value as { getHexString(): string }).getHexString()).toBe('ff0000');
    expect(shader.side).toBe(DoubleSide);
    // fog would make three read fog uniforms the code did not define.
    expect(shader.fog).toBe(false);
    expect(m.color).toBeUndefined();
  });

  it.each([
    ['throw new Error("boom")', 'boom'],
    ['return 42', 'must return'],
    ['return { vertexShader: "x" }', 'as strings'],
    ['this is not javascript', ''],
    ['', 'no shaderCode'],
  ])('shader code %j that fails logs 代码错误 and rejects', async (shaderCode, why) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const err = await build({ type: 'shader', shaderCode }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ShaderCodeError);
    expect((err as Error).message).toContain(why);
    expect(SHADER_CODE_ERROR).toBe('代码错误');
    expect(log).toHaveBeenCalledWith('代码错误', expect.anything());
  });

  it.each([
    ['FrontSide', FrontSide],
    ['BackSide', BackSide],
    ['DoubleSide', DoubleSide],
  ] as const)('side %s is the three.js constant', async (side, value) => {
    for (const type of ['phong', 'physical', 'points']) expect((await build({ type, side })).material.side).toBe(value);
  });

  it('combine is the three.js constant on materials that have it, and absent elsewhere', async () => {
    expect(((await build({ type: 'phong', combine: 'AddOperation' })).material as MeshPhongMaterial).combine).toBe(AddOperation);
    expect(((await build({ type: 'phong', combine: 'MixOperation' })).material as MeshPhongMaterial).combine).toBe(MixOperation);
    const physical = await build({ type: 'physical', combine: 'AddOperation' });
    expect('combine' in physical.material).toBe(false);
  });

  it('normalScale becomes (n, n), the second negated when normalScaleY is set', async () => {
    const plain = (await build({ normalScale: 2 })).material as MeshPhysicalMaterial;
    expect(plain.normalScale.toArray()).toEqual([2, 2]);
    const flipped = (await build({ type: 'phong', normalScale: 0.5, normalScaleY: true })).material as MeshPhongMaterial;
    expect(flipped.normalScale.toArray()).toEqual([0.5, -0.5]);
  });

  it('name, type, envMap and the bookkeeping fields are not passed as properties', async () => {
    const uuid = '6f1c2a7e-0b1d-4d53-9a43-5e1f0c7b2a01';
    const { material, m, asked } = await build({
      uuid,
      name: 'red-brick-physical',
      type: 'physical',
      envMap: 'sky.png',
      path: 'built-in/materials',
      frameScript: 'material.opacity = 0',
      rotation: 1,
      repeat: { u: 3, v: 3 },
    });
    expect(material.name).toBe('');
    expect(material.type).toBe('MeshPhysicalMaterial');
    expect(m.envMap).toBeNull();
    expect(material.uuid).not.toBe(uuid);
    for (const key of ['path', 'shaderCode', 'frameScript', 'rotation', 'repeat', 'offset', 'center', 'normalScaleY']) {
      expect(Object.prototype.hasOwnProperty.call(material, key), key).toBe(false);
    }
    expect(asked).toEqual([]);
  });

  it('colours, numbers and flags go to the properties the material has; the others are skipped', async () => {
    const phong = await build({
      type: 'phong',
      color: 'red',
      emissive: 'rgb(0, 0, 255)',
      specular: '#00ff00',
      shininess: 80,
      opacity: 0.4,
      transparent: true,
      roughness: 0.3,
      size: 9,
      fog: false,
    });
    const p = phong.material as MeshPhongMaterial;
    expect(p.color.getHexString()).toBe('ff0000');
    expect(p.emissive.getHexString()).toBe('0000ff');
    expect(p.specular.getHexString()).toBe('00ff00');
    expect([p.shininess, p.opacity, p.transparent, p.fog]).toEqual([80, 0.4, true, false]);
    expect('roughness' in p || 'size' in p).toBe(false);
    expect(phong.problems).toEqual([]);

    const physical = (await build({ color: 'hsl(120, 100%, 50%)', roughness: 0.25, metalness: 0.75, ior: 2, shininess: 5 }))
      .material as MeshPhysicalMaterial;
    expect(physical.color.getHexString()).toBe('00ff00');
    expect([physical.roughness, physical.metalness, physical.ior]).toEqual([0.25, 0.75, 2]);
    expect('shininess' in physical).toBe(false);

    const points = (await build({ type: 'points', color: '#0ff', size: 4, sizeAttenuation: false })).material as PointsMaterial;
    expect(points.color.getHexString()).toBe('00ffff');
    expect([points.size, points.sizeAttenuation]).toEqual([4, false]);
  });

  it('image values become repeat-wrapped textures with the material transform, resolved beside the file', async () => {
    const { m, asked, textures, problems } = await build({
      map: 'bricks.PNG',
      normalMap: 'textures/normal.jpg',
      roughnessMap: '/media/shared/rough.webp',
      aoMap: 'bricks.PNG',
      rotation: 0.5,
      center: { u: 0.5, v: 0.25 },
      repeat: { u: 4, v: 2 },
      offset: { u: 0.1, v: 0.2 },
    });
    expect(problems).toEqual([]);
    expect(asked.sort()).toEqual([
      'http://media.test/media/built-in/materials/brick-physical/bricks.PNG',
      'http://media.test/media/built-in/materials/brick-physical/textures/normal.jpg',
      'http://media.test/media/shared/rough.webp',
    ]);
    const map = m.map as Texture;
    expect(map.isTexture).toBe(true);
    expect([map.wrapS, map.wrapT]).toEqual([RepeatWrapping, RepeatWrapping]);
    expect(map.rotation).toBe(0.5);
    expect(map.center.toArray()).toEqual([0.5, 0.25]);
    expect(map.repeat.toArray()).toEqual([4, 2]);
    expect(map.offset.toArray()).toEqual([0.1, 0.2]);
    // Decoded upside down already (ImageBitmaps ignore flipY).
    expect(map.flipY).toBe(false);
    // Colour maps read sRGB; data maps stay linear, so one image in both slots is two textures.
    expect(map.colorSpace).toBe(SRGBColorSpace);
    const ao = m.aoMap as Texture;
    expect(ao).not.toBe(map);
    expect(ao.image).toBe(map.image);
    expect([NoColorSpace, LinearSRGBColorSpace]).toContain(ao.colorSpace);
    expect((m.normalMap as Texture).repeat.toArray()).toEqual([4, 2]);
    expect(textures).toHaveLength(4);
  });

  it('a missing image leaves its slot empty and names the file; a value a slot cannot take is reported', async () => {
    // Fields beyond the entity's own (the file format keeps them) are checked against the material.
    const { m, problems } = await build(
      { map: 'gone.png', color: '#ff0000', sheenColor: 'bricks.png', clearcoat: 'red', bumpScale: 'rough', flatShading: 1 },
      ['gone.png'],
    );
    expect(m.map).toBeNull();
    expect((m.color as { getHexString(): string }).getHexString()).toBe('ff0000');
    expect([m.clearcoat, m.bumpScale, m.flatShading]).toEqual([0, 1, false]);
    expect(problems).toEqual([
      'sheenColor: "bricks.png" is an image, but sheenColor does not take a texture',
      'clearcoat: "red" is a colour, but clearcoat does not take one',
      'bumpScale: "rough" is neither a colour nor an image, and bumpScale does not take it',
      'flatShading: 1 is neither a colour nor an image, and flatShading does not take it',
      'map: image gone.png did not load (HTTP 404)',
    ]);
  });

  it('the frame script runs against the material and its errors are swallowed', async () => {
    const { material, frame } = await build({ frameScript: 'material.opacity = dt; this.userData.ran = (this.userData.ran || 0) + 1;' });
    frame!(0.25);
    frame!(0.5);
    expect(material.opacity).toBe(0.5);
    expect(material.userData.ran).toBe(2);
    const broken = await build({ frameScript: 'throw new Error("x")' });
    expect(() => broken.frame!(0.1)).not.toThrow();
    expect((await build({ frameScript: 'not javascript at all' })).frame).toBeNull();
    expect((await build({})).frame).toBeNull();
  });
});
