import { createRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { MaterialPreview, type MaterialPreviewHandle } from '../../../src/material-editor/MaterialPreview';
import { MaterialThumbnail } from '../../../src/material-editor/MaterialThumbnail';
import { createThumbnailRenderer } from '../../../src/material-editor/thumbnails';
import type { MaterialInput } from '../../../shared/schema/material';
import { busy } from './busy';

/**
 * The material-editor benchmark page (issue 11), two parts:
 *   ?part=slider&mode=worker|main   one preview (900x600); drag() changes its colour every 16 ms, as
 *                                   a colour slider dragged, optionally with the busy host running.
 *   ?part=library&mode=worker|main  24 material thumbnails rendered by the shared thumbnail renderer
 *                                   (one hidden engine), timed with the main thread's long tasks.
 */
export interface MaterialsBenchApi {
  ready: Promise<{ mode: string }>;
  /** Slider: change the colour every 16 ms for `ms`; frames the engine drew meanwhile and values the page produced. */
  drag(ms: number, withBusyHost: boolean): Promise<{ frames: number; windowMs: number; values: number; idleFrames: number }>;
  /** Library: show the 24 thumbnails (again, with equal but new material objects) and time it. */
  library(): Promise<{ ms: number; blockingMs: number; longestTaskMs: number; rendered: number }>;
  problems(): string[];
}

declare global {
  interface Window {
    __benchMaterials: MaterialsBenchApi;
  }
}

const params = new URLSearchParams(location.search);
const part = params.get('part') === 'library' ? 'library' : 'slider';
const mode = params.get('mode') === 'main' ? 'main' : 'worker';
const errors: string[] = [];
window.addEventListener('error', (e) => errors.push(e.message));
const el = document.getElementById('bench')!;
const root = createRoot(el);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Long tasks on this page's main thread, as the browser reports them. */
const longTasks: { start: number; duration: number }[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration });
}).observe({ type: 'longtask', buffered: true });

function hsl(t: number) {
  return `hsl(${Math.round(t * 360) % 360}, 80%, 50%)`;
}

// --- slider ---------------------------------------------------------------------------------
const preview = createRef<MaterialPreviewHandle>();
let setColour: (c: string) => void = () => undefined;
function SliderPage() {
  const [colour, set] = useState('#ff0000');
  setColour = set;
  const material = { type: 'physical', color: colour, roughness: 0.4, metalness: 0.2 };
  return <MaterialPreview ref={preview} material={material} forceMainThread={mode === 'main'} />;
}

async function sliderReady() {
  Object.assign(el.style, { width: '900px', height: '600px' });
  root.render(<SliderPage />);
  const until = performance.now() + 90_000;
  const state = () => el.querySelector<HTMLElement>('.dash3d-material-preview')?.dataset.state;
  while (state() !== 'ready' || !preview.current?.mode) {
    if (state() === 'error') throw new Error('the preview failed to start');
    if (performance.now() > until) throw new Error('timed out waiting for the preview');
    await sleep(50);
  }
  await preview.current.settled();
  return { mode: preview.current.mode };
}

async function drag(ms: number, withBusyHost: boolean) {
  const handle = preview.current;
  if (!handle) throw new Error('no preview');
  // Nothing changes: frames drawn now are frames not caused by the drag (there should be none).
  await sleep(1000);
  const idleFrames = (await handle.stats(1000)).windowFrames;
  busy(withBusyHost);
  let values = 0;
  const t0 = performance.now();
  const timer = setInterval(() => {
    values++;
    setColour(hsl((performance.now() - t0) / 3000));
  }, 16);
  await sleep(ms);
  clearInterval(timer);
  busy(false);
  const s = await handle.stats(ms);
  return { frames: s.windowFrames, windowMs: s.windowMs, values, idleFrames };
}

// --- library --------------------------------------------------------------------------------
const renderer = createThumbnailRenderer({ scriptsAllowed: true, forceMainThread: mode === 'main' });
const KINDS = ['physical', 'phong', 'points', 'physical'] as const;
/** 24 different materials (a fresh object each call: the cache must key on content, not identity). */
const materials = (): MaterialInput[] =>
  Array.from({ length: 24 }, (_, i) => ({
    uuid: `bench-${i}`,
    name: `m${i}`,
    type: KINDS[i % KINDS.length],
    color: hsl(i / 24),
    roughness: (i % 5) / 4,
    metalness: (i % 3) / 2,
    size: 3,
  }));

async function library() {
  const t0 = performance.now();
  const before = renderer.rendered;
  const list = materials();
  flushSync(() =>
    root.render(
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(8, 72px)', gap: 8 }}>
        {list.map((m, i) => (
          <MaterialThumbnail key={`${t0}-${i}`} material={m} renderer={renderer} size={64} onError={(e) => errors.push(e)} />
        ))}
      </div>,
    ),
  );
  const until = t0 + 120_000;
  const shown = () => el.querySelectorAll('img[data-state="shown"]').length;
  while (shown() < list.length) {
    if (el.querySelector('[data-state="error"]')) throw new Error('a thumbnail failed: ' + errors.join('; '));
    if (performance.now() > until) throw new Error(`only ${shown()} of ${list.length} thumbnails after 120 s`);
    await new Promise((r) => requestAnimationFrame(r));
  }
  const t1 = performance.now();
  // Let the observer deliver the last entries.
  await sleep(100);
  const during = longTasks.filter((t) => t.start + t.duration > t0 && t.start < t1);
  return {
    ms: t1 - t0,
    blockingMs: during.reduce((s, t) => s + Math.max(0, t.duration - 50), 0),
    longestTaskMs: during.reduce((m, t) => Math.max(m, t.duration), 0),
    rendered: renderer.rendered - before,
  };
}

window.__benchMaterials = {
  ready: part === 'slider' ? sliderReady() : Promise.resolve({ mode }),
  drag,
  library,
  problems: () => errors,
};
