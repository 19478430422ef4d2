import { createRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ThreeDSpace, type ThreeDSpaceHandle } from '../../../src/widgets/space/ThreeDSpace';
import type { EngineEvent, ModelInfo } from '../../../shared/protocol';
import { MODEL_SCENE, MODELS, VIEW } from './modelCases';

/** The benchmark's own scenes: their scripts build the scene, as a trusted host's would. */
const TRUSTED = { trusted: true };

/**
 * The model-load benchmark page: the real 3D space component (production build) on a small scene
 * that keeps drawing (orbit auto-rotation), into which one model is loaded on request.
 *   ?model=<key>       a key of MODELS
 *   ?mode=worker|main  main forces the main-thread fallback (the same engine and loaders): the baseline
 *   ?resolution=auto|fixed  the product's adaptive resolution, or the screen's ratio throughout (the
 *                      baseline's: plain three.js draws at it)
 */
export interface LoadResult {
  /** Source set (the `models` prop changed) -> the model-loaded event reached this page. */
  loadedMs: number;
  /** Source set -> the first settled() frame asked for on model-loaded resolved on this page. */
  firstFrameMs: number;
  /** Long tasks (> 50 ms) of this page's main thread that started in [source set, first frame]. */
  longTasks: number;
  longTaskMs: number;
  /** Sum over those tasks of (duration - 50 ms): the part that blocked input (Lighthouse's TBT). */
  blockingMs: number;
  longestTaskMs: number;
  /** From the engine, wherever it runs, over the same window. */
  longestGapMs: number;
  windowFrames: number;
  windowMs: number;
  /** The window's frame gaps in ms, oldest first: where the load's frames went. */
  gapsMs: number[];
  /** Frames the engine drew between the source being set and model-loaded reaching the page. */
  framesBeforeLoaded: number;
  /** Frames per second in the second before the source was set (the scene alone). */
  fpsBefore: number;
  info: Pick<ModelInfo, 'kind' | 'vertices' | 'bytes' | 'parsedOffThread'>;
  warnings: string[];
}

export interface ModelBenchApi {
  ready: Promise<{ mode: 'worker' | 'main'; model: string; file: string }>;
  /** Set the model's source and measure until its first frame; once per page. */
  load(): Promise<LoadResult>;
  problems(): string[];
}

declare global {
  interface Window {
    __benchModels: ModelBenchApi;
  }
}

const params = new URLSearchParams(location.search);
const modelKey = params.get('model') ?? '';
const model = MODELS[modelKey];
const forceMainThread = params.get('mode') === 'main';
const resolution = params.get('resolution') === 'fixed' ? 'fixed' : 'auto';
const sceneConfig = { ...MODEL_SCENE, renderConfig: { resolution, pixelRatio: window.devicePixelRatio } };
const ID = 'bench-model';
const HEARTBEAT = { intervalMs: 1000, silentTicks: 60 }; // see main.tsx: slow is not hung here
const LONG_TASK_MS = 50;

const errors: string[] = [];
const warnings: string[] = [];
const ref = createRef<ThreeDSpaceHandle>();
let setModels: ((m: Record<string, unknown>) => void) | null = null;
let onModel: ((e: EngineEvent) => void) | null = null;

// Registered before anything runs, so no long task of the load can be missed.
const longTasks: { start: number; duration: number }[] = [];
const observer = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration });
});
observer.observe({ type: 'longtask', buffered: true });

function onEvent(e: EngineEvent) {
  if (e.type === 'error') errors.push(`${e.code}: ${e.message}`);
  else if (e.type === 'script-error') errors.push(`script ${e.hook}: ${e.message}`);
  else if (e.type === 'model-error') errors.push(`model: ${e.message}`);
  else if (e.type === 'model-rejected') errors.push(`model config rejected: ${JSON.stringify(e.issues)}`);
  else if (e.type === 'model-warning') warnings.push(e.message);
  onModel?.(e);
}

function problems(): string[] {
  const restarts = ref.current?.restarts ?? 0;
  return restarts ? [...errors, `the render worker was restarted ${restarts} time(s)`] : [...errors];
}

function App() {
  const [models, set] = useState<Record<string, unknown>>({});
  setModels = set;
  return (
    <ThreeDSpace
      ref={ref}
      userCode={TRUSTED}
      config={sceneConfig}
      models={models}
      forceMainThread={forceMainThread}
      heartbeat={HEARTBEAT}
      onEvent={onEvent}
    />
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function whenReady() {
  if (!model) throw new Error(`unknown model "${modelKey}" (have: ${Object.keys(MODELS).join(', ')})`);
  const root = () => document.querySelector<HTMLElement>('.dash3d-space');
  const until = performance.now() + 90_000;
  while (root()?.dataset.state !== 'ready' || !ref.current?.mode || !setModels) {
    if (root()?.dataset.state === 'error') throw new Error(`the space failed to start: ${errors.join('; ')}`);
    if (performance.now() > until) throw new Error('timed out waiting for the space to be ready');
    await sleep(50);
  }
  await ref.current.settled();
  // Let start-up work (first shader programs, environment) finish before the load is timed.
  await sleep(1000);
  if (problems().length) throw new Error(problems().join('; '));
  return { mode: ref.current.mode, model: modelKey, file: model.file };
}

const ready = whenReady();
let started = false;

async function load(): Promise<LoadResult> {
  await ready;
  if (started) throw new Error('load() measures a cold load: once per page');
  started = true;
  const space = ref.current!;
  const url = `/fixtures/${model!.file}`;
  const src = { filePath: url, fileList: [{ uid: 'bench', name: model!.file.split('/').pop()!, url }] };

  const loaded = new Promise<{ info: ModelInfo; at: number }>((resolve, reject) => {
    onModel = (e) => {
      if (e.type === 'model-loaded' && e.id === ID) resolve({ info: e.info, at: performance.now() });
      else if ((e.type === 'model-error' || e.type === 'model-rejected') && e.id === ID) reject(new Error(problems().join('; ')));
    };
  });
  // Every window ends where this page measured (endsAt): the worker answers a call after the
  // frame it is drawing, and a window read then would be shifted by that frame in one host only.
  const abs = (t: number) => performance.timeOrigin + t;
  const before = await space.stats(1000, abs(performance.now()));
  const t0 = performance.now();
  setModels!({ [ID]: { src } });
  const { info, at } = await loaded;
  // The frames of the wait (download, parse, upload, warm-up), without the model's own.
  const waited = await space.stats(at - t0, abs(at));
  // The model is in the scene when model-loaded is sent: settled() resolves after the first frame
  // drawn with it and nothing pending (at once when that frame was drawn before the call arrived).
  await space.settled();
  const t1 = performance.now();
  // The engine stamps a frame when its draw calls are issued; the GPU work of the model's first
  // frame is waited for when that frame is committed, before the next one: take one more frame
  // so the gap after it is in the window in both hosts. Counted in windows from t0 that end where
  // this page asked: a total read on arrival would already hold that next frame in the worker
  // (drawn while the call crossed), and the window would wait for one frame more there. (A frame
  // drawn while settled()'s own answer crossed, well under a millisecond with frames 30 to 180 ms
  // apart, would still be counted in `drawn`.)
  const framesSince = async (t: number) => (await space.stats(t - t0, abs(t))).windowFrames;
  const drawn = await framesSince(t1);
  const deadline = performance.now() + 10_000;
  let end = performance.now();
  while ((await framesSince(end)) <= drawn) {
    if (performance.now() > deadline) throw new Error('no frame drawn for 10 s after the model (auto-rotation stopped?)');
    await sleep(2);
    end = performance.now();
  }
  const stats = await space.stats(end - t0, abs(end));
  const after = await space.stats();
  if (after.models.loaded !== 1) throw new Error(`the engine reports ${after.models.loaded} models drawn, expected 1`);
  // Long-task entries are delivered after their task ended: give the observer a moment.
  await sleep(200);
  for (const e of observer.takeRecords()) longTasks.push({ start: e.startTime, duration: e.duration });
  const during = longTasks.filter((x) => x.start >= t0 && x.start < t1);
  return {
    loadedMs: at - t0,
    firstFrameMs: t1 - t0,
    longTasks: during.length,
    longTaskMs: during.reduce((s, x) => s + x.duration, 0),
    blockingMs: during.reduce((s, x) => s + Math.max(0, x.duration - LONG_TASK_MS), 0),
    longestTaskMs: during.reduce((m, x) => Math.max(m, x.duration), 0),
    longestGapMs: stats.longestGapMs,
    windowFrames: stats.windowFrames,
    windowMs: stats.windowMs,
    gapsMs: stats.windowGapsMs,
    framesBeforeLoaded: waited.windowFrames,
    fpsBefore: (before.windowFrames * 1000) / before.windowMs,
    info: { kind: info.kind, vertices: info.vertices, bytes: info.bytes, parsedOffThread: info.parsedOffThread },
    warnings: [...warnings],
  };
}

const host = document.getElementById('bench')!;
Object.assign(host.style, { width: `${VIEW.width}px`, height: `${VIEW.height}px` });
createRoot(host).render(model ? <App /> : null);

window.__benchModels = { ready, load, problems };
