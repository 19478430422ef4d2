import { afterEach, expect, it } from 'vitest';
import { mountSpace, unmountAll, waitFor } from '../support/harness';
import { fixtureSource } from '../support/fixtures';
import type { EngineEvent } from '../../../shared/protocol';
import { STALL_SCENE as scene } from '../support/parse-stalls/scene';

/*
 * Issue 41: a render worker's parse workers are started by the page (shared/parse-host.ts), where
 * `new Worker()` returns at once; Firefox's inside a worker could block the render worker for
 * minutes. Watched from the page's own Worker constructor: who is started, with what script, what
 * the new worker says as its script begins (the package build keeps worker/boot.ts), and that
 * nothing started is left running when the space goes.
 */

interface Seen {
  name: string;
  url: string;
  alive: boolean;
  terminated: boolean;
}

const RealWorker = globalThis.Worker;
afterEach(() => {
  unmountAll();
  globalThis.Worker = RealWorker;
});

function watchWorkers(): Seen[] {
  const seen: Seen[] = [];
  const byWorker = new WeakMap<Worker, Seen>();
  globalThis.Worker = class extends RealWorker {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      const s: Seen = { name: options?.name ?? '', url: String(url), alive: false, terminated: false };
      seen.push(s);
      byWorker.set(this, s);
      this.addEventListener('message', (e) => {
        if ((e.data as { dash3dParseStep?: unknown } | null)?.dash3dParseStep === 'alive') s.alive = true;
      });
    }
    override terminate() {
      const s = byWorker.get(this);
      if (s) s.terminated = true;
      super.terminate();
    }
  };
  return seen;
}

it("the page starts the render worker's parse workers, with its script; they say they are alive as they start, and end with the space", async () => {
  const seen = watchWorkers();
  const m = await mountSpace(scene, { models: { gears: { src: fixtureSource('gltf/gears.glb') } } });
  const done = await waitFor(
    () => m.events.find((e) => (e.type === 'model-loaded' || e.type === 'model-error') && e.id === 'gears'),
    'gears.glb to load',
    50_000,
  );
  expect(done.type).toBe('model-loaded');
  expect((done as Extract<EngineEvent, { type: 'model-loaded' }>).info.parsedOffThread).toBe(true);
  const render = seen.filter((s) => s.name === 'dash3d-render');
  const parsers = seen.filter((s) => s.name === 'dash3d-parse');
  expect(render.length).toBeGreaterThan(0);
  expect(parsers.length).toBeGreaterThan(0);
  // The page's choice of script: the render worker's own.
  for (const p of parsers) expect(p.url).toBe(new URL(render.at(-1)!.url, location.href).href);
  await waitFor(() => parsers.every((p) => p.alive) || null, 'every parse worker to say it is alive');
  expect((await m.handle.stats()).models.parserStalls).toBe(0);
  m.unmount();
  expect(seen.filter((s) => !s.terminated)).toEqual([]);
});
