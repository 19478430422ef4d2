import { afterEach, describe, expect, it, vi } from 'vitest';
import { commands } from 'vitest/browser';
import { colourDistance, mountSpace, unmountAll, waitFor, type Mounted } from '../support/harness';
import { fixtureSource } from '../support/fixtures';
import type { EngineEvent, PixelReadout } from '../../../shared/protocol';
import { useDevWorker } from '../support/test-worker-url';
import { STALL_MS, STALL_SCENE as scene } from '../support/parse-stalls/scene';

/*
 * Issue 30: in Firefox ESR 153 on a loaded machine a parse worker's `new Worker()` (its Draco or
 * KTX2 decoder) now and then never returns, and the model waited for ever without a word. A parse
 * worker that goes silent where it should answer at once is now given up on, another is tried, and
 * then the model is parsed on the render thread, said in the console. Both ways of going silent
 * are served for real here: a parse worker script that never answers, and a parse worker whose
 * thread blocks right after saying it starts a decoder worker (tests/browser/support/parse-stalls/).
 */

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
});

const models = { gears: { src: fixtureSource('gltf/gears.glb'), adaptive: true } };

/** Share of the canvas that is not the black background. */
function drawnShare(p: PixelReadout): number {
  let drawn = 0;
  for (let i = 0; i < p.data.length; i += 4)
    if (colourDistance([p.data[i]!, p.data[i + 1]!, p.data[i + 2]!, 255], [0, 0, 0, 255]) > 24) drawn++;
  return drawn / (p.data.length / 4);
}

async function loaded(m: Mounted) {
  const done = await waitFor(
    () => m.events.find((e) => (e.type === 'model-loaded' || e.type === 'model-error') && e.id === 'gears'),
    'gears.glb to load or fail',
    50_000,
  );
  if (done.type === 'model-error') throw new Error(`model-error: ${done.message}`);
  return done as Extract<EngineEvent, { type: 'model-loaded' }>;
}

const dash3dLines = async () =>
  (await commands.consoleEntries()).filter((e) => e.text.includes('[dash3d]')).map((e) => `${e.type}: ${e.text}`);

describe('a parse worker that goes silent', () => {
  it('never answering its first call: after two tries the Draco model is parsed on the render thread, said so, and drawn', async () => {
    await commands.consoleStart();
    const chunks = { parseWorkerUrl: '/tests/browser/support/parse-stalls/silent-worker.ts', parseStallMs: STALL_MS };
    const m = await mountSpace(scene, { chunks, models });
    const done = await loaded(m);
    expect(done.info.parsedOffThread).toBe(false);
    expect(drawnShare(await m.pixels())).toBeGreaterThan(0.02);
    const lines = await dash3dLines();
    expect(lines).toContain('warning: [dash3d] gears.glb: a parse worker did not answer within 1.5 s of starting; starting another');
    expect(lines).toContain(
      'warning: [dash3d] gears.glb: a parse worker did not answer within 1.5 s of starting, twice; parsing it on the render thread instead',
    );
    expect(lines.filter((l) => l.startsWith('error'))).toEqual([]);
    // The space's stats say so too (the one started ahead of the model stalled as well).
    expect((await m.handle.stats()).models.parserStalls).toBeGreaterThanOrEqual(2);
  });

  it('blocked while starting a decoder worker (what Firefox did): its file was sent as a copy, so the render thread still parses it, and it is drawn', async () => {
    await commands.consoleStart();
    // A cold parse worker on a loaded machine may take longer than STALL_MS to answer at all: its
    // first answer is given a bound it always meets, so the stall this test serves (the decoder
    // start) is the one that is met, every run.
    const chunks = {
      moduleUrls: { 'loader-gltf': '/tests/browser/support/parse-stalls/stuck-decoder-gltf.ts' },
      parseStallMs: STALL_MS,
      parseStartMs: 45_000,
    };
    const m = await mountSpace(scene, { chunks, models });
    const done = await loaded(m);
    expect(done.info.parsedOffThread).toBe(false);
    expect(drawnShare(await m.pixels())).toBeGreaterThan(0.02);
    const lines = await dash3dLines();
    const stalled = 'a parse worker stopped answering while starting a worker of its own (a decoder) (nothing for 1.5 s)';
    expect(lines, lines.join('\n')).toContain(`warning: [dash3d] gears.glb: ${stalled}; starting another`);
    expect(lines, lines.join('\n')).toContain(`warning: [dash3d] gears.glb: ${stalled}, twice; parsing it on the render thread instead`);
    expect(
      lines.filter((l) => l.includes('did not answer within')),
      lines.join('\n'),
    ).toEqual([]);
    expect((await m.handle.stats()).models.parserStalls).toBe(2);
  });

  it('the same model with parse workers that answer: parsed off the render thread (its decoder workers watched), nothing given up on', async () => {
    // The product's own bound (PARSE_STALL_MS) once a parse worker answered; its first answer (a
    // cold worker in Vite dev mode on a loaded machine) gets a bound it always meets.
    const m = await mountSpace(scene, { chunks: { parseStartMs: 60_000 }, models });
    const done = await loaded(m);
    expect(done.info.parsedOffThread).toBe(true);
    expect(drawnShare(await m.pixels())).toBeGreaterThan(0.02);
    expect((await m.handle.stats()).models.parserStalls).toBe(0);
  });

  it('the render worker itself stuck starting its parser (what Firefox also did): the space restarts, with its scripts, and the model is drawn', async () => {
    // The page starts parse workers now (page-parsers.test.tsx); a render worker whose script the
    // page does not know still starts its own, and this stand-in blocks where that call did.
    const warn = vi.spyOn(console, 'warn');
    // The first render worker that asks is told to block; any later one (the restart) is not.
    const channel = new BroadcastChannel('dash3d-test-stuck-worker-start');
    // Its stand-in parse client imports the engine's worker-starts module: the dev server's worker.
    const builtWorker = useDevWorker();
    let asked = 0;
    channel.onmessage = () => channel.postMessage(asked++ === 0 ? 'block' : 'go');
    try {
      const chunks = {
        moduleUrls: { 'model-parse-client': '/tests/browser/support/parse-stalls/stuck-render-client.ts' },
        // The restarted space's cold parse worker must not be given up on before its first answer.
        parseStartMs: 60_000,
      };
      // Two seconds of silence while starting a worker; slow work keeps its minute.
      const script = `function onModelLoaded(THREE, api, model) { api.log('hook', model.uuid); }`;
      const m = await mountSpace({ ...scene, script }, { chunks, models, heartbeat: { startTicks: 4 }, waitReady: false });
      const done = await loaded(m);
      expect(done.info.parsedOffThread).toBe(true);
      expect(m.handle.restarts).toBe(1);
      // The restarted space ran its script's hook once, for the one load that reached the scene.
      await m.handle.settled();
      expect(
        m.events.filter((e) => e.type === 'log' && e.message.startsWith('hook ')).length,
        JSON.stringify(m.events.map((e) => [e.type, (e as { message?: string }).message ?? (e as { busy?: boolean }).busy ?? ''])),
      ).toBe(1);
      expect(asked).toBe(2);
      expect(drawnShare(await m.pixels())).toBeGreaterThan(0.02);
      expect(warn.mock.calls.map((c) => String(c[0]))).toContain(
        '[dash3d] render worker silent (the render worker did not come back from starting its model parser (a worker of its own)): restarting.',
      );
    } finally {
      channel.close();
      builtWorker();
    }
  });
});
