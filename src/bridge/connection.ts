import { transfer } from 'comlink';
import type { CameraView, EngineEvent, EngineStats, PixelReadout, ViewSize } from '../../shared/protocol';
import { readInputMessage } from '../../shared/input';
import { forwardInput } from './input';
import type { ModelLimits } from '../../shared/schema/limits';
import { startHeartbeat, type HeartbeatOptions } from './heartbeat';
import { loadEngine, startRenderWorker, workerChunkSettings, type ChunkOptions } from './chunks';

/** The calls the main thread makes, the same whether the engine runs in a worker or here. */
export interface RenderHandle {
  readonly mode: 'worker' | 'main';
  readonly canvas: HTMLCanvasElement;
  patchConfig(patch: Record<string, unknown>): Promise<unknown>;
  setModel(id: string, config: unknown): Promise<unknown>;
  removeModel(id: string): Promise<void>;
  resize(size: ViewSize): void;
  ping(): Promise<number>;
  getView(): Promise<CameraView>;
  viewTo(view: CameraView, durationMs: number): Promise<void>;
  settled(): Promise<void>;
  readPixels(): Promise<PixelReadout>;
  stats(windowMs?: number): Promise<EngineStats>;
  simulateContextLoss(restoreAfterMs: number): Promise<boolean>;
  /** Terminate the worker (or dispose the engine) and remove the canvas. */
  dispose(): void;
}

export interface ConnectOptions {
  host: HTMLElement;
  mode: 'worker' | 'main';
  size: ViewSize;
  config: unknown;
  /** Model widgets by id, set before the first frame so the loading screen waits for them. */
  models: Readonly<Record<string, unknown>>;
  scriptsEnabled: boolean;
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
  canvas.setAttribute('aria-label', '3D scene');
  opts.host.appendChild(canvas);

  const input = new MessageChannel();
  const events = new MessageChannel();
  let scriptBusy = false;
  events.port1.onmessage = (e) => {
    const event = e.data as EngineEvent;
    if (event.type === 'script-activity') scriptBusy = event.busy;
    opts.onEvent(event);
  };
  const detachInput = forwardInput(canvas, input.port1, { wantsPointerLock: opts.wantsPointerLock });
  const cleanup = () => {
    detachInput();
    input.port1.close();
    events.port1.close();
    canvas.remove();
  };
  try {
    return opts.mode === 'worker'
      ? await startWorker(canvas, opts, input.port2, events.port2, cleanup, () => scriptBusy)
      : await startMain(canvas, opts, input.port2, events.port2, cleanup);
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
  scriptBusy: () => boolean,
): Promise<RenderHandle> {
  // Resolves once the script has loaded; a missing or late script rejects with a ChunkLoadError.
  const { api, worker } = await startRenderWorker(opts.chunks, opts.signal);
  let disposed = false;
  worker.addEventListener('error', (e) => {
    if (!disposed) opts.onCrash('crashed', e.message || 'render worker failed');
  });
  // Started before init: a user script that never returns hangs init itself.
  const stopBeat = startHeartbeat(
    () => api.ping(),
    scriptBusy,
    (duringScript) =>
      duringScript
        ? opts.onCrash('hung', 'a user script did not return')
        : opts.onCrash('silent', 'the render worker stopped answering'),
    opts.heartbeat,
  );
  const offscreen = canvas.transferControlToOffscreen();
  const dispose = () => {
    if (disposed) return;
    disposed = true;
    opts.signal.removeEventListener('abort', dispose);
    stopBeat();
    // Terminating frees the worker's context at once; a polite dispose() could hang on a busy worker.
    worker.terminate();
    cleanup();
  };
  opts.signal.addEventListener('abort', dispose);
  try {
    await api.init(
      transfer(
        {
          canvas: offscreen,
          size: opts.size,
          config: opts.config,
          models: opts.models,
          baseUrl: document.baseURI,
          allowedOrigins: [...opts.allowedOrigins],
          scriptsEnabled: opts.scriptsEnabled,
          limits: opts.limits,
          chunks: workerChunkSettings(opts.chunks),
          input: inputPort,
          events: eventsPort,
        },
        [offscreen, inputPort, eventsPort],
      ),
    );
  } catch (err) {
    dispose();
    throw err;
  }
  if (disposed) throw new Error('aborted');
  return {
    mode: 'worker',
    canvas,
    patchConfig: (patch) => api.patchConfig(patch),
    setModel: (id, config) => api.setModel(id, config),
    removeModel: (id) => api.removeModel(id),
    resize: (size) => void api.resize(size).catch(() => undefined),
    ping: () => api.ping(),
    getView: () => api.getView(),
    viewTo: (view, ms) => api.viewTo(view, ms),
    settled: () => api.settled(),
    readPixels: () => api.readPixels(),
    stats: (w) => api.stats(w),
    simulateContextLoss: (ms) => api.simulateContextLoss(ms),
    dispose,
  };
}

async function startMain(
  canvas: HTMLCanvasElement,
  opts: ConnectOptions,
  inputPort: MessagePort,
  eventsPort: MessagePort,
  cleanup: () => void,
): Promise<RenderHandle> {
  console.info('[dash3d] OffscreenCanvas WebGL is not available here: rendering on the main thread.');
  // Loaded only now, so the main bundle carries no three.js when workers can render.
  const { Engine, setAllowedOrigins } = await loadEngine(opts.chunks);
  // The same origin check as in the worker (this page's copy of the module: one host per page).
  setAllowedOrigins(opts.allowedOrigins);
  const engine = new Engine({
    canvas,
    size: opts.size,
    config: opts.config,
    models: opts.models,
    scriptsEnabled: opts.scriptsEnabled,
    limits: opts.limits,
    chunks: workerChunkSettings(opts.chunks),
    emit: (e) => eventsPort.postMessage(e),
  });
  inputPort.onmessage = (e) => {
    const msg = readInputMessage(e.data);
    if (msg) engine.input_(msg);
  };
  let disposed = false;
  return {
    mode: 'main',
    canvas,
    patchConfig: async (patch) => engine.patchConfig(patch),
    setModel: async (id, config) => engine.setModel(id, config),
    removeModel: async (id) => engine.removeModel(id),
    resize: (size) => engine.resize(size),
    ping: async () => performance.now(),
    getView: async () => engine.getView(),
    viewTo: async (view, ms) => engine.viewTo(view, ms),
    settled: () => engine.settled(),
    readPixels: async () => engine.readPixels(),
    stats: async (w) => engine.stats(w),
    simulateContextLoss: async (ms) => engine.simulateContextLoss(ms),
    dispose() {
      if (disposed) return;
      disposed = true;
      engine.dispose();
      inputPort.close();
      eventsPort.close();
      cleanup();
    },
  };
}
