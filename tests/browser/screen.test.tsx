/**
 * What the page shows of the render worker's frames. The other browser tests read pixels back from
 * the engine's drawing buffer; these read the screen (a Playwright screenshot of the canvas), so
 * they fail when a frame is drawn but never shown, never replaced by the next, stretched wrong or upside down, or
 * when its transparency is lost on the way to the page. (Written for a trial that handed frames to
 * the page as bitmaps, not kept: docs/frame-budget.md; they hold for any way of presenting.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { EMPTY, mountSpace, unmountAll, waitFor } from './support/harness';
import { revokeImages, split } from './support/images';

afterEach(() => {
  unmountAll();
  revokeImages();
});

type RGB = [number, number, number];
const CENTRE = { x0: 0.4, y0: 0.4, x1: 0.6, y1: 0.6 };
const CORNERS = [
  { x0: 0.01, y0: 0.01, x1: 0.06, y1: 0.06 },
  { x0: 0.94, y0: 0.01, x1: 0.99, y1: 0.06 },
  { x0: 0.01, y0: 0.94, x1: 0.06, y1: 0.99 },
  { x0: 0.94, y0: 0.94, x1: 0.99, y1: 0.99 },
];
const TOP = { x0: 0.1, y0: 0.05, x1: 0.9, y1: 0.3 };
const BOTTOM = { x0: 0.1, y0: 0.7, x1: 0.9, y1: 0.95 };

const near = (a: RGB, b: RGB, tolerance = 4) => a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);
const scene = (sceneConfig: object, more: object = {}) => ({ ...EMPTY, ...more, sceneConfig: { ...EMPTY.sceneConfig, ...sceneConfig } });

/** Waits until every region of the screenshot is near its colour; fails naming what the screen showed. */
async function screenShows(expected: { region: (typeof CORNERS)[number]; rgb: RGB }[], what: string) {
  let last: RGB[] = [];
  try {
    await waitFor(
      async () => {
        last = await commands.screenColours(expected.map((e) => e.region));
        return last.every((c, i) => near(c, expected[i]!.rgb));
      },
      what,
      10_000,
    );
  } catch (err) {
    throw new Error(
      `${(err as Error).message}; the screen showed ${JSON.stringify(last)}, expected ${JSON.stringify(expected.map((e) => e.rgb))}`,
      { cause: err },
    );
  }
}

describe("the page shows the render worker's frames", () => {
  it('the whole canvas shows the frame drawn, and the next one after a change', async () => {
    const m = await mountSpace(scene({ background: '#336699' }));
    expect(m.handle.mode).toBe('worker');
    const blue: RGB = [51, 102, 153];
    await screenShows(
      [CENTRE, ...CORNERS].map((region) => ({ region, rgb: blue })),
      'the first frame on screen',
    );

    await m.update(scene({ background: '#cc3300' }));
    const red: RGB = [204, 51, 0];
    await screenShows(
      [CENTRE, ...CORNERS].map((region) => ({ region, rgb: red })),
      'the changed frame on screen',
    );
  });

  it('a drawing buffer smaller than the canvas box fills the box, the right way up', async () => {
    const panorama = await split('#ff0000', '#0000ff', 256, 128);
    // Looking horizontally: the sky (the image's top half) fills the upper half of the view.
    const horizontal = {
      cameraConfig: { cameraPositon: { x: 0, y: 0, z: 500 }, cameraLookAt: { x: 0, y: 0, z: 0 } },
      renderConfig: { resolution: 'fixed', pixelRatio: 0.5 },
    };
    const m = await mountSpace(scene({ background: '#336699', backgroundImage: { imageType: 'panorama', panorama } }, horizontal), {
      width: 320,
      height: 200,
    });
    const { resolution } = await m.handle.stats();
    expect(resolution.buffer).toEqual([Math.round(320 * resolution.pixelRatio), Math.round(200 * resolution.pixelRatio)]);
    expect(resolution.pixelRatio).toBeLessThan(resolution.devicePixelRatio);
    await screenShows(
      [
        { region: TOP, rgb: [255, 0, 0] },
        { region: BOTTOM, rgb: [0, 0, 255] },
        { region: CORNERS[0]!, rgb: [255, 0, 0] },
        { region: CORNERS[3]!, rgb: [0, 0, 255] },
      ],
      'the panorama, red above and blue below, over the whole box',
    );
  });

  it('a transparent background shows the page under the canvas', async () => {
    const m = await mountSpace(scene({ background: '#336699' }));
    m.host.style.background = '#00ff00';
    await screenShows([{ region: CENTRE, rgb: [51, 102, 153] }], 'the background colour');
    await m.update(scene({ background: '' }));
    await screenShows(
      [CENTRE, ...CORNERS].map((region) => ({ region, rgb: [0, 255, 0] as RGB })),
      "the page's green through the canvas",
    );
  });
});
