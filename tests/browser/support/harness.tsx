import { createRef, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { ThreeDSpace, type ThreeDSpaceHandle, type ThreeDSpaceProps } from '../../../src/widgets/space/ThreeDSpace';
import type { EngineEvent, PixelReadout } from '../../../shared/protocol';

export interface Mounted {
  host: HTMLDivElement;
  root: HTMLElement;
  handle: ThreeDSpaceHandle;
  events: EngineEvent[];
  /** Re-render with a new config (as a host would) and wait until the scene settled. */
  update(config: unknown, extra?: Partial<ThreeDSpaceProps>): Promise<void>;
  /** Wait for settled, then read the canvas back. */
  pixels(): Promise<PixelReadout>;
  unmount(): void;
}

const live = new Set<Mounted>();

/** Wait until `check` is truthy, polling each animation frame; fails with `what` after `timeoutMs`. */
export async function waitFor<T>(check: () => T | Promise<T>, what: string, timeoutMs = 30_000): Promise<NonNullable<T>> {
  // One deadline for the whole wait: a check that never settles (a call to an engine that went
  // away) fails here, naming what was awaited, rather than at the test's own timeout.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), timeoutMs);
  });
  deadline.catch(() => undefined); // raced below; not unhandled while a poll sleeps
  try {
    for (;;) {
      const v = await Promise.race([Promise.resolve(check()), deadline]);
      if (v) return v;
      await Promise.race([new Promise((r) => setTimeout(r, 16)), deadline]);
    }
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The warnings of restarts the heartbeat made for silence outside user code, from a `console.warn`
 * spy: tests of the 'hung' rule assert there are none, so a slow machine cannot pass for a hang.
 */
export const silentWarnings = (warn: { mock: { calls: unknown[][] } }) =>
  warn.mock.calls.filter((c) => String(c[0]).includes('render worker silent'));

/**
 * Mount a 3D space of the given CSS size (StrictMode, like a real host), wait for it to be ready
 * and every asset settled.
 */
export async function mountSpace(
  config: unknown,
  {
    width = 320,
    height = 200,
    waitReady = true,
    ...props
  }: { width?: number; height?: number; waitReady?: boolean } & Partial<ThreeDSpaceProps> = {},
): Promise<Mounted> {
  const host = document.createElement('div');
  Object.assign(host.style, { width: `${width}px`, height: `${height}px`, position: 'relative' });
  document.body.appendChild(host);
  const events: EngineEvent[] = [];
  const ref = createRef<ThreeDSpaceHandle>();
  const reactRoot: Root = createRoot(host);
  // Engine tests run their scripts as a trusted host would; tests/browser/consent.test.tsx covers asking.
  let current: Partial<ThreeDSpaceProps> & { config: unknown } = { config, userCode: { trusted: true }, ...props };
  const render = () =>
    reactRoot.render(
      <StrictMode>
        <ThreeDSpace
          {...current}
          ref={ref}
          onEvent={(e) => {
            events.push(e);
            current.onEvent?.(e);
          }}
        />
      </StrictMode>,
    );
  flushSync(render);
  const root = host.querySelector<HTMLElement>('.dash3d-space')!;
  if (waitReady) {
    await waitFor(() => root.dataset.state !== 'loading' && ref.current?.mode, 'the space to leave loading');
    if (root.dataset.state === 'error') throw new Error('space failed: ' + JSON.stringify(events));
    await ref.current!.settled();
  }
  const mounted: Mounted = {
    host,
    root,
    get handle() {
      return ref.current!;
    },
    events,
    async update(next, extra = {}) {
      current = { ...current, ...extra, config: next };
      flushSync(render);
      // One frame for the coalesced patch to leave, then wait for the engine to settle (a change
      // can restart the engine, e.g. a new script after a hang: wait for it to run again).
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      for (;;) {
        await waitFor(() => ref.current?.mode && root.dataset.state !== 'loading', 'the space to be running');
        try {
          await ref.current!.settled();
          return;
        } catch (err) {
          // On a loaded machine the restart can come after those frames: the engine asked was
          // stopped by it, so wait for the new one. Any other failure is the test's.
          if (!/render worker was stopped/.test((err as Error).message)) throw err;
        }
      }
    },
    async pixels() {
      await ref.current!.settled();
      return ref.current!.readPixels();
    },
    unmount() {
      reactRoot.unmount();
      host.remove();
      live.delete(mounted);
    },
  };
  live.add(mounted);
  return mounted;
}

/** Unmount whatever a failed test left behind (call in afterEach). */
export function unmountAll() {
  for (const m of [...live]) m.unmount();
}

export type RGBA = [number, number, number, number];

/**
 * The pixel whose bytes start at `i` in a readout. Past its end is a slip in a test's arithmetic:
 * a RangeError, not a black (or NaN) pixel.
 */
export function rgbaAt(p: PixelReadout, i: number): RGBA {
  const [r, g, b, a] = p.data.subarray(i, i + 4);
  if (r === undefined || g === undefined || b === undefined || a === undefined) {
    throw new RangeError(`byte ${i} is outside the ${p.width}x${p.height} readout`);
  }
  return [r, g, b, a];
}

/** Pixel at a fraction of the width and height (0..1), from the top-left. */
export function pixelAt(p: PixelReadout, fx: number, fy: number): RGBA {
  const x = Math.min(p.width - 1, Math.max(0, Math.floor(fx * p.width)));
  const y = Math.min(p.height - 1, Math.max(0, Math.floor(fy * p.height)));
  return rgbaAt(p, (y * p.width + x) * 4);
}

/** Mean colour over a rectangle given in fractions (x0, y0, x1, y1). */
export function meanColour(p: PixelReadout, x0: number, y0: number, x1: number, y1: number): RGBA {
  const sum: RGBA = [0, 0, 0, 0];
  let n = 0;
  for (let y = Math.floor(y0 * p.height); y < Math.floor(y1 * p.height); y++)
    for (let x = Math.floor(x0 * p.width); x < Math.floor(x1 * p.width); x++) {
      const [r, g, b, a] = rgbaAt(p, (y * p.width + x) * 4);
      sum[0] += r;
      sum[1] += g;
      sum[2] += b;
      sum[3] += a;
      n++;
    }
  return sum.map((s) => s / Math.max(1, n)) as RGBA;
}

/** Largest per-channel difference between two colours. */
export function colourDistance(a: RGBA, b: RGBA): number {
  return Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]), Math.abs(a[2] - b[2]), Math.abs(a[3] - b[3]));
}

/** Share of pixels that differ by more than `tolerance` between two same-size readouts. */
export function diffShare(a: PixelReadout, b: PixelReadout, tolerance = 8): number {
  let differ = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const [ar, ag, ab] = rgbaAt(a, i);
    const [br, bg, bb] = rgbaAt(b, i);
    if (Math.abs(ar - br) > tolerance || Math.abs(ag - bg) > tolerance || Math.abs(ab - bb) > tolerance) differ++;
  }
  return differ / (a.data.length / 4);
}

export const hexToRgb = (hex: string): [number, number, number] => {
  const n = parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

/** sRGB byte to linear 0..1 (pixels read from the canvas are sRGB-encoded). */
export const toLinear = (c: number) => {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
};

/** A scene with nothing but what a test adds: no ground, no lights, no environment, a plain background. */
export const EMPTY = {
  sceneConfig: { background: '#000000', ground: { enable: false } },
  lightConfig: { ambientLight: [], directionalLight: [] },
  environmentConfig: { enable: false },
};
