import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { MTLLoader } from 'three/examples/jsm/loaders/MTLLoader.js';
import { PCDLoader } from 'three/examples/jsm/loaders/PCDLoader.js';
import type { Mesh, Points } from 'three';
import { MATERIAL_THUMBNAIL, MaterialSchema, materialDisplayName } from '../../shared/schema';
import { BUILT_IN_MATERIAL_CATALOG, BUILT_IN_MODEL_CATALOG, SEED_MARKER, seedMediaRoot } from '../../server/seed.mjs';
import { bytesAt, list, startTestServer, upload, type TestServer } from './helpers';
import { storeOf } from './store-under-test';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await s.close();
});

const fetchBytes = async (filePath: string) => (await bytesAt(s, filePath)).bytes;
const fetchText = async (filePath: string) => new TextDecoder().decode(await fetchBytes(filePath));
const arrayBufferOf = (b: Uint8Array) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

/** Width and height from a baseline JPEG's SOF0 segment; throws if the bytes are not a JPEG. */
function jpegSize(b: Uint8Array) {
  expect([b[0], b[1], b.at(-2), b.at(-1)]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
  for (let i = 2; i < b.length;) {
    const marker = b[i + 1]!;
    const len = (b[i + 2]! << 8) | b[i + 3]!;
    if (marker === 0xc0) return { height: (b[i + 5]! << 8) | b[i + 6]!, width: (b[i + 7]! << 8) | b[i + 8]! };
    i += 2 + len;
  }
  throw new Error('no SOF0 segment');
}

describe('built-in materials (first start)', () => {
  it('are folders in the built-in catalog, each with <folder>.airm and a cut.jpg thumbnail', async () => {
    const folders = await list(s, BUILT_IN_MATERIAL_CATALOG);
    expect(folders.length).toBeGreaterThanOrEqual(12);
    for (const f of folders) {
      expect(f.isDir).toBe(true);
      const inside = await list(s, f.path);
      // Besides the .airm and its thumbnail, only the textures the material names (relatively).
      const airm = JSON.parse(await fetchText(`${f.filePath}/${f.name}.airm`)) as { material: Record<string, unknown> };
      const textures = [...new Set(Object.values(airm.material).filter((v): v is string => typeof v === 'string' && v.endsWith('.png')))];
      expect(inside.map((e) => e.name).sort()).toEqual([`${f.name}.airm`, MATERIAL_THUMBNAIL, ...textures].sort());
      for (const name of textures) {
        const png = await fetchBytes(`${f.filePath}/${name}`);
        expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
        expect(png.length).toBeLessThan(16 * 1024);
      }
      const { width, height } = jpegSize(await fetchBytes(`${f.filePath}/${MATERIAL_THUMBNAIL}`));
      expect([width, height]).toEqual([128, 128]);
    }
  });

  it('each .airm holds {formatVersion: 1, material} that the shared Material schema accepts unchanged', async () => {
    const names: string[] = [];
    for (const f of await list(s, BUILT_IN_MATERIAL_CATALOG)) {
      const airm = JSON.parse(await fetchText(`${f.filePath}/${f.name}.airm`)) as { formatVersion: unknown; material: unknown };
      expect(airm.formatVersion).toBe(1);
      const parsed = MaterialSchema.parse(airm.material);
      expect(parsed).toEqual(airm.material);
      expect(parsed.uuid).toMatch(/^[0-9a-f-]{36}$/);
      expect(parsed.path).toBe(BUILT_IN_MATERIAL_CATALOG);
      expect(parsed.name).toBe(f.name);
      names.push(materialDisplayName(f.name));
    }
    expect(names).toEqual(
      expect.arrayContaining([
        'brushed-steel',
        'polished-chrome',
        'clear-glass',
        'red-plastic',
        'oak-wood',
        'concrete',
        'water',
        'heat-bands',
        'cyan-glow',
      ]),
    );
  });
});

describe('sample models', () => {
  it('cube.obj with cube.mtl: one mesh named Cube with the MTL colour', async () => {
    const creator = new MTLLoader().parse(await fetchText(`/media/${BUILT_IN_MODEL_CATALOG}/cube.mtl`), '');
    creator.preload();
    const group = new OBJLoader().setMaterials(creator).parse(await fetchText(`/media/${BUILT_IN_MODEL_CATALOG}/cube.obj`));
    const mesh = group.children[0] as Mesh;
    expect(mesh.name).toBe('Cube');
    expect(mesh.geometry.getAttribute('position').count).toBe(36);
    mesh.geometry.computeBoundingBox();
    expect(mesh.geometry.boundingBox!.max.toArray()).toEqual([50, 50, 50]);
    expect((mesh.material as { name: string }).name).toBe('CubeBlue');
  });

  it('box.gltf (embedded buffer) and turntable.glb (with a "spin" clip) load with GLTFLoader', async () => {
    // three's FileLoader (which reads the data: URI buffer) reports progress with the DOM's ProgressEvent.
    if (!('ProgressEvent' in globalThis)) {
      vi.stubGlobal(
        'ProgressEvent',
        class extends Event {
          constructor(type: string, init: { loaded?: number; total?: number; lengthComputable?: boolean } = {}) {
            super(type);
            Object.assign(this, { loaded: 0, total: 0, lengthComputable: false, ...init });
          }
        },
      );
    }
    const loader = new GLTFLoader();
    const box = await loader.parseAsync(await fetchText(`/media/${BUILT_IN_MODEL_CATALOG}/box.gltf`), '');
    const boxMesh = box.scene.getObjectByName('Box') as Mesh;
    expect(boxMesh.geometry.index!.count).toBe(36);

    const glb = await loader.parseAsync(arrayBufferOf(await fetchBytes(`/media/${BUILT_IN_MODEL_CATALOG}/turntable.glb`)), '');
    expect(glb.scene.getObjectByName('Base')).toBeTruthy();
    expect(glb.scene.getObjectByName('Top')?.parent?.name).toBe('Base');
    expect(glb.animations.map((a) => [a.name, a.duration])).toEqual([['spin', 4]]);
  });

  it('points.pcd loads with PCDLoader as 600 points', async () => {
    const points = new PCDLoader().parse(arrayBufferOf(await fetchBytes(`/media/${BUILT_IN_MODEL_CATALOG}/points.pcd`))) as Points;
    expect(points.geometry.getAttribute('position').count).toBe(600);
  });
});

describe('seeding', () => {
  it('runs once: user files and user edits to the catalog stay on later starts', async () => {
    const store = await storeOf(s.startOptions, 'media');
    expect(await seedMediaRoot(store)).toBe(false);
    await upload(s, BUILT_IN_MODEL_CATALOG, 'mine.obj', 'o mine\n');
    expect(await seedMediaRoot(store)).toBe(false);
    expect((await list(s, BUILT_IN_MODEL_CATALOG)).map((e) => e.name)).toContain('mine.obj');
  });

  it('a missing or unreadable marker seeds again, restoring built-ins and keeping other files', async () => {
    // Changed behind the service's back, in its own store.
    const store = await storeOf(s.startOptions, 'media');
    const cube = [...BUILT_IN_MODEL_CATALOG.split('/'), 'cube.obj'];
    const original = await store.readText(cube);
    const asText = { contentType: 'text/plain' };
    await store.put(cube, 'damaged', asText);
    await store.put([SEED_MARKER], 'not json', asText);
    expect(await seedMediaRoot(store)).toBe(true);
    expect(await store.readText(cube)).toBe(original);
    await store.remove([SEED_MARKER]);
    expect(await seedMediaRoot(store)).toBe(true);
    expect((await list(s, BUILT_IN_MODEL_CATALOG)).map((e) => e.name)).toContain('mine.obj');
  });

  it('seed: false leaves the root empty', async () => {
    const bare = await startTestServer({ seed: false });
    try {
      expect(await list(bare, '')).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
