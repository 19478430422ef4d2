import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { mountSpace, unmountAll, waitFor, type Mounted } from '../support/harness';
import type { EngineEvent } from '../../../shared/protocol';

/*
 * Issue 8 §1: a document can name any URL in a model file, and the render worker (and its parse
 * workers) must refuse every one outside the media library's origin (here: the test page's) with a
 * message naming it, and send NO request. A listener on another loopback port counts what arrives;
 * it answers everything with CORS, so a request that slipped through would be seen and would work.
 */

const scene = { sceneConfig: { background: '#000000', ground: { enable: false } }, environmentConfig: { enable: false } };
let port = 0;
beforeEach(async () => {
  port = await commands.startListener();
});
afterEach(async () => {
  unmountAll();
  await commands.stopListener(port);
});

/** A one-triangle glTF with its geometry embedded (data: is not a request) and the given images. */
function triangleGltf(opts: { bufferUri?: string; images?: string[] }): string {
  const data = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1]);
  const bytes = new Uint8Array(data.buffer);
  const embedded = 'data:application/octet-stream;base64,' + btoa(String.fromCharCode(...bytes));
  const images = opts.images ?? [];
  return JSON.stringify({
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0, TEXCOORD_0: 1 }, ...(images.length ? { material: 0 } : {}) }] }],
    ...(images.length
      ? {
          materials: [
            {
              pbrMetallicRoughness: { baseColorTexture: { index: 0 } },
              ...(images.length > 1 ? { emissiveTexture: { index: 1 } } : {}),
              ...(images.length > 2 ? { normalTexture: { index: 2 } } : {}),
            },
          ],
          textures: images.map((_, i) => ({ source: i })),
          images: images.map((uri) => ({ uri })),
        }
      : {}),
    buffers: [{ uri: opts.bufferUri ?? embedded, byteLength: bytes.byteLength }],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: 36 },
      { buffer: 0, byteOffset: 36, byteLength: 24 },
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] },
      { bufferView: 1, componentType: 5126, count: 3, type: 'VEC2' },
    ],
  });
}

type ModelOutcome = Extract<EngineEvent, { type: 'model-loaded' | 'model-error' }>;
const outcome = (m: Mounted, id: string) =>
  waitFor(
    () => m.events.find((e): e is ModelOutcome => (e.type === 'model-loaded' || e.type === 'model-error') && e.id === id),
    `model ${id} to finish`,
  );
const warnings = (m: Mounted, id: string) =>
  m.events.filter((e) => e.type === 'model-warning' && e.id === id).map((e) => (e as { message: string }).message);

describe('the render worker loads only from allowed origins', () => {
  it('a glTF whose buffer is on another origin is refused, naming the URI, and no request leaves', async () => {
    const bin = `http://127.0.0.1:${port}/x.bin`;
    const url = await commands.writeTempFile('scene.gltf', triangleGltf({ bufferUri: bin }));
    const m = await mountSpace(scene, { models: { a: { src: { filePath: url, fileList: [] } } } });
    const done = await outcome(m, 'a');
    expect(done.type).toBe('model-error');
    expect((done as { message: string }).message).toContain(`scene.gltf: ${bin} is refused: files load only from ${location.origin}`);
    expect(await commands.listenerRequests(port)).toEqual([]);
  });

  it('images named as //host/..., on another port or file:/// are refused one by one; the model shows without them', async () => {
    const images = [`//127.0.0.1:${port}/y.png`, 'file:///etc/passwd', `http://127.0.0.1:${port}/z`];
    const url = await commands.writeTempFile('pictures.gltf', triangleGltf({ images }));
    const m = await mountSpace(scene, { models: { b: { src: { filePath: url, fileList: [] } } } });
    const done = await outcome(m, 'b');
    expect(done.type).toBe('model-loaded');
    await m.handle.settled();
    const said = warnings(m, 'b').join('\n');
    for (const uri of images) expect(said).toContain(`${uri} is refused`);
    expect(await commands.listenerRequests(port)).toEqual([]);
  });

  it('a model file, a companion in the file list and a background image on another origin are refused without a request', async () => {
    const main = `http://127.0.0.1:${port}/robot.glb`;
    const gltf = await commands.writeTempFile('listed.gltf', triangleGltf({ bufferUri: 'listed.bin' }));
    const m = await mountSpace(
      {
        ...scene,
        sceneConfig: { ...scene.sceneConfig, backgroundImage: { imageType: 'panorama', panorama: `http://127.0.0.1:${port}/sky.jpg` } },
      },
      {
        models: {
          c: { src: { filePath: main, fileList: [] } },
          d: {
            src: {
              filePath: gltf,
              fileList: [
                { uid: '1', name: 'listed.gltf', url: gltf },
                { uid: '2', name: 'listed.bin', url: `http://127.0.0.1:${port}/listed.bin` },
              ],
            },
          },
        },
        waitReady: false,
      },
    );
    expect((await outcome(m, 'c')) as { message: string }).toMatchObject({
      type: 'model-error',
      message: expect.stringContaining(`${main} is refused`) as unknown,
    });
    expect((await outcome(m, 'd')) as { message: string }).toMatchObject({
      type: 'model-error',
      message: expect.stringContaining(`http://127.0.0.1:${port}/listed.bin is refused`) as unknown,
    });
    await waitFor(() => m.root.dataset.state !== 'loading', 'the space to start');
    await m.handle.settled();
    expect(await commands.listenerRequests(port)).toEqual([]);
  });

  it('the images the space draws itself (loading screen, snapshot bar) obey the same rule', async () => {
    const img = `http://127.0.0.1:${port}/logo.png`;
    const config = {
      ...scene,
      loadingConfig: { img },
      snapshotConfig: {
        showBar: true,
        snapshotList: [
          { name: 'front', img: `http://127.0.0.1:${port}/front.png`, position: { x: 0, y: 100, z: 500 }, target: { x: 0, y: 0, z: 0 } },
        ],
      },
    };
    const m = await mountSpace(config, { waitReady: false });
    expect(m.root.querySelector('.dash3d-loading img')).toBeNull();
    await waitFor(() => m.root.dataset.state === 'ready', 'the space to be ready');
    expect(m.root.querySelectorAll('img')).toHaveLength(0);
    expect(await commands.listenerRequests(port)).toEqual([]);
    // Allowed by the host: the same images are requested (so the check above could fail).
    const allowed = await mountSpace(config, { waitReady: false, allowedOrigins: [location.origin, `http://127.0.0.1:${port}`] });
    await waitFor(() => allowed.root.dataset.state === 'ready', 'the second space to be ready');
    await waitFor(async () => (await commands.listenerRequests(port)).length > 0, 'the allowed images to be requested');
  });

  it('the listener does see a request that is allowed (the test can tell)', async () => {
    const bin = `http://127.0.0.1:${port}/x.bin`;
    const url = await commands.writeTempFile('allowed.gltf', triangleGltf({ bufferUri: bin }));
    const m = await mountSpace(scene, {
      models: { e: { src: { filePath: url, fileList: [] } } },
      allowedOrigins: [location.origin, `http://127.0.0.1:${port}`],
    });
    await outcome(m, 'e');
    expect(await commands.listenerRequests(port)).toEqual(['GET /x.bin']);
  });
});
