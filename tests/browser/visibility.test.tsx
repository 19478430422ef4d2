import { afterEach, describe, expect, it, vi } from 'vitest';
import { commands } from 'vitest/browser';
import { createRef, StrictMode, type RefObject } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { ThreeDSpace, type ThreeDSpaceHandle } from '../../src/widgets/space/ThreeDSpace';
import { diffShare, waitFor } from './support/harness';
import { normalBoxScript } from './support/scenes';

/**
 * Issue 8 §5: many spaces on one dashboard. Twenty spaces in a scrolling container, a cap of four
 * live contexts: only spaces in view hold one, a space scrolled out and back shows the same image
 * (after the user orbited it), and nothing is restarted as 'script hung'.
 */
const COUNT = 20;
const CAP = 4;
const W = 150;
const H = 100;

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
  vi.restoreAllMocks();
});

/** The scene differs per space (its background), so a mixed-up frame would show. */
const config = (i: number) => ({
  sceneConfig: { background: `hsl(${(i * 47) % 360}, 60%, 30%)`, ground: { enable: true } },
  lightConfig: { ambientLight: [], directionalLight: [] },
  environmentConfig: { enable: false },
  controlConfig: { controlType: 'orbit' },
  script: normalBoxScript,
});

function mountDashboard() {
  const scroller = document.createElement('div');
  // Two columns, about three rows in view: six spaces visible at once, over the cap of four.
  Object.assign(scroller.style, { width: `${2 * W + 30}px`, height: `${3 * H + 20}px`, overflow: 'auto', position: 'relative' });
  document.body.appendChild(scroller);
  const refs: RefObject<ThreeDSpaceHandle | null>[] = Array.from({ length: COUNT }, () => createRef<ThreeDSpaceHandle>());
  const root: Root = createRoot(scroller);
  flushSync(() =>
    root.render(
      <StrictMode>
        <div style={{ display: 'grid', gridTemplateColumns: `${W}px ${W}px`, gap: '4px' }}>
          {refs.map((ref, i) => (
            <div key={i} style={{ width: W, height: H }}>
              <ThreeDSpace config={config(i)} ref={ref} liveContexts={CAP} heartbeat={{ silentTicks: 240 }} userCode={{ trusted: true }} />
            </div>
          ))}
        </div>
      </StrictMode>,
    ),
  );
  const roots = [...scroller.querySelectorAll<HTMLElement>('.dash3d-space')];
  // Sample the live canvases every frame: the cap must hold at every moment, not only at the end.
  let maxLive = 0;
  let sampling = true;
  const sample = () => {
    maxLive = Math.max(maxLive, scroller.querySelectorAll('canvas.dash3d-canvas').length);
    if (sampling) requestAnimationFrame(sample);
  };
  sample();
  cleanup = () => {
    sampling = false;
    root.unmount();
    scroller.remove();
  };
  return { scroller, roots, refs, maxLive: () => maxLive };
}

const isShown = (root: HTMLElement) => root.dataset.state === 'ready';

describe('many spaces on one dashboard', () => {
  it('only spaces in view hold a context (at most the cap), and a space scrolled out and back shows the same image', async () => {
    const d = mountDashboard();
    // The six in view all get an image, four at a time; the ones further down never start.
    await waitFor(() => d.roots.slice(0, 6).every(isShown), 'the spaces in view to draw', 120_000);
    expect(d.roots.slice(12).every((r) => r.dataset.state === 'loading' && r.dataset.context === 'released')).toBe(true);

    // The first space gets the context back when touched; the user orbits it.
    const [first] = d.refs;
    const [root] = d.roots;
    if (!first || !root) throw new Error('the dashboard has no spaces');
    root.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    await waitFor(() => first.current?.context === 'live' && root.querySelector('canvas.dash3d-canvas'), 'space 0 live');
    await first.current!.settled();
    const start = await first.current!.readPixels();
    const box = root.querySelector('canvas.dash3d-canvas')!;
    expect(box).toBe(d.scroller.querySelector('canvas.dash3d-canvas'));
    await commands.mouseDrag({ fromX: 0.3, fromY: 0.5, toX: 0.8, toY: 0.4 });
    await first.current!.settled();
    const orbited = await first.current!.readPixels();
    expect(diffShare(start, orbited)).toBeGreaterThan(0.05);
    const view = await first.current!.getView();

    // Scrolled to the end: the first space is released and shows its last frame.
    d.scroller.scrollTop = d.scroller.scrollHeight;
    await waitFor(
      () => root.dataset.context === 'released' && root.querySelector('.dash3d-last-frame') && !root.querySelector('canvas.dash3d-canvas'),
      'space 0 released (its canvas gone, its last frame shown)',
    );
    expect(root.dataset.state).toBe('ready');
    expect(diffShare(orbited, await first.current!.readPixels())).toBe(0);
    await waitFor(() => d.roots.slice(-4).every(isShown), 'the last spaces to draw', 120_000);

    // Back to the top: a new engine, the same view and the same image, and the frame taken away.
    d.scroller.scrollTop = 0;
    await waitFor(() => first.current?.context === 'live' && !root.querySelector('.dash3d-last-frame'), 'space 0 back', 120_000);
    const back = await first.current!.readPixels();
    expect(back.width).toBe(orbited.width);
    expect(diffShare(orbited, back)).toBeLessThan(0.01);
    const again = await first.current!.getView();
    expect(again.position.x).toBeCloseTo(view.position.x, 3);
    expect(again.position.z).toBeCloseTo(view.position.z, 3);

    expect(d.maxLive()).toBeLessThanOrEqual(CAP);
    expect(d.refs.every((r) => r.current!.restarts === 0)).toBe(true);
    expect(d.scroller.querySelector('[data-notice="notice.scriptsDisabled"]')).toBeNull();
  }, 300_000);
});
