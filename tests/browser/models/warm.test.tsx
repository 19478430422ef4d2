/**
 * Cold start (issue 20 point 3): a space starts its model parser as soon as it has drawn, so the
 * first model it is asked for does not wait for a worker to boot and load its parsers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mountSpace, unmountAll, waitFor } from '../support/harness';
import { sphereScene } from '../support/scenes';
import { fixtureSource } from '../support/fixtures';

afterEach(unmountAll);

describe('the model parser, started with the space', () => {
  it('is ready, with its parsers, before any model is asked for; the first model is parsed there', async () => {
    const m = await mountSpace(sphereScene);
    expect((await m.handle.stats()).models.total).toBe(0);
    await waitFor(async () => (await m.handle.stats()).models.parserWarmed, 'a parse worker with its parsers', 30_000);
    await m.update(sphereScene, { models: { tree: { src: fixtureSource('obj/tree.obj'), adaptive: true } } });
    await waitFor(() => m.events.find((e) => e.type === 'model-loaded' && e.id === 'tree'), 'the model');
    const loaded = m.events.find((e) => e.type === 'model-loaded' && e.id === 'tree');
    expect(loaded?.type === 'model-loaded' && loaded.info.parsedOffThread).toBe(true);
    // It stays standing by for the next model.
    expect((await m.handle.stats()).models.parserWarmed).toBe(true);
  });

  it('the main-thread engine parses in place: it starts no parser', async () => {
    const m = await mountSpace(sphereScene, { forceMainThread: true });
    expect(m.handle.mode).toBe('main');
    await new Promise((r) => setTimeout(r, 1500));
    expect((await m.handle.stats()).models.parserWarmed).toBe(false);
  });
});
