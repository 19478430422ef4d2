import { describe, expect, it } from 'vitest';
import {
  isImageString, MATERIAL_CATALOG, MATERIAL_FILE_EXT, MATERIAL_THUMBNAIL, materialDisplayName, materialKind,
  MaterialSchema, MSG, newMaterial,
} from '../../../shared/schema';
import { expectRange, issuesOf } from './helpers';

describe('new material defaults (spec §9)', () => {
  it('every field', () => {
    expect(MaterialSchema.parse({})).toEqual({
      uuid: '', name: '', type: 'physical', shaderCode: '', frameScript: '', envMap: '',
      side: 'FrontSide', combine: 'MultiplyOperation',
      rotation: 0, repeat: { u: 1, v: 1 }, offset: { u: 0, v: 0 }, center: { u: 0, v: 0 },
      color: '#ffffff', aoMapIntensity: 1, normalScale: 1, normalScaleY: false,
      emissive: '#000000', emissiveIntensity: 1, alphaTest: 0, opacity: 1,
      lightMapIntensity: 1, envMapIntensity: 1, roughness: 1, metalness: 0, ior: 1.5,
      specularIntensity: 1, specularColor: '#ffffff', shininess: 30,
      sizeAttenuation: true, fog: true, size: 1, path: MATERIAL_CATALOG,
    });
  });

  it('path is the 3D model materials catalog; files are .airm with a cut.jpg thumbnail', () => {
    expect(MATERIAL_CATALOG).toBe('3d/materials');
    expect(MATERIAL_FILE_EXT).toBe('.airm');
    expect(MATERIAL_THUMBNAIL).toBe('cut.jpg');
  });
});

describe('material values', () => {
  it.each(['alphaTest', 'opacity', 'roughness', 'metalness'])('%s 0..1', (f) =>
    expectRange(MaterialSchema, f, [0, 1], [-0.001, 1.001]));

  it('ior 1..2.333', () => expectRange(MaterialSchema, 'ior', [1, 2.333], [0.999, 2.334]));
  it.each(['aoMapIntensity', 'emissiveIntensity', 'lightMapIntensity', 'envMapIntensity', 'shininess', 'size'])('%s >= 0', (f) =>
    expectRange(MaterialSchema, f, [0, 3], [-0.001]));

  it('type is free text; unknown types build a physical material', () => {
    expect(MaterialSchema.parse({ type: 'toon' }).type).toBe('toon');
    expect(['phong', 'shader', 'points', 'toon', '', 'physical'].map(materialKind)).toEqual(['phong', 'shader', 'points', 'physical', 'physical', 'physical']);
  });

  it('keeps texture slots and other properties as given', () => {
    const m = MaterialSchema.parse({ map: 'textures/wood.JPG', transmission: 0.4, color: 'hsl(10, 50%, 50%)' });
    expect(m).toMatchObject({ map: 'textures/wood.JPG', transmission: 0.4, color: 'hsl(10, 50%, 50%)' });
  });

  it('refuses bad colours, sides and wrong types', () => {
    expect(issuesOf(MaterialSchema, { emissive: 'glow' })).toEqual([{ path: 'emissive', message: MSG.colour }]);
    expect(issuesOf(MaterialSchema, { side: 'Inside' }).map((i) => i.path)).toEqual(['side']);
    expect(issuesOf(MaterialSchema, { repeat: { u: '2' } }).map((i) => i.path)).toEqual(['repeat.u']);
    expect(issuesOf(MaterialSchema, 'steel').map((i) => i.path)).toEqual(['(root)']);
  });

  it('spec §5 image test', () => {
    for (const s of ['a.jpg', 'b.JPEG', 'c.png?x=1', 'd.gif', 'e.bmp', 'f.svg', 'g.WebP']) expect(isImageString(s), s).toBe(true);
    for (const s of ['#fff', 'red', 'a.tif', 'png', 'a.png.txt']) expect(isImageString(s), s).toBe(false);
  });
});

describe('newMaterial', () => {
  it('mints a distinct uuid unless one is given, and fills defaults', () => {
    const a = newMaterial();
    const b = newMaterial({ name: 'x' });
    expect(a.uuid).not.toBe('');
    expect(a.uuid).not.toBe(b.uuid);
    expect(b).toMatchObject({ name: 'x', roughness: 1 });
    expect(newMaterial({ uuid: 'keep' }).uuid).toBe('keep');
  });
});

describe('materialDisplayName (spec §3)', () => {
  it.each([
    ['Brick-physical', 'Brick'],
    ['red-brick-phong.airm', 'red-brick'],
    ['Marble.airm', 'Marble'],
    ['archive.tar.gz', 'archive.tar'],
    ['plain', 'plain'],
    ['.airm', '.airm'],
    ['', ''],
  ])('%j -> %j', (name, shown) => {
    expect(materialDisplayName(name)).toBe(shown);
  });
});
