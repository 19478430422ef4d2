import { transfer } from 'comlink';
import type { EngineEvent, InitOptions, ViewSize } from '../../shared/protocol';
import { forwardInput } from './input';
import type { ModelLimits } from '../../shared/schema/limits';
import { startHeartbeat, type HeartbeatOptions } from './heartbeat';
import { loadEngine, startRenderWorker, workerChunkSettings, type ChunkOptions } from './chunks';
import { forwardCalls, invoke, localCall, type RenderCalls } from './calls';
import { claimProbedWorker } from './capability';
import { eventFlusher, type EventFlusher } from '../../shared/protocol/events-flush';

/**
 * The calls the main thread makes, the same whether the engine runs in a worker or here: the
 * protocol's (shared/protocol.ts RenderApi) as comlink presents them, plus what the host adds.
 */
export type RenderHandle = Omit<RenderCalls, 'init' | 'dispose'> & {
  readonly mode: 'worker' | 'main';
  readonly canvas: HTMLCanvasElement;
  /** Terminate the worker (or dispose the engine) and remove the canvas. */
  dispose(): void;
};

/** init and dispose are the host's own business (transfer, abort, terminate); the rest pass through. */
const HOST_CALLS = ['init', 'dispose'] as const;

export interface ConnectOptions {
  host: HTMLElement;
  mode: 'worker' | 'main';
  size: ViewSize;
  config: unknown;
  /** Model widgets by id, set before the first frame so the loading screen waits for them. */
  models: Readonly<Record<string, unknown>>;
  scriptsEnabled: boolean;
  /** The viewer asks for reduced motion (useReducedMotion.ts); later changes go by setMotion(). */
  reducedMotion?: boolean;
  /** Origins assets may load from (InitOptions.allowedOrigins); the engine refuses every other. */
  allowedOrigins: readonly string[];
  /** Per-model caps, parsed (shared/schema/limits.ts); the engine parses them again. */
  limits: ModelLimits;
  onEvent(event: EngineEvent): void;
  /** The worker died, or stopped answering while user code ran (`hung`) or for a long time (`silent`). */
  onCrash(reason: 'hung' | 'silent' | 'crashed', detail: string): void;
  heartbeat?: HeartbeatOptions;
  wantsPointerLock(): boolean;
  /** Aborting stops the engine even while it is still starting (a hook that hangs inside init). */
  signal: AbortSignal;
  /** How lazily loaded parts are fetched (tests); a part that fails rejects with a ChunkLoadError. */
  chunks?: ChunkOptions;
}

/**
 * Create a canvas inside `host` and start an engine on it. The canvas is made here, not in JSX:
 * React StrictMode runs effects twice and a canvas can be transferred to a worker only once.
 */
export async function connect(opts: ConnectOptions): Promise<RenderHandle> {
  const canvas = document.createElement('canvas');
  canvas.className = 'dash3d-canvas';
  Object.assign(canvas.style, { display: 'block', width: '100%', height: '100%', outline: 'none' });
  // A focusable area with keys of its own (the camera's): named and described by the space (ThreeDSpace.tsx).
  canvas.setAttribute('role', 'application');
  canvas.setAttribute('aria-label', '3D scene');
  opts.host.appendChild(canvas);

  const input = new MessageChannel();
  const events = new MessageChannel();
  let scriptBusy = false;
  let startingWorker = false;
  const flusher = eventFlusher(events.port1);
  events.port1.onmessage = (e) => {
    if (flusher.received(e.data)) return;
    const event = e.data as EngineEvent;
    if (event.type === 'script-activity') scriptBusy = event.busy;
    if (event.type === 'worker-start') startingWorker = event.busy;
    opts.onEvent(event);
  };
  const detachInput = forwardInput(canvas, input.port1, { wantsPointerLock: opts.wantsPointerLock });
  const cleanup = () => {
    detachInput();
    flusher.stop();
    input.port1.close();
    events.port1.close();
    canvas.remove();
  };
  try {
    return opts.mode === 'worker'
      ? await startWorker(canvas, opts, input.port2, events.port2, cleanup, flusher, {
          scriptBusy: () => scriptBusy,
          startingWorker: () => startingWorker,
        })
      : await startMain(canvas, opts, input.port2, events.port2, cleanup, flusher);
  } catch (err) {
    cleanup();
    throw err;
  }
}

async function startWorker(
  canvas: HTMLCanvasElement,
  opts: ConnectOptions,
  inputPort: MessagePort,
  eventsPort: MessagePort,
  cleanup: () => void,
  flusher: EventFlusher,
  activity: { scriptBusy(): boolean; startingWorker(): boolean },
): Promise<RenderHandle> {
  // The worker that answered the capability check, or a new one: resolves once the script has
  // loaded; a missing or late script rejects with a ChunkLoadError.
  const { api, worker, url } =
    (!opts.signal.aborted && claimProbedWorker(opts.chunks)) || (await startRenderWorker(opts.chunks, opts.signal));
  // Its parse workers are started here, where `new Worker()` cannot block it (parse-host.ts); a
  // worker whose script this page does not know starts its own.
  const parseScript = parseWorkerScript(opts.chunks, url);
  const parsers = parseScript ? new MessageChannel() : null;
  const stopParsers = parsers ? hostParseWorkersLater(parsers.port1, parseScript) : () => {};
  let disposed = false;
  worker.addEventListener('error', (e) => {
    if (!disposed) opts.onCrash('crashed', e.message || 'render worker failed');
  });
  // Started before init: a user script that never returns hangs init itself.
  const stopBeat = startHeartbeat(
    () => api.ping(),
    activity.scriptBusy,
    (verdict) => {
      if (verdict === 'hung') opts.onCrash('hung', 'a user script did not return');
      else if (verdict === 'silent') opts.onCrash('silent', 'the render worker stopped answering');
      else opts.onCrash('silent', 'the render worker did not come back from starting its model parser (a worker of its own)');
    },
    opts.heartbeat,
    activity.startingWorker,
  );
  const offscreen = canvas.transferControlToOffscreen();
  // A terminated worker never answers: calls still waiting on it are rejected when it goes, so a
  // host's stats() or settled() during a restart fails (and may be asked again) instead of hanging.
  const waiting = new Set<(err: Error) => void>();
  const call = (method: string, args: unknown[]) => {
    const answer = new Promise<unknown>((resolve, reject) => {
      if (disposed) return reject(new Error(`the render worker was stopped before ${method}() could run`));
      waiting.add(reject);
      Promise.resolve(invoke(api, method, args))
        .then(resolve, reject)
        .finally(() => waiting.delete(reject));
    });
    // Sends nobody waits for (a config patch, a camera flight) are not unhandled rejections when
    // the worker goes: whoever awaits the answer still gets the error.
    answer.catch(() => undefined);
    return answer;
  };
  const dispose = () => {
    if (disposed) return;
    disposed = true;
    opts.signal.removeEventListener('abort', dispose);
    stopBeat();
    stopParsers();
    for (const reject of waiting) reject(new Error('the render worker was stopped (restarted or unmounted) before it answered'));
    waiting.clear();
    // Terminating frees the worker's context at once; a polite dispose() could hang on a busy worker.
    worker.terminate();
    cleanup();
  };
  opts.signal.addEventListener('abort', dispose);
  try {
    const init = { ...initOptions(offscreen, opts, inputPort, eventsPort), parsers: parsers?.port2 };
    await api.init(transfer(init, [offscreen, inputPort, eventsPort, ...(parsers ? [parsers.port2] : [])]));
  } catch (err) {
    dispose();
    throw err;
  }
  if (disposed) throw new Error('aborted');
  return { ...forwardCalls(HOST_CALLS, call), settled: settledWith(call, flusher), mode: 'worker', canvas, dispose };
}

/** settled(), then the events the engine sent before it answered (shared/protocol/events-flush.ts). */
function settledWith(call: (method: string, args: unknown[]) => Promise<unknown>, flusher: EventFlusher) {
  return localCall('settled', async () => {
    await call('settled', []);
    await flusher.flush();
  });
}

/** The parse workers' script: the host's parseWorkerUrl of this origin (the worker refuses others, chunk-settings.ts), else the render worker's. */
function parseWorkerScript(chunks: ChunkOptions | undefined, renderUrl: string): string {
  const own = chunks?.parseWorkerUrl ? new URL(chunks.parseWorkerUrl, document.baseURI) : null;
  return own && own.origin === location.origin ? own.href : renderUrl;
}

/** What init gets, in a worker or not; only the canvas differs (the worker draws on its OffscreenCanvas). */
function initOptions(
  canvas: OffscreenCanvas | HTMLCanvasElement,
  opts: ConnectOptions,
  input: MessagePort,
  events: MessagePort,
): InitOptions {
  return {
    canvas,
    size: opts.size,
    config: opts.config,
    models: opts.models,
    baseUrl: document.baseURI,
    allowedOrigins: [...opts.allowedOrigins],
    scriptsEnabled: opts.scriptsEnabled,
    reducedMotion: opts.reducedMotion === true,
    limits: opts.limits,
    chunks: workerChunkSettings(opts.chunks),
    input,
    events,
  };
}

let fallbackTold = false;

async function startMain(
  canvas: HTMLCanvasElement,
  opts: ConnectOptions,
  inputPort: MessagePort,
  eventsPort: MessagePort,
  cleanup: () => void,
  flusher: EventFlusher,
): Promise<RenderHandle> {
  // Once per page: a dashboard of twenty spaces says it once.
  if (!fallbackTold) console.info('[dash3d] OffscreenCanvas WebGL is not available here: rendering on the main thread.');
  fallbackTold = true;
  // Loaded only now, so the main bundle carries no three.js when workers can render. The same API
  // as in the worker (this page's copy of its origin rule: one host per page).
  const { createRenderApi } = await loadEngine(opts.chunks);
  const api = createRenderApi();
  api.init(initOptions(canvas, opts, inputPort, eventsPort));
  let disposed = false;
  // Async, as over comlink: a call that throws rejects, and every answer is a promise.
  const call = async (method: string, args: unknown[]) => await invoke(api, method, args);
  return {
    ...forwardCalls(HOST_CALLS, call),
    settled: settledWith(call, flusher),
    mode: 'main',
    canvas,
    dispose() {
      if (disposed) return;
      disposed = true;
      api.dispose(); // closes both ports
      cleanup();
    },
  };
}

/**
 * hostParseWorkers (parse-host.ts), loaded when the render worker first asks for a parse worker:
 * a space without models never needs it, and a viewer page's script before its first frame does
 * not carry it (issue 41 point 4). Asks that arrive while it loads are served once it has. If it
 * cannot load, the port is closed: the render worker's start bound then gives up on those asks
 * and parses on its own, as it does for a parse worker that never answered.
 */
function hostParseWorkersLater(port: MessagePort, scriptUrl: string): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  const early: MessageEvent[] = [];
  port.onmessage = (e) => {
    early.push(e);
    if (early.length > 1) return;
    import('./parse-host').then(
      (m) => {
        if (stopped) return;
        stop = m.hostParseWorkers(port, scriptUrl);
        for (const ask of early.splice(0)) port.onmessage?.(ask);
      },
      (err: unknown) => {
        console.warn('[dash3d] the page could not load its model parser starter; the render worker parses on its own', err);
        port.close();
      },
    );
  };
  return () => {
    stopped = true;
    if (stop) stop();
    else port.close();
  };
}
