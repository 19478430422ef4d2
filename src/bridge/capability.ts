import { chunkFailureOf } from '../../shared/chunks';
import { withTimeout } from '../../shared/timeout';
import { startRenderWorker, type ChunkOptions, type StartedWorker } from './chunks';

/*
 * Can this browser render our scene in a worker? Asked of a render worker itself, not of the page:
 * WebKitGTK and Safari before 17 have OffscreenCanvas but no WebGL on it in a worker, and a browser
 * may give WebGL to the page and not to its workers (or the other way round). The first space of a
 * page starts a render worker and asks it to create a WebGL2 context; the verdict is kept for the
 * page, and the worker that answered yes is handed to the space that asked (no second start).
 */

/** How long a worker whose script has loaded may take to say whether it can draw. */
export const PROBE_MS = 10_000;
/** How long the worker that answered is kept for a space before it is let go. */
const SPARE_MS = 30_000;

let verdict: Promise<boolean> | undefined;
let spare: { started: StartedWorker; opts: ChunkOptions | undefined; timer: ReturnType<typeof setTimeout> } | null = null;

/** What the page itself must have before a worker is worth asking. */
function pageCanTransfer(): boolean {
  try {
    return (
      typeof OffscreenCanvas !== 'undefined' && typeof Worker !== 'undefined' && 'transferControlToOffscreen' in HTMLCanvasElement.prototype
    );
  } catch {
    return false;
  }
}

/** The same worker would be started for `a` as for `b` (the host's factory, the tests' redirect). */
const sameWorker = (a: ChunkOptions | undefined, b: ChunkOptions | undefined) =>
  a?.createWorker === b?.createWorker && a?.renderWorkerUrl === b?.renderWorkerUrl;

function keep(started: StartedWorker, opts: ChunkOptions | undefined) {
  if (spare) spare.started.worker.terminate();
  const timer = setTimeout(() => {
    if (spare?.started === started) spare = null;
    started.worker.terminate();
  }, SPARE_MS);
  spare = { started, opts, timer };
}

/** The worker that answered the probe, for a space started with the same options (once). */
export function claimProbedWorker(opts: ChunkOptions | undefined): StartedWorker | null {
  if (!spare || !sameWorker(spare.opts, opts)) return null;
  const { started, timer } = spare;
  clearTimeout(timer);
  spare = null;
  return started;
}

async function probe(opts: ChunkOptions | undefined): Promise<boolean> {
  // Never aborted by the space that asked first (StrictMode unmounts it at once): others wait on it.
  const started = await startRenderWorker(opts, new AbortController().signal);
  try {
    const ok = await withTimeout(started.canDrawOffscreen(), PROBE_MS, () => new Error(`no answer within ${PROBE_MS / 1000} s`));
    if (ok) keep(started, opts);
    else started.worker.terminate();
    return ok;
  } catch (err) {
    started.worker.terminate();
    console.warn('[dash3d] the render worker could not say whether it can draw; rendering on the main thread:', err);
    return false;
  }
}

/**
 * Whether spaces should render in a worker. Rejects only with a ChunkLoadError (the render worker's
 * script did not load: the space says so and offers Retry, which asks again); any other failure to
 * start a worker is a "no", kept for the page like a real one.
 */
export function canRenderInWorker(opts?: ChunkOptions): Promise<boolean> {
  if (!pageCanTransfer()) return Promise.resolve(false);
  verdict ??= probe(opts).catch((err: unknown) => {
    if (chunkFailureOf(err)) {
      verdict = undefined;
      throw err;
    }
    console.warn('[dash3d] no render worker could be started; rendering on the main thread:', err);
    return false;
  });
  return verdict;
}
