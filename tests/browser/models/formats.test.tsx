import { afterEach, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { colourDistance, hexToRgb, meanColour, mountSpace, unmountAll, waitFor, type Mounted, type RGBA } from '../support/harness';
import { fixtureSource } from '../support/fixtures';
import type { EngineEvent, ModelInfo, PixelReadout } from '../../../shared/protocol';
import { quadFbx, quadGltf, redOverBlue } from './format-files';

/**
 * Every fixture loads in the worker and draws. The camera is framed on each model from its
 * bounding box, measured by the space's own onModelLoaded hook, so the test does not depend on
 * `adaptive` (it is off) nor on hand-written camera positions.
 */

afterEach(unmountAll);

const BACKGROUND = '#204060';
const BG: RGBA = [...hexToRgb(BACKGROUND), 255];

const BOUNDS_SCRIPT = `
function onModelLoaded(THREE, api, model) {
  model.updateWorldMatrix(true, true);
  const box = new THREE.Box3().setFromObject(model, true); // the pose shown, not morph extremes
  api.log('bounds ' + JSON.stringify([box.min.toArray(), box.max.toArray()]));
}`;

type Vec = { x: number; y: number; z: number };
const scene = (camera?: { cameraPositon: Vec; cameraLookAt: Vec; near: number; far: number }) => ({
  sceneConfig: { background: BACKGROUND, ground: { enable: false } },
  environmentConfig: { enable: false },
  lightConfig: {
    ambientLight: [{ color: '#ffffff', intensity: 1.5 }],
    directionalLight: [{ color: '#ffffff', intensity: 2, castShadow: false, position: { x: 1, y: 2, z: 3 } }],
  },
  ...(camera ? { cameraConfig: { fov: 45, ...camera } } : {}),
  script: BOUNDS_SCRIPT,
});

/** A camera in front of, above and beside the box (no thin model seen edge-on), the whole box in view. */
const OBLIQUE = [0.6, 0.7, 1];
function framing([min, max]: [number[], number[]], view = OBLIQUE) {
  const c = min.map((v, i) => (v + max[i]!) / 2);
  const r = Math.max(1e-6, Math.hypot(...max.map((v, i) => v - min[i]!)) / 2);
  const dist = (r / Math.sin((45 / 2) * (Math.PI / 180))) * 1.1;
  const dir = view.map((v, _, a) => v / Math.hypot(...a));
  return {
    cameraPositon: { x: c[0]! + dir[0]! * dist, y: c[1]! + dir[1]! * dist, z: c[2]! + dir[2]! * dist },
    cameraLookAt: { x: c[0]!, y: c[1]!, z: c[2]! },
    near: Math.max(dist - r * 1.5, dist / 1000),
    far: dist + r * 2,
  };
}

/** Share of pixels that are not the background. */
function drawnShare(p: PixelReadout): number {
  let drawn = 0;
  for (let i = 0; i < p.data.length; i += 4) {
    if (colourDistance([p.data[i]!, p.data[i + 1]!, p.data[i + 2]!, 255], BG) > 24) drawn++;
  }
  return drawn / (p.data.length / 4);
}

type Loaded = Extract<EngineEvent, { type: 'model-loaded' }>;
type Warning = Extract<EngineEvent, { type: 'model-warning' }>;

interface Shown {
  info: ModelInfo;
  warnings: string[];
  pixels: PixelReadout;
  share: number;
}

/** Give the space's one model a new source, wait for it, frame it, read the picture. */
async function show(m: Mounted, src: ReturnType<typeof fixtureSource>, view = OBLIQUE): Promise<Shown> {
  const from = m.events.length;
  const models = { m1: { src, adaptive: false } };
  await m.update(scene(), { models });
  const since = () => m.events.slice(from);
  const done = await waitFor(
    () => since().find((e) => (e.type === 'model-loaded' || e.type === 'model-error') && e.id === 'm1'),
    `${src.fileList[0]!.name} to load`,
    60_000,
  );
  if (done.type === 'model-error') throw new Error(`model-error: ${done.message}`);
  // Parsed in a parse worker: the render worker's frame loop never waited on it (§8).
  expect.soft((done as Loaded).info.parsedOffThread, `${src.fileList[0]!.name} parsed off the render thread`).toBe(true);
  const log = await waitFor(() => since().find((e) => e.type === 'log' && e.message.startsWith('bounds ')), 'its bounds');
  const box = JSON.parse((log as Extract<EngineEvent, { type: 'log' }>).message.slice('bounds '.length)) as [number[], number[]];
  await m.update(scene(framing(box, view)), { models });
  const pixels = await m.pixels();
  const warnings = since()
    .filter((e): e is Warning => e.type === 'model-warning' && e.id === 'm1')
    .map((e) => e.message);
  return { info: (done as Loaded).info, warnings, pixels, share: drawnShare(pixels) };
}

const space = () => mountSpace(scene(), { width: 240, height: 160, models: {} });

describe('every fixture format loads in the worker and draws', () => {
  it('glb and gltf: plain, Draco, meshopt + KTX2, unlit, clearcoat, skinned; each draws', async () => {
    const m = await space();
    const baseline = (await m.handle.stats()).memory.textures;
    const cases: [string, number][] = [
      ['gltf/Flamingo.glb', 1],
      ['gltf/gears.glb', 0], // KHR_draco_mesh_compression: the decoder comes from our build
      ['gltf/facecap.glb', 4], // EXT_meshopt_compression + KHR_texture_basisu
      ['gltf/coffeeMug.glb', 0],
      ['gltf/ClearcoatTest.glb', 0],
      ['gltf/RobotExpressive.glb', 14],
    ];
    for (const [file, clips] of cases) {
      const r = await show(m, fixtureSource(file));
      expect.soft(r.share, `${file} draws`).toBeGreaterThan(0.02);
      expect.soft(r.warnings, `${file} loads without problems`).toEqual([]);
      expect.soft(r.info.animations.length, `${file} clips`).toBe(clips);
      if (file === 'gltf/facecap.glb') {
        // Its texture is KTX2: transcoded and on the GPU (a failed transcode leaves the map empty).
        expect.soft((await m.handle.stats()).memory.textures, 'facecap texture').toBeGreaterThan(baseline);
      }
    }
  }, 240_000);

  it('multi-file glTF from a file list: DamagedHelmet with .bin and 5 JPEG textures; without the JPEGs it still draws and says which are missing', async () => {
    const m = await space();
    const dir = 'gltf/DamagedHelmet/';
    const jpgs = ['Default_AO.jpg', 'Default_albedo.jpg', 'Default_emissive.jpg', 'Default_metalRoughness.jpg', 'Default_normal.jpg'];
    const full = await show(m, fixtureSource(dir + 'DamagedHelmet.gltf', dir + 'DamagedHelmet.bin', ...jpgs.map((j) => dir + j)));
    expect(full.share).toBeGreaterThan(0.05);
    expect(full.warnings).toEqual([]);

    const bare = await show(m, fixtureSource(dir + 'DamagedHelmet.gltf', dir + 'DamagedHelmet.bin'));
    expect(bare.share).toBeGreaterThan(0.05);
    for (const j of jpgs) expect(bare.warnings.some((w) => w.includes('DamagedHelmet.gltf') && w.includes(j))).toBe(true);
    // The textures made the difference: the same view without them looks different.
    let differ = 0;
    for (let i = 0; i < full.pixels.data.length; i += 4) {
      const a = full.pixels.data,
        b = bare.pixels.data;
      if (Math.max(Math.abs(a[i]! - b[i]!), Math.abs(a[i + 1]! - b[i + 1]!), Math.abs(a[i + 2]! - b[i + 2]!)) > 24) differ++;
    }
    expect(differ / (full.pixels.data.length / 4)).toBeGreaterThan(0.02);
  }, 120_000);

  it('obj: with its mtl but missing textures (warnings name them, the model still draws), with mtl, without', async () => {
    const m = await space();
    const male = await show(m, fixtureSource('obj/male02.obj', 'obj/male02.mtl'));
    expect(male.share).toBeGreaterThan(0.02);
    for (const tex of ['01_-_Default1noCulling.JPG', 'male-02-1noCulling.JPG', 'orig_02_-_Defaul1noCulling.JPG']) {
      expect(male.warnings.filter((w) => w.includes('male02.mtl') && w.includes(tex))).toHaveLength(1);
    }
    expect(male.info.materials.length).toBeGreaterThan(1); // the mtl's materials, not OBJLoader's default

    const walt = await show(m, fixtureSource('obj/WaltHead.obj', 'obj/WaltHead.mtl'));
    expect(walt.share).toBeGreaterThan(0.02);
    expect(walt.warnings).toEqual([]);
    expect(walt.info.materials).toContain('lambert2SG.001');

    const tree = await show(m, fixtureSource('obj/tree.obj'));
    expect(tree.share).toBeGreaterThan(0.02);
    expect(tree.info.vertices).toBe(760 * 3); // 760 triangles, unindexed
  }, 120_000);

  it('fbx: skinned with a long clip, morph targets, NURBS curve', async () => {
    const m = await space();
    for (const file of ['fbx/Flair.fbx', 'fbx/morph_test.fbx', 'fbx/nurbs.fbx']) {
      const r = await show(m, fixtureSource(file));
      expect.soft(r.share, `${file} draws`).toBeGreaterThan(0.005);
      expect.soft(r.warnings, `${file} loads without problems`).toEqual([]);
    }
  }, 120_000);

  it('pcd: ascii, binary, binary_compressed with rgb, rgba and intensity; NaN points of the organized cloud are left out', async () => {
    const m = await space();
    const cases: [string, number][] = [
      ['pcd/simple.pcd', 213],
      ['pcd/bunny.pcd', 397],
      ['pcd/colored_cloud.pcd', 1000],
      ['pcd/pcl_logo.pcd', 12909],
      ['pcd/milk_color.pcd', 13704],
      ['pcd/cturtle.pcd', 167198],
      // 640x480 grid minus its 97 920 NaN points (counted by three's PCDLoader in tests/unit/models/load/pcd.test.ts).
      ['pcd/table_scene_mug_stereo_textured.pcd', 640 * 480 - 97920],
    ];
    for (const [file, points] of cases) {
      const r = await show(m, fixtureSource(file));
      expect.soft(r.info.kind, file).toBe('points');
      expect.soft(r.info.vertices, `${file} points`).toBe(points);
      expect.soft(r.share, `${file} draws`).toBeGreaterThan(0.005);
    }
  }, 180_000);

  it('textures are the right way up: obj + mtl and fbx (flipped while decoding), glTF (not flipped)', async () => {
    // A square picture, red above blue, on a square facing the camera: red must be on top.
    const png = redOverBlue();
    const pic = { uid: 'p', name: 'pic.png', url: await commands.writeTempFile('pic.png', png, true) };
    const file = async (name: string, text: string) => ({ uid: name, name, url: await commands.writeTempFile(name, text) });
    const obj = await file(
      'quad.obj',
      'mtllib quad.mtl\nv -1 -1 0\nv 1 -1 0\nv 1 1 0\nv -1 1 0\nvt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\nusemtl pic\nf 1/1 2/2 3/3 4/4\n',
    );
    const mtl = await file('quad.mtl', 'newmtl pic\nKd 1 1 1\nmap_Kd pic.png\n');
    const gltf = await file('quad.gltf', quadGltf());
    // Also holds a camera: FBXLoader sizes it from window.innerWidth, which a worker lacks.
    const fbx = await file('quad.fbx', quadFbx());
    const m = await space();
    for (const files of [
      [obj, mtl, pic],
      [gltf, pic],
      [fbx, pic],
    ]) {
      const r = await show(m, { filePath: files[0]!.url, fileList: files }, [0, 0, 1]);
      expect(r.warnings).toEqual([]);
      const top = meanColour(r.pixels, 0.45, 0.3, 0.55, 0.4);
      const bottom = meanColour(r.pixels, 0.45, 0.6, 0.55, 0.7);
      expect.soft(top[0], `${files[0]!.name}: red above`).toBeGreaterThan(top[2] + 60);
      expect.soft(bottom[2], `${files[0]!.name}: blue below`).toBeGreaterThan(bottom[0] + 60);
    }
  });
});
