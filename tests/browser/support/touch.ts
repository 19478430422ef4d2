/**
 * Browser commands for touch: real fingers through Chromium's input pipeline (the CDP touch events
 * of tests/e2e/support/touch.ts), as the mouse commands give a real mouse (commands.ts).
 *
 * Positions are fractions (0..1) of the 3D canvas' box, read from Playwright's locator in the test
 * frame (main-page coordinates, what CDP expects), never from getBoundingClientRect in the test.
 */
import type { BrowserCommand } from 'vitest/node';
import { touchGesture, touchSession, type Finger, type GestureOptions } from '../../e2e/support/touch.ts';

export interface TouchArgs extends GestureOptions {
  /** Each finger as [fromX, fromY, toX, toY], fractions of the canvas' box. */
  fingers: Finger[];
}

const CANVAS = 'canvas.dash3d-canvas';

const touch: BrowserCommand<[TouchArgs]> = async (ctx, { fingers, ...opts }) => {
  const box = await (await ctx.frame()).locator(CANVAS).first().boundingBox();
  if (!box) throw new Error(`${CANVAS} is not visible`);
  const x = (f: number) => box.x + f * box.width;
  const y = (f: number) => box.y + f * box.height;
  await touchGesture(
    ctx.page,
    fingers.map(([fx, fy, tx, ty]) => [x(fx), y(fy), x(tx), y(ty)]),
    opts,
  );
};

/** The page is a tablet's from now on (navigator.maxTouchPoints 5), as before a space is mounted on it. */
const enableTouch: BrowserCommand<[]> = async (ctx) => void (await touchSession(ctx.page));

export const touchCommands = { touch, enableTouch };

declare module 'vitest/browser' {
  interface BrowserCommands {
    touch(args: TouchArgs): Promise<void>;
    enableTouch(): Promise<void>;
  }
}
