import type { Page } from 'playwright';

// Helpers that compare whole engine reads inside the page: a 1000x600 readout is too big to ship
// to the test process as JSON every time.

type Kept = { __e2eKept?: Record<string, Uint8Array> };

/**
 * Pixels of the whole scene that differ (any channel by more than 24) between two engine reads
 * `gapMs` apart: 0 for a still scene, many for a playing animation.
 */
export const changedPixels = (page: Page, spaceId: string, gapMs: number) =>
  page.evaluate(
    async ({ sid, gap }) => {
      const h = window.__dash3d!.spaces.get(sid)!;
      await h.settled();
      const a = await h.readPixels();
      await new Promise((r) => setTimeout(r, gap));
      const b = await h.readPixels();
      let n = 0;
      for (let i = 0; i < a.data.length; i += 4)
        if (
          Math.max(
            Math.abs(a.data[i]! - b.data[i]!),
            Math.abs(a.data[i + 1]! - b.data[i + 1]!),
            Math.abs(a.data[i + 2]! - b.data[i + 2]!),
          ) > 24
        )
          n++;
      return n;
    },
    { sid: spaceId, gap: gapMs },
  );

/** Keeps the scene as drawn now in the page, under `name`, for objectOnScreen. */
export const keepScene = (page: Page, spaceId: string, name: string) =>
  page.evaluate(
    async ({ sid, key }) => {
      const h = window.__dash3d!.spaces.get(sid)!;
      await h.settled();
      const w = window as unknown as Kept;
      (w.__e2eKept ??= {})[key] = (await h.readPixels()).data;
    },
    { sid: spaceId, key: name },
  );

/**
 * Where on screen (page CSS pixels) something drawn since keepScene(name) is: the pixel nearest the
 * middle of the scene whose 9x9 neighbourhood all differs from the kept read, mapped from the
 * drawing buffer to the canvas's box. Null when nothing differs.
 */
export const objectOnScreen = (page: Page, spaceId: string, name: string) =>
  page.evaluate(
    async ({ sid, key }) => {
      const h = window.__dash3d!.spaces.get(sid)!;
      await h.settled();
      const p = await h.readPixels();
      const before = (window as unknown as Kept).__e2eKept![key]!;
      const differs = (x: number, y: number) => {
        const i = (y * p.width + x) * 4;
        return (
          Math.max(
            Math.abs(p.data[i]! - before[i]!),
            Math.abs(p.data[i + 1]! - before[i + 1]!),
            Math.abs(p.data[i + 2]! - before[i + 2]!),
          ) > 30
        );
      };
      const inside = (x: number, y: number) => {
        for (let dy = -4; dy <= 4; dy++) for (let dx = -4; dx <= 4; dx++) if (!differs(x + dx, y + dy)) return false;
        return true;
      };
      let best: { x: number; y: number; d: number } | null = null;
      for (let y = 10; y < p.height - 10; y += 3)
        for (let x = 10; x < p.width - 10; x += 3) {
          const d = Math.hypot(x - p.width / 2, y - p.height / 2);
          if ((!best || d < best.d) && inside(x, y)) best = { x, y, d };
        }
      const r = h.canvas()!.getBoundingClientRect();
      return best && { x: r.left + ((best.x + 0.5) * r.width) / p.width, y: r.top + ((best.y + 0.5) * r.height) / p.height };
    },
    { sid: spaceId, key: name },
  );
