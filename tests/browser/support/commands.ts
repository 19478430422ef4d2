/**
 * Server-side browser commands: real input through Playwright's page.mouse / page.keyboard, so
 * the events go through Chromium's input pipeline (hit testing, pointer capture, focus) exactly as
 * a user's would, rather than being synthesised with dispatchEvent.
 *
 * Positions are fractions (0..1) of the 3D canvas' box. Vitest runs the test page in a scaled
 * iframe, so the box comes from Playwright's locator in that frame (main-page coordinates, what
 * page.mouse expects), never from getBoundingClientRect inside the test.
 */
import type { BrowserCommand, BrowserCommandContext } from 'vitest/node';
import { decodePng, meanRgb } from '../../e2e/support/png.ts';
import { touchCommands } from './touch.ts';

export interface MouseDragArgs {
  fromX: number;
  fromY: number;
  toX: number;
  toY: number;
  /** Intermediate pointermove events; more steps, smoother drag. */
  steps?: number;
  /** Pass through this point on the way (a drag that comes back to where it started). */
  via?: { x: number; y: number };
  button?: 'left' | 'right' | 'middle';
}

const CANVAS = 'canvas.dash3d-canvas';

async function canvasBox(ctx: BrowserCommandContext) {
  const box = await (await ctx.frame()).locator(CANVAS).first().boundingBox();
  if (!box) throw new Error(`${CANVAS} is not visible`);
  return box;
}

const mouseDrag: BrowserCommand<[MouseDragArgs]> = async (ctx, { fromX, fromY, toX, toY, steps = 10, button = 'left', via }) => {
  const box = await canvasBox(ctx);
  const at = (fx: number, fy: number) => [box.x + fx * box.width, box.y + fy * box.height] as const;
  await ctx.page.mouse.move(...at(fromX, fromY));
  await ctx.page.mouse.down({ button });
  if (via) await ctx.page.mouse.move(...at(via.x, via.y), { steps });
  await ctx.page.mouse.move(...at(toX, toY), { steps });
  await ctx.page.mouse.up({ button });
};

/** `clickCount: 2` is a double click: two press/release pairs in one go, as quick as a user's. */
const mouseClick: BrowserCommand<[{ x: number; y: number; clickCount?: number }]> = async (ctx, { x, y, clickCount = 1 }) => {
  const box = await canvasBox(ctx);
  await ctx.page.mouse.click(box.x + x * box.width, box.y + y * box.height, { clickCount });
};

/** Move without a button from one point to another (mouse look under pointer lock). */
const mouseMove: BrowserCommand<[MouseDragArgs]> = async (ctx, { fromX, fromY, toX, toY, steps = 10 }) => {
  const box = await canvasBox(ctx);
  await ctx.page.mouse.move(box.x + fromX * box.width, box.y + fromY * box.height);
  await ctx.page.mouse.move(box.x + toX * box.width, box.y + toY * box.height, { steps });
};

/** Wheel over a point of the canvas; deltaY > 0 scrolls down (zooms out in orbit controls). */
const mouseWheel: BrowserCommand<[{ x?: number; y?: number; deltaX?: number; deltaY: number }]> = async (
  ctx,
  { x = 0.5, y = 0.5, deltaX = 0, deltaY },
) => {
  const box = await canvasBox(ctx);
  await ctx.page.mouse.move(box.x + x * box.width, box.y + y * box.height);
  await ctx.page.mouse.wheel(deltaX, deltaY);
};

/** Key names as Playwright spells them ('KeyW', 'ArrowUp', 'Space'); sent to the focused element. */
const keyDown: BrowserCommand<[key: string]> = async (ctx, key) => ctx.page.keyboard.down(key);
const keyUp: BrowserCommand<[key: string]> = async (ctx, key) => ctx.page.keyboard.up(key);
/** Hold a key for `ms` milliseconds: timed here, so a busy test page cannot stretch the hold. */
const keyHold: BrowserCommand<[key: string, ms: number]> = async (ctx, key, ms) => {
  await ctx.page.keyboard.down(key);
  await new Promise((r) => setTimeout(r, ms));
  await ctx.page.keyboard.up(key);
};

/** A region of the canvas, in fractions of its box. */
export interface ScreenRegion {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Mean colours of regions of the 3D canvas as it is on screen: a Playwright screenshot of the page,
 * so what the compositor shows, not what the engine reads back from its own drawing buffer.
 */
const screenColours: BrowserCommand<[regions: ScreenRegion[], selector?: string]> = async (ctx, regions, selector = CANVAS) => {
  const shot = decodePng(await (await ctx.frame()).locator(selector).first().screenshot({ animations: 'disabled' }));
  return regions.map((r) => meanRgb(shot, r.x0, r.y0, r.x1, r.y1));
};

/**
 * The pixels of a region of the 3D canvas as it is on screen (RGBA, top row first), in the
 * screenshot's own pixels: what the compositor shows, to compare two frames' sharpness.
 */
const screenPixels: BrowserCommand<[region: ScreenRegion]> = async (ctx, r) => {
  const shot = decodePng(await (await ctx.frame()).locator(CANVAS).first().screenshot({ animations: 'disabled' }));
  const x0 = Math.floor(r.x0 * shot.width);
  const y0 = Math.floor(r.y0 * shot.height);
  const width = Math.max(1, Math.floor(r.x1 * shot.width) - x0);
  const height = Math.max(1, Math.floor(r.y1 * shot.height) - y0);
  const data: number[] = [];
  for (let y = y0; y < y0 + height; y++) data.push(...shot.data.subarray((y * shot.width + x0) * 4, (y * shot.width + x0 + width) * 4));
  return { width, height, data };
};

/** The page's `prefers-reduced-motion` as Chromium reports it (null: the system's again). */
const emulateReducedMotion: BrowserCommand<[reduce: boolean | null]> = async (ctx, reduce) =>
  ctx.page.emulateMedia({ reducedMotion: reduce === null ? null : reduce ? 'reduce' : 'no-preference' });

export const browserCommands = {
  emulateReducedMotion,
  mouseDrag,
  mouseMove,
  mouseClick,
  mouseWheel,
  keyDown,
  keyUp,
  keyHold,
  screenColours,
  screenPixels,
  ...touchCommands,
};

declare module 'vitest/browser' {
  interface BrowserCommands {
    mouseDrag(args: MouseDragArgs): Promise<void>;
    mouseMove(args: Omit<MouseDragArgs, 'button' | 'via'>): Promise<void>;
    mouseClick(args: { x: number; y: number; clickCount?: number }): Promise<void>;
    mouseWheel(args: { x?: number; y?: number; deltaX?: number; deltaY: number }): Promise<void>;
    keyDown(key: string): Promise<void>;
    keyUp(key: string): Promise<void>;
    keyHold(key: string, ms: number): Promise<void>;
    emulateReducedMotion(reduce: boolean | null): Promise<void>;
    /** `selector`: another element's box than the 3D canvas' (the space's, to see what covers the canvas too). */
    screenColours(regions: ScreenRegion[], selector?: string): Promise<[number, number, number][]>;
    screenPixels(region: ScreenRegion): Promise<{ width: number; height: number; data: number[] }>;
  }
}
