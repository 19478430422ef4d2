import { expect, it, vi } from 'vitest';
import { commands } from 'vitest/browser';
import { mountSpace, waitFor } from '../support/harness';
import { sphereScene } from '../support/scenes';
import { fixtureSource } from '../support/fixtures';
import { chunkTimeout, failed, newFault, retryWithKeyboard, useChunkTests } from '../support/chunks';

// The package's decoder files where the dev server serves them (worker/engine/assets.ts).
const dracoWasmUrl = '/worker/assets/files/draco/draco_decoder.wasm';
const basisJsUrl = '/worker/assets/files/basis/basis_transcoder.js.txt';
const basisWasmUrl = '/worker/assets/files/basis/basis_transcoder.wasm';

/*
 * Spec §8 for the parts a model load needs (the parse worker, a format's loader, the Draco
 * decoder, the KTX2 transcoder): the model fails with the chunk's message, not as a damaged file; the space reports it
 * with a Retry. The bad responses are real (tests/browser/support/chunk-faults.ts).
 */

useChunkTests();

for (const type of ['missing', 'timeout'] as const) {
  it(`the parse worker's script ${type === 'missing' ? 'answering 404' : 'never answering'} fails the model with the chunk's message, and Retry loads it`, async () => {
    const errors = vi.spyOn(console, 'error');
    const f = await newFault('parse-worker', type === 'missing' ? 'missing' : 'hang');
    // The parse worker is the render worker's own script: once repaired, the fault redirects there.
    let renderScript = '';
    const time = chunkTimeout('parse-worker');
    const chunks = {
      get timeoutsMs() {
        return time.timeoutsMs;
      },
      renderWorkerUrl: (built: string) => (renderScript = built),
      get parseWorkerUrl() {
        return renderScript ? f.url(renderScript) : undefined;
      },
    };
    const models = { duck: { src: fixtureSource('gltf/Flamingo.glb'), adaptive: true } };
    const m = await mountSpace(sphereScene, { waitReady: false, chunks, models });
    const panel = await failed(m);
    const asked = f.url(renderScript);
    const text = `Loading chunk parse-worker failed (${type}: ${asked})`;
    expect(panel.textContent).toContain(text);
    expect(m.root.getAttribute('aria-busy')).toBe('false');
    expect(errors.mock.calls.some((c) => String(c[0]).includes(text))).toBe(true);
    // The model itself reports why it is empty.
    expect(m.events.some((e) => e.type === 'model-error' && e.id === 'duck' && e.message === text)).toBe(true);

    await commands.chunkFault(f.key, 'ok');
    time.repaired();
    await retryWithKeyboard(m);
    await waitFor(() => m.events.find((e) => e.type === 'model-loaded' && e.id === 'duck'), 'the model to load after Retry');
    const loaded = m.events.find((e) => e.type === 'model-loaded' && e.id === 'duck');
    expect(loaded?.type === 'model-loaded' && loaded.info.parsedOffThread).toBe(true);
  });
}

for (const type of ['missing', 'timeout'] as const) {
  it(`a format's loader chunk ${type === 'missing' ? 'answering 404' : 'never answering'} (asked for by the parse worker) fails the model with its message, and Retry loads it`, async () => {
    const f = await newFault('loader-obj', type === 'missing' ? 'missing' : 'hang');
    const loader = f.url('/worker/models/load/formats/obj.ts');
    const time = chunkTimeout('loader-obj');
    const models = { tree: { src: fixtureSource('obj/tree.obj'), adaptive: true } };
    const m = await mountSpace(sphereScene, {
      waitReady: false,
      models,
      chunks: {
        get timeoutsMs() {
          return time.timeoutsMs;
        },
        moduleUrls: { 'loader-obj': loader },
      },
    });
    const panel = await failed(m);
    const text = `Loading chunk loader-obj failed (${type}: ${loader})`;
    expect(panel.textContent).toContain(text);
    expect(m.events.some((e) => e.type === 'model-error' && e.id === 'tree' && e.message === text)).toBe(true);

    await commands.chunkFault(f.key, 'ok');
    time.repaired();
    await retryWithKeyboard(m);
    await waitFor(() => m.events.find((e) => e.type === 'model-loaded' && e.id === 'tree'), 'the model to load after Retry');
  });
}

for (const type of ['missing', 'timeout'] as const) {
  it(`the Draco decoder ${type === 'missing' ? 'answering 404' : 'never answering'} fails the compressed model with the chunk's message (not as a damaged file), and Retry loads it`, async () => {
    const f = await newFault('decoder-draco-wasm', type === 'missing' ? 'missing' : 'hang');
    const wasm = f.url(dracoWasmUrl);
    const time = chunkTimeout('decoder-draco-wasm');
    const models = { gears: { src: fixtureSource('gltf/gears.glb'), adaptive: true } };
    const m = await mountSpace(sphereScene, {
      waitReady: false,
      models,
      chunks: {
        get timeoutsMs() {
          return time.timeoutsMs;
        },
        moduleUrls: { 'decoder-draco-wasm': wasm },
      },
    });
    const panel = await failed(m);
    const text = `Loading chunk decoder-draco-wasm failed (${type}: ${wasm})`;
    expect(panel.textContent).toContain(text);
    expect(m.events.some((e) => e.type === 'model-error' && e.id === 'gears' && e.message === text)).toBe(true);

    await commands.chunkFault(f.key, 'ok');
    time.repaired();
    await retryWithKeyboard(m);
    await waitFor(() => m.events.find((e) => e.type === 'model-loaded' && e.id === 'gears'), 'the model to load after Retry');
  });
}

// A missing wrapper and a late binary: each names its own file, though init() fetches both at once.
// On the main thread too, where the decoders' module (and a failed transcoder it kept) outlives the Retry.
for (const forceMainThread of [false, true]) {
  for (const [type, id, built] of [
    ['missing', 'decoder-basis-js', basisJsUrl],
    ['timeout', 'decoder-basis-wasm', basisWasmUrl],
  ] as const) {
    const what = `${id === 'decoder-basis-js' ? 'script' : 'wasm'} ${type === 'missing' ? 'answering 404' : 'never answering'}`;
    it(`the KTX2 transcoder's ${what} fails the model with the chunk's message (not an untextured model), and Retry loads it textured${forceMainThread ? ' (main-thread engine)' : ''}`, async () => {
      const errors = vi.spyOn(console, 'error');
      const f = await newFault(id, type === 'missing' ? 'missing' : 'hang');
      const url = f.url(built);
      const time = chunkTimeout(id);
      // facecap.glb: its texture is KHR_texture_basisu (KTX2, transcoded by basis_transcoder).
      const models = { face: { src: fixtureSource('gltf/facecap.glb'), adaptive: true } };
      const m = await mountSpace(sphereScene, {
        waitReady: false,
        forceMainThread,
        models,
        chunks: {
          get timeoutsMs() {
            return time.timeoutsMs;
          },
          moduleUrls: { [id]: url },
        },
      });
      const panel = await failed(m);
      const text = `Loading chunk ${id} failed (${type}: ${url})`;
      expect(panel.textContent).toContain(text);
      expect(m.root.getAttribute('aria-busy')).toBe('false');
      expect(errors.mock.calls.some((c) => String(c[0]).includes(text))).toBe(true);
      expect(m.events.some((e) => e.type === 'model-error' && e.id === 'face' && e.message === text)).toBe(true);
      expect(m.events.some((e) => e.type === 'model-loaded' && e.id === 'face')).toBe(false);
      const asked = (await commands.chunkFaultRequests(f.key)).length;
      // The late request is given up, not left open for the Retry's fetch of the same URL to join.
      if (type === 'timeout')
        await waitFor(async () => (await commands.chunkFaultHeld(f.key)) === 0, 'the late request to be cancelled', 10_000);

      await commands.chunkFault(f.key, 'ok');
      time.repaired();
      const baseline = (await m.handle.stats()).memory.textures;
      await retryWithKeyboard(m);
      await waitFor(() => m.events.find((e) => e.type === 'model-loaded' && e.id === 'face'), 'the model to load after Retry');
      // The transcoder was fetched again (not the failed promise kept), and the texture transcoded.
      expect((await commands.chunkFaultRequests(f.key)).length).toBeGreaterThan(asked);
      await waitFor(async () => (await m.handle.stats()).memory.textures > baseline, 'the KTX2 texture on the GPU');
      // Nor was it ever shown without its texture.
      expect(m.events.filter((e) => e.type === 'model-warning' && e.id === 'face')).toEqual([]);
    });
  }
}
