import { createRef } from 'react';
import { createRoot } from 'react-dom/client';
import { ThreeDSpace, type ThreeDSpaceHandle } from '../../../src/widgets/space/ThreeDSpace';
import type { CameraView, EngineEvent, EngineStats } from '../../../shared/protocol';
import { SCENES, VIEW } from './scenes';
import { busy } from './busy';

/** The benchmark's own scenes: their scripts build the scene, as a trusted host's would. */
const TRUSTED = { trusted: true };

/**
 * The benchmark page: the real 3D space component, in a production build, on one scene.
 *   ?scene=<name>      a key of SCENES
 *   ?mode=worker|main  main forces the main-thread fallback (the same engine): the baseline
 *   ?busy=1            keep the main thread busy from the start (the runner toggles it instead)
 *   ?resolution=auto|fixed  adaptive resolution (the product's default) or the screen's own ratio
 *                      throughout (what plain three.js draws at; the baseline's setting)
 *   ?fps=<10..60>      the space's target frame rate (adaptive resolution's aim); the scene's own when absent
 */
export interface BenchApi {
  /** Resolves once the scene is drawn with every asset settled; rejects if it cannot start. */
  ready: Promise<{ mode: 'worker' | 'main'; scene: string; description: string }>;
  /** Frame statistics measured inside the engine, wherever it runs. */
  stats(windowMs: number): Promise<EngineStats>;
  /** Start or stop 200 ms of synchronous work every 250 ms on this page's main thread. */
  busy(on: boolean): void;
  /** The camera as the engine last reported it (the touch checks). */
  view(): Promise<CameraView>;
  scenes: string[];
  /** Errors the space reported, script errors and worker restarts included: such a run is not a benchmark. */
  problems(): string[];
}

declare global {
  interface Window {
    __bench: BenchApi;
  }
}

const params = new URLSearchParams(location.search);
const sceneName = params.get('scene') ?? 'heavy';
const scene = SCENES[sceneName];
const forceMainThread = params.get('mode') === 'main';
const resolution = params.get('resolution') === 'fixed' ? 'fixed' : 'auto';
const targetFps = Number(params.get('fps')) || undefined;
const config = scene && {
  ...scene.config,
  renderConfig: {
    ...scene.config.renderConfig,
    resolution,
    pixelRatio: window.devicePixelRatio,
    ...(targetFps ? { targetFps } : {}),
  },
};
const errors: string[] = [];
const ref = createRef<ThreeDSpaceHandle>();
/**
 * The watchdog restarts a worker that has not answered for 8 s (a hung user script). Shader
 * compilation for a heavy scene on a starved software rasteriser can take that long: the
 * benchmark measures drawing, so it waits a minute instead, and refuses any run with a restart.
 */
const HEARTBEAT = { intervalMs: 1000, silentTicks: 60 };

function onEvent(e: EngineEvent) {
  if (e.type === 'error') errors.push(`${e.code}: ${e.message}`);
  else if (e.type === 'script-error') errors.push(`script ${e.hook}: ${e.message}`);
}

function problems(): string[] {
  const restarts = ref.current?.restarts ?? 0;
  return restarts ? [...errors, `the render worker was restarted ${restarts} time(s), without its user script`] : [...errors];
}

async function whenReady(): Promise<{ mode: 'worker' | 'main'; scene: string; description: string }> {
  if (!scene) throw new Error(`unknown scene "${sceneName}" (have: ${Object.keys(SCENES).join(', ')})`);
  const root = () => document.querySelector<HTMLElement>('.dash3d-space');
  const until = performance.now() + 90_000;
  while (root()?.dataset.state !== 'ready' || !ref.current?.mode) {
    if (root()?.dataset.state === 'error') throw new Error(`the space failed to start: ${errors.join('; ')}`);
    if (performance.now() > until) throw new Error('timed out waiting for the space to be ready');
    await new Promise((r) => setTimeout(r, 50));
  }
  await ref.current.settled();
  if (problems().length) throw new Error(problems().join('; '));
  if (params.get('busy') === '1') busy(true);
  return { mode: ref.current.mode, scene: sceneName, description: scene.description };
}

const host = document.getElementById('bench')!;
Object.assign(host.style, { width: `${VIEW.width}px`, height: `${VIEW.height}px` });
createRoot(host).render(
  scene ? (
    <ThreeDSpace ref={ref} userCode={TRUSTED} config={config} forceMainThread={forceMainThread} heartbeat={HEARTBEAT} onEvent={onEvent} />
  ) : null,
);

window.__bench = {
  ready: whenReady(),
  stats: (windowMs) => {
    if (!ref.current) return Promise.reject(new Error('the space is not running'));
    return ref.current.stats(windowMs);
  },
  busy,
  view: () => (ref.current ? ref.current.getView() : Promise.reject(new Error('the space is not running'))),
  scenes: Object.keys(SCENES),
  problems,
};
