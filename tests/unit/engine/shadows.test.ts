import { describe, expect, it } from 'vitest';
import {
  BoxGeometry,
  DirectionalLight,
  Mesh,
  MeshStandardMaterial,
  PCFShadowMap,
  PerspectiveCamera,
  Scene,
  SkinnedMesh,
  SpotLight,
  Texture,
  LOD,
  Float32BufferAttribute,
  MeshDepthMaterial,
  WebGLRenderTarget,
  type WebGLRenderer,
} from 'three';
import { ShadowCache } from '../../../worker/engine/shadows';

/** The part of a renderer the cache touches; three's real shadow pass is in tests/browser/shadows.test.tsx. */
function fakeRenderer() {
  return { shadowMap: { enabled: true, autoUpdate: true, needsUpdate: false, type: PCFShadowMap } };
}

function setup() {
  const renderer = fakeRenderer();
  const cache = new ShadowCache(renderer as unknown as WebGLRenderer);
  const scene = new Scene();
  const camera = new PerspectiveCamera();
  const light = new DirectionalLight();
  light.castShadow = true;
  scene.add(light, light.target);
  const box = new Mesh(new BoxGeometry(), new MeshStandardMaterial());
  box.castShadow = true;
  scene.add(box);
  /** One frame: true when it asked three for the shadow pass (which draws a map and clears the flag). */
  const frame = () => {
    const restore = cache.prepare(scene, camera);
    const drawn = renderer.shadowMap.needsUpdate;
    if (drawn && !light.shadow.map) light.shadow.map = new WebGLRenderTarget(1, 1);
    renderer.shadowMap.needsUpdate = false;
    restore();
    return drawn;
  };
  return { renderer, cache, scene, camera, light, box, frame };
}

describe('ShadowCache', () => {
  it('takes shadows off three auto-update, draws the first frame and no still one after it', () => {
    const { renderer, frame, cache } = setup();
    expect(renderer.shadowMap.autoUpdate).toBe(false);
    expect(frame()).toBe(true);
    expect(frame()).toBe(false);
    expect(frame()).toBe(false);
    expect(cache.draws).toBe(1);
  });

  it('a moving view camera needs no redraw; a moving light, target or caster does', () => {
    const { frame, camera, light, box } = setup();
    frame();
    camera.position.set(5, 5, 5);
    camera.lookAt(0, 0, 0);
    expect(frame()).toBe(false);
    light.position.x += 1;
    expect(frame()).toBe(true);
    expect(frame()).toBe(false);
    light.target.position.z = 3;
    expect(frame()).toBe(true);
    box.rotation.y = 0.5;
    expect(frame()).toBe(true);
    // A parent's move is a move of the caster.
    const group = box.parent!;
    group.position.y = 2;
    expect(frame()).toBe(true);
    expect(frame()).toBe(false);
  });

  it('what the depth pass draws: geometry uploads, materials, visibility, casters coming and going', () => {
    const { frame, box, scene, light } = setup();
    frame();
    const changes: [string, () => void][] = [
      ['position attribute updated', () => (box.geometry.attributes.position!.needsUpdate = true)],
      ['draw range', () => box.geometry.setDrawRange(0, 6)],
      ['material recompiled', () => (box.material.needsUpdate = true)],
      ['alphaTest', () => (box.material.alphaTest = 0.5)],
      ['side', () => (box.material.side = 2)],
      ['hidden', () => (box.visible = false)],
      ['shown', () => (box.visible = true)],
      ['stops casting', () => (box.castShadow = false)],
      ['casts again', () => (box.castShadow = true)],
      ['another caster', () => scene.add(Object.assign(new Mesh(new BoxGeometry()), { castShadow: true }))],
      ['map size', () => light.shadow.mapSize.set(1024, 1024)],
      ['shadow camera', () => (light.shadow.camera.far = 100)],
      ['map disposed', () => (light.shadow.map = null)],
    ];
    for (const [what, change] of changes) {
      change();
      expect(frame(), what).toBe(true);
      expect(frame(), `${what}, the frame after`).toBe(false);
    }
  });

  it('a receiver that does not cast, or a light that does not, changes nothing', () => {
    const { frame, scene } = setup();
    frame();
    const ground = new Mesh(new BoxGeometry(), new MeshStandardMaterial());
    ground.receiveShadow = true;
    scene.add(ground);
    expect(frame()).toBe(false);
    ground.position.x = 4;
    expect(frame()).toBe(false);
    const other = new DirectionalLight();
    scene.add(other);
    other.position.x = 9;
    expect(frame()).toBe(false);
  });

  it('skinned casters are drawn every frame (their bones move outside the object)', () => {
    const { frame, scene } = setup();
    const skinned = new SkinnedMesh(new BoxGeometry(), new MeshStandardMaterial());
    skinned.castShadow = true;
    scene.add(skinned);
    frame();
    expect(frame()).toBe(true);
    expect(frame()).toBe(true);
  });

  it('shadows switched off then on are drawn again; invalidate() forces a draw', () => {
    const { frame, renderer, cache } = setup();
    frame();
    renderer.shadowMap.enabled = false;
    expect(frame()).toBe(false);
    renderer.shadowMap.enabled = true;
    expect(frame()).toBe(true);
    expect(frame()).toBe(false);
    cache.invalidate();
    expect(frame()).toBe(true);
  });

  it('keeps three from composing the matrices twice in the frame, and puts the switch back', () => {
    const { frame, scene, cache, camera } = setup();
    frame();
    const restore = cache.prepare(scene, camera);
    expect(scene.matrixWorldAutoUpdate).toBe(false);
    restore();
    expect(scene.matrixWorldAutoUpdate).toBe(true);
  });

  it('a replaced position or index buffer, a changed group, a texture transform under alphaTest redraw', () => {
    const { frame, box } = setup();
    frame();
    const g = box.geometry;
    g.setAttribute('position', new Float32BufferAttribute(Array.from(g.attributes.position!.array), 3));
    expect(frame(), 'position replaced at the same version').toBe(true);
    g.setIndex(Array.from(g.index!.array));
    expect(frame(), 'index replaced').toBe(true);
    g.groups[1]!.materialIndex = 3;
    expect(frame(), 'group material').toBe(true);
    const map = new Texture();
    box.material.map = map;
    box.material.alphaTest = 0.5;
    expect(frame(), 'alpha-tested map').toBe(true);
    map.offset.x = 0.25;
    expect(frame(), 'map scrolled').toBe(true);
    expect(frame()).toBe(false);
  });

  it('a map the depth pass ignores (no alphaTest) can change every frame without a redraw', () => {
    const { frame, box } = setup();
    const video = new Texture();
    box.material.map = video;
    frame();
    video.needsUpdate = true;
    expect(frame()).toBe(false);
  });

  it('LODs, custom depth materials, own onBeforeShadow and a light asking for it draw every frame', () => {
    const cases: [string, (t: ReturnType<typeof setup>) => void][] = [
      ['LOD', (t) => t.scene.add(new LOD())],
      ['custom depth material', (t) => (t.box.customDepthMaterial = new MeshDepthMaterial())],
      ['own onBeforeShadow', (t) => (t.box.onBeforeShadow = () => undefined)],
      ['shadow.needsUpdate', (t) => ((t.light.shadow.autoUpdate = false), (t.light.shadow.needsUpdate = true))],
    ];
    for (const [what, make] of cases) {
      const t = setup();
      make(t);
      t.frame();
      expect(t.frame(), what).toBe(true);
      expect(t.frame(), what).toBe(true);
    }
  });

  it("a light the view camera's layers hide is not drawn by three and asks for nothing; shown again, it draws", () => {
    const { frame, light, box } = setup();
    frame();
    light.layers.set(2);
    expect(frame()).toBe(true);
    light.shadow.map = null; // as if never drawn
    box.position.x = 3;
    expect(frame()).toBe(true);
    expect(frame()).toBe(false);
    light.layers.set(0);
    expect(frame()).toBe(true);
  });

  it("a spot shadow's aspect and its camera's up are read", () => {
    const { frame, scene } = setup();
    const spot = new SpotLight();
    spot.castShadow = true;
    spot.shadow.map = new WebGLRenderTarget(1, 1);
    scene.add(spot, spot.target);
    frame();
    expect(frame()).toBe(false);
    spot.shadow.aspect = 2;
    expect(frame()).toBe(true);
    spot.shadow.camera.up.set(1, 0, 0);
    expect(frame()).toBe(true);
  });

  it('a scene whose script keeps its matrices itself is read as it is, not recomposed', () => {
    const { frame, scene, box } = setup();
    frame();
    scene.matrixWorldAutoUpdate = false;
    box.matrixWorld.makeTranslation(10, 0, 0);
    expect(frame()).toBe(true);
    expect(box.matrixWorld.elements[12]).toBe(10);
    expect(scene.matrixWorldAutoUpdate).toBe(false);
  });

  it('a walk that throws half way draws the maps until a walk ends', () => {
    const { frame, box, scene } = setup();
    frame();
    const bad = new Mesh(new BoxGeometry(), new MeshStandardMaterial());
    bad.castShadow = true;
    Object.defineProperty(bad, 'layers', {
      get() {
        throw new Error('a broken object');
      },
      configurable: true,
    });
    scene.add(bad);
    box.position.y = 7;
    // The frame goes on (three's render meets the object and reports it) and draws the maps.
    expect(frame()).toBe(true);
    expect(frame()).toBe(true);
    scene.remove(bad);
    expect(frame(), 'the first whole walk').toBe(true);
    expect(frame()).toBe(false);
  });

  it('counts a draw only when three drew (cleared the flag)', () => {
    const { renderer, cache, scene, camera } = setup();
    const restore = cache.prepare(scene, camera);
    expect(renderer.shadowMap.needsUpdate).toBe(true);
    restore(); // three did not draw (no lights it could use): the flag is still set
    expect(cache.draws).toBe(0);
  });
});
