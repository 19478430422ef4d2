/*
 * The page tests/browsers/parse-stalls.test.ts opens in Firefox, served by a Vite dev server of the
 * source (support/harness-server.ts): the parse-worker stand-ins of the Chromium tests
 * (tests/browser/support/parse-stalls/) reach a space only through the chunk options' test hooks,
 * which the playground's production build does not have. One case per call of
 * `window.__stalls.run(name)`: a space loads gears.glb (Draco) with that parser, and the page answers
 * what a viewer and the engine's stats saw.
 */
import { colourDistance, mountSpace, waitFor, type Mounted } from '../../browser/support/harness';
import { fixtureSource } from '../../browser/support/fixtures';
import { busy } from '../../bench/page/busy';
import type { EngineEvent, PixelReadout } from '../../../shared/protocol';
import { STALL_MS, STALL_SCENE, TINT_HOOK } from '../../browser/support/parse-stalls/scene';

const STALLS = '/tests/browser/support/parse-stalls';
/** The Chromium cases' scene and hook: the hook tints what it is given, so the canvas shows whether those are the objects drawn. */
const scene = { ...STALL_SCENE, script: TINT_HOOK };

const CASES = {
  /** A parse worker whose script never answers: given up on twice, then parsed on the render thread. */
  silent: { chunks: { parseWorkerUrl: `${STALLS}/silent-worker.ts`, parseStallMs: STALL_MS }, busy: false },
  /** Blocked inside `new Worker()` for its decoder, what Firefox ESR did: the same, from the step it reported. */
  'stuck-decoder': {
    chunks: { moduleUrls: { 'loader-gltf': `${STALLS}/stuck-decoder-gltf.ts` }, parseStallMs: STALL_MS, parseStartMs: 45_000 },
    busy: false,
  },
  /** 30 s of parsing on a page busy 200 ms of every 250: slow, not dead, so waited for. */
  slow: { chunks: { moduleUrls: { 'loader-gltf': `${STALLS}/slow-gltf.ts` }, parseStartMs: 60_000 }, busy: true },
} as const;

export type StallCase = keyof typeof CASES;

export interface StallResult {
  mode: string | null;
  error?: string;
  parsedOffThread?: boolean;
  parserStalls?: number;
  restarts?: number;
  loads?: number;
  /** The hook's calls, as [count, model uuid]. */
  hookCalls?: string[][];
  /** The page's dash3d warnings while the model loaded. */
  warnings?: string[];
  /** Parse workers the page itself started for the render worker (shared/parse-host.ts). */
  pageParsers?: number;
  /** Share of the canvas that is not the black background, and of that share the part drawn yellow. */
  drawn?: number;
  yellow?: number;
}

/** Counts the parse workers this page starts: Firefox's `new Worker()` inside a worker is what blocked render workers. */
let pageParsers = 0;
const RealWorker = globalThis.Worker;
globalThis.Worker = class extends RealWorker {
  constructor(url: string | URL, options?: WorkerOptions) {
    super(url, options);
    if (options?.name === 'dash3d-parse') pageParsers++;
  }
};

let warnings: string[] = [];
const realWarn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (String(args[0]).startsWith('[dash3d]')) warnings.push(String(args[0]));
  realWarn(...args);
};

const hookCalls = (m: Mounted) =>
  m.events
    .filter((e): e is Extract<EngineEvent, { type: 'log' }> => e.type === 'log' && e.message.startsWith('hook '))
    .map((e) => e.message.split(' ').slice(1));

function shares(p: PixelReadout) {
  let drawn = 0;
  let yellow = 0;
  for (let i = 0; i < p.data.length; i += 4) {
    const [r, g, b] = [p.data[i]!, p.data[i + 1]!, p.data[i + 2]!];
    if (colourDistance([r, g, b, 255], [0, 0, 0, 255]) <= 24) continue;
    drawn++;
    if (r > 120 && g > 120 && b < 0.5 * Math.min(r, g)) yellow++;
  }
  return { drawn: drawn / (p.data.length / 4), yellow: drawn ? yellow / drawn : 0 };
}

async function run(name: StallCase): Promise<StallResult> {
  const c = CASES[name];
  if (c.busy) busy(true);
  pageParsers = 0;
  warnings = [];
  let m: Mounted | null = null;
  try {
    m = await mountSpace(scene, { chunks: c.chunks, models: { gears: { src: fixtureSource('gltf/gears.glb') } }, waitReady: false });
    const space = m;
    const done = await waitFor(
      () => space.events.find((e) => (e.type === 'model-loaded' || e.type === 'model-error') && e.id === 'gears'),
      'gears.glb to load or fail',
      120_000,
    );
    if (done.type === 'model-error') return { mode: space.handle.mode, error: done.message };
    await waitFor(() => hookCalls(space).length > 0, 'the hook');
    busy(false);
    await space.handle.settled();
    const stats = await space.handle.stats();
    return {
      mode: space.handle.mode,
      parsedOffThread: (done as Extract<EngineEvent, { type: 'model-loaded' }>).info.parsedOffThread,
      parserStalls: stats.models.parserStalls,
      restarts: space.handle.restarts,
      loads: space.events.filter((e) => e.type === 'model-loaded' && e.id === 'gears').length,
      hookCalls: hookCalls(space),
      pageParsers,
      warnings,
      ...shares(await space.pixels()),
    };
  } finally {
    busy(false);
    m?.unmount();
  }
}

(window as unknown as { __stalls: { run: typeof run } }).__stalls = { run };
