import { afterEach, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { mountSpace, unmountAll, waitFor, type Mounted } from '../support/harness';
import { fixtureSource, fixtureUrl } from '../support/fixtures';
import type { EngineEvent } from '../../../shared/protocol';

/** A plain dark scene, lit, without environment or ground: a model is the only thing drawn. */
const scene = {
  sceneConfig: { background: '#000000', ground: { enable: false } },
  environmentConfig: { enable: false },
};

afterEach(unmountAll);

type Loaded = Extract<EngineEvent, { type: 'model-loaded' }>;
const loadedEvents = (m: Mounted, id: string) => m.events.filter((e): e is Loaded => e.type === 'model-loaded' && e.id === id);

async function memory(m: Mounted) {
  await m.handle.settled();
  return (await m.handle.stats()).memory;
}

describe('model lifecycle in the worker', () => {
  it('loading, unloading and reloading a textured model 10 times returns renderer memory to its baseline', async () => {
    const m = await mountSpace(scene, { models: {} });
    const baseline = await memory(m);
    const mug = { src: fixtureSource('gltf/coffeeMug.glb') };
    let loadedWith: { geometries: number; textures: number } | null = null;
    for (let i = 0; i < 10; i++) {
      const before = loadedEvents(m, 'mug').length;
      await m.update(scene, { models: { mug } });
      await waitFor(() => loadedEvents(m, 'mug').length > before, `load ${i + 1}`);
      if (i === 0) loadedWith = await memory(m);
      await m.update(scene, { models: {} });
    }
    // The model really took memory while shown, and all of it came back.
    expect(loadedWith!.geometries).toBeGreaterThan(baseline.geometries);
    expect(loadedWith!.textures).toBeGreaterThan(baseline.textures);
    expect(await memory(m)).toEqual(baseline);
    expect((await m.handle.stats()).models).toMatchObject({ total: 0, loaded: 0 });
  });

  it('the newest source wins: a source replaced mid-load never shows, and its memory is freed', async () => {
    const m = await mountSpace(scene, { models: {} });
    // Warm-up: the first physically based material makes the renderer create its shared DFG lookup
    // texture, which lives as long as the renderer (not a model's memory).
    await m.update(scene, { models: { a: { src: fixtureSource('gltf/Flamingo.glb') } } });
    await waitFor(() => loadedEvents(m, 'a').length, 'the warm-up model');
    await m.update(scene, { models: {} });
    const baseline = await memory(m);
    const warmUps = loadedEvents(m, 'a').length;
    // Flair's download is held by the test server (support/chunk-faults.ts) until the source
    // changed: the change always comes mid-load, however fast this machine downloads and parses.
    const key = 'lifecycle-flair';
    await commands.chunkFault(key, 'hang');
    try {
      const flair = `/__chunk-faults/${key}/Flair.fbx?to=${encodeURIComponent(fixtureUrl('fbx/Flair.fbx'))}`;
      const first = m.update(scene, {
        models: { a: { src: { filePath: flair, fileList: [{ uid: 'f0', name: 'Flair.fbx', url: flair }] } } },
      });
      await waitFor(async () => (await commands.chunkFaultHeld(key)) > 0, 'the Flair download to start');
      await m.update(scene, { models: { a: { src: fixtureSource('gltf/Flamingo.glb') } } });
      await first;
      await waitFor(() => loadedEvents(m, 'a').length > warmUps, 'the flamingo');
      // The replaced download is given up, not left holding a connection.
      await waitFor(async () => (await commands.chunkFaultHeld(key)) === 0, 'the Flair download to be aborted');
    } finally {
      await commands.chunkFault(key, 'missing'); // answers a request still held
    }
    await m.handle.settled();
    // Only the flamingo was ever shown after the change: one load event, for it.
    expect(loadedEvents(m, 'a').length).toBe(warmUps + 1);
    const last = loadedEvents(m, 'a').at(-1)!.info;
    // The flamingo's mesh, not Flair's 147,336 vertices.
    expect(last.vertices).toBeLessThan(10_000);
    const stats = await m.handle.stats();
    expect(stats.models).toMatchObject({ total: 1, loaded: 1 });
    await m.update(scene, { models: {} });
    expect(await memory(m)).toEqual(baseline);
  });

  it('reports download then parse progress, and runs the space hook onModelLoaded with THREE and the model', async () => {
    const script = `
function onModelLoaded(THREE, api, model) {
  api.log('loaded', typeof THREE.Mesh, model.isObject3D === true);
}`;
    const m = await mountSpace({ ...scene, script }, { models: { f: { src: fixtureSource('gltf/Flamingo.glb') } } });
    await waitFor(() => loadedEvents(m, 'f').length, 'the model');
    const progress = m.events.filter((e) => e.type === 'model-progress' && e.id === 'f') as Extract<
      EngineEvent,
      { type: 'model-progress' }
    >[];
    const download = progress.filter((p) => p.phase === 'download');
    expect(download.length).toBeGreaterThan(0);
    expect(download.at(-1)!.loaded).toBe(77428); // the file's size in bytes
    expect(progress.findIndex((p) => p.phase === 'parse')).toBeGreaterThan(progress.findIndex((p) => p.phase === 'download'));
    await waitFor(() => m.events.some((e) => e.type === 'log' && e.message.includes('loaded')), 'the hook');
    const log = m.events.find((e) => e.type === 'log' && e.message.includes('loaded')) as Extract<EngineEvent, { type: 'log' }>;
    expect(log.message).toContain('function');
    expect(log.message).toContain('true');
  });
});
