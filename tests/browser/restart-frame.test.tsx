import { afterEach, expect, it, vi } from 'vitest';
import { commands } from 'vitest/browser';
import { mountSpace, unmountAll, waitFor } from './support/harness';
import { normalBoxScript } from './support/scenes';

/*
 * Issue 41 point 1: a restarted render worker left the space blank (its loading screen, or white
 * in Firefox) for the seconds the new one took to start, on a wall display that nobody touched.
 * Now the stopped worker's canvas keeps its last frame on show until the new engine has drawn.
 * Here a frame script loops after a second of drawing (the heartbeat restarts the worker without
 * scripts) and the space, as the page shows it, is sampled all along: red sky in every sample.
 */

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
});

const RED: [number, number, number] = [255, 0, 0];
const distance = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
/** Low in the middle of the space: no notice or bar covers it. */
const SKY = { x0: 0.4, y0: 0.85, x1: 0.6, y1: 0.95 };

it("a restarted worker's space keeps showing its picture until the new engine drew, never a blank or loading screen", async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const looping = normalBoxScript.replace(
    'api.invalidate();',
    'let n = 0; api.onFrame(() => { if (++n > 60) for (;;) {} }); api.invalidate();',
  );
  const scene = {
    sceneConfig: { background: '#ff0000', ground: { enable: false } },
    environmentConfig: { enable: false },
    script: looping,
  };
  const m = await mountSpace(scene, { heartbeat: { intervalMs: 100, silentTicks: 5, slowTicks: 600 } });
  const samples: { restarts: number; state: string; colour: number[]; canvases: number; loading: boolean }[] = [];
  const sample = async () => {
    const [colour] = await commands.screenColours([SKY], '.dash3d-space');
    samples.push({
      restarts: m.handle.restarts,
      state: m.root.dataset.state ?? '',
      colour: colour!,
      canvases: m.root.querySelectorAll('canvas').length,
      loading: m.root.querySelector('.dash3d-loading') !== null,
    });
  };
  // Until the restarted engine is ready, and a little after.
  await waitFor(
    async () => {
      await sample();
      return m.handle.restarts > 0 && m.root.dataset.state === 'ready';
    },
    'the restarted engine to be ready',
    60_000,
  );
  for (let i = 0; i < 5; i++) await sample();
  const during = samples.filter((s) => s.restarts > 0 && s.state === 'loading');
  // The restart was seen while it happened (the new engine took some samples to start).
  expect(during.length, JSON.stringify(samples)).toBeGreaterThan(0);
  // The kept canvas was on show meanwhile, not the loading screen, and went once the new one drew.
  expect(during.every((s) => s.canvases === 2 && !s.loading)).toBe(true);
  expect(samples.at(-1)!.canvases).toBe(1);
  expect(m.root.querySelector('.dash3d-canvas-retired')).toBeNull();
  // What the page showed: the red sky in every sample.
  expect(samples.filter((s) => distance(s.colour, RED) > 40)).toEqual([]);
}, 90_000);
