import { t } from '../../../playground/i18n';
import { decodePng, type Image } from '../../e2e/support/png';
import type { BrowserPage } from './driver';

/** What the flows read of the playground in any browser: its DOM and its test hook (playground/testHook.ts). */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Asks `get` until it answers something truthy, and answers that; after `timeout` it fails naming
 * `what` and the last answer, so a flow that cannot happen fails instead of hanging.
 */
export async function waitFor<R>(what: string, get: () => Promise<R>, timeout = 90_000): Promise<NonNullable<R>> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const last = await get();
    if (last) return last;
    if (Date.now() > deadline) throw new Error(`${what} did not happen in ${timeout / 1000} s (last: ${JSON.stringify(last)})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** waitFor a function evaluated in the page. */
export const until = <A, R>(page: BrowserPage, what: string, fn: (arg: A) => R | Promise<R>, arg: A, timeout?: number) =>
  waitFor(`${page.name}: ${what}`, () => page.evaluate(fn, arg), timeout);

/**
 * Waits until the space's root says ready, its handle is exposed and every pending asset settled;
 * answers the engine's mode ('worker', or 'main' where the browser cannot render in a worker).
 */
export async function spaceReady(page: BrowserPage, id: string, timeout = 90_000): Promise<'worker' | 'main'> {
  await until(
    page,
    `space ${id} ready`,
    (sid) => {
      const root = document.querySelector(`[data-frame-id="${sid}"] .dash3d-space`);
      if (root?.getAttribute('data-state') === 'error') throw new Error(`space ${sid} is in error: ${root.textContent}`);
      return root?.getAttribute('data-state') === 'ready' && !!window.__dash3d?.spaces.get(sid)?.mode;
    },
    id,
    timeout,
  );
  return page.evaluate(async (sid) => {
    const h = window.__dash3d!.spaces.get(sid)!;
    // A restart while waiting rejects settled(): the message then says how many the space had.
    const settled = h.settled().catch((e: unknown) => {
      throw new Error(`space ${sid}: ${e instanceof Error ? e.message : String(e)} (restarts: ${h.restarts}, mode: ${h.mode})`);
    });
    // Not settled in 100 s: the engine's own account of itself, before WebDriver's script timeout
    // (120 s) would say only that the script did not end (WebKit, run AH). A page whose thread is
    // stuck does not get here either, which tells the two apart.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        void h
          .stats()
          .catch((e: unknown) => String(e))
          .then((stats) =>
            reject(
              new Error(
                `space ${sid} not settled after 100 s (restarts: ${h.restarts}, mode: ${h.mode}): ${JSON.stringify(stats).slice(0, 3000)}`,
              ),
            ),
          );
      }, 100_000);
    });
    try {
      await Promise.race([settled, late]);
    } finally {
      clearTimeout(timer);
    }
    return h.mode!;
  }, id);
}

/** Models of a space as its engine counts them ({ total, loaded, ... }); null while no engine runs (starting, restarting). */
export const modelStats = (page: BrowserPage, id: string) =>
  page.evaluate(async (sid) => {
    const h = window.__dash3d?.spaces.get(sid);
    return h?.mode ? ((await h.stats().catch(() => null))?.models ?? null) : null;
  }, id);

/** The box of the first element matching `selector`, page CSS px; null when there is none. */
export const rectOf = (page: BrowserPage, selector: string) =>
  page.evaluate((sel) => {
    const r = document.querySelector(sel)?.getBoundingClientRect();
    return r ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
  }, selector);

/** The space's canvas on the page. */
export const canvasRect = async (page: BrowserPage, spaceId: string): Promise<Rect> => {
  const r = await rectOf(page, `[data-frame-id="${spaceId}"] canvas`);
  if (!r) throw new Error(`${page.name}: space ${spaceId} has no canvas`);
  return r;
};

export const middleOf = (r: Rect, fx = 0.5, fy = 0.5) => ({ x: r.x + r.width * fx, y: r.y + r.height * fy });

/** A region of the screen as the browser shows it: the viewport's PNG, cut to `r` (CSS px). */
export async function screenOf(page: BrowserPage, r: Rect): Promise<Image> {
  // Two animation frames first: the page's last DOM change (a loading screen taken away) has been
  // through a rendering update. WebKitGTK's screenshot under load once showed the loading screen
  // of a space whose root already said ready (the official CI, models.test.ts).
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        const timer = setTimeout(done, 1000);
        requestAnimationFrame(() => requestAnimationFrame(() => (clearTimeout(timer), done())));
      }),
    undefined,
  );
  const png = decodePng(await page.screenshot());
  // The PNG has device pixels: scale CSS px by the page's width against the image's.
  const k = png.width / (await page.evaluate(() => window.innerWidth, undefined));
  const x0 = Math.max(0, Math.round(r.x * k));
  const y0 = Math.max(0, Math.round(r.y * k));
  const width = Math.min(png.width - x0, Math.round(r.width * k));
  const height = Math.min(png.height - y0, Math.round(r.height * k));
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    data.set(png.data.subarray(((y0 + y) * png.width + x0) * 4, ((y0 + y) * png.width + x0 + width) * 4), y * width * 4);
  return { width, height, data };
}

/** Fraction (0..1) of pixels of two same-sized images that differ by more than `by` in a channel. */
export function changed(a: Image, b: Image, by = 30): number {
  if (a.width !== b.width || a.height !== b.height)
    throw new Error(`images differ in size: ${a.width}x${a.height}, ${b.width}x${b.height}`);
  let n = 0;
  for (let i = 0; i < a.data.length; i += 4)
    if (
      Math.max(Math.abs(a.data[i]! - b.data[i]!), Math.abs(a.data[i + 1]! - b.data[i + 1]!), Math.abs(a.data[i + 2]! - b.data[i + 2]!)) > by
    )
      n++;
  return n / (a.width * a.height);
}

/** Page errors, less the one React prints in development builds for every page. */
export const pageErrors = async (page: BrowserPage) => (await page.errors()).filter((e) => !/Download the React DevTools/.test(e));

/** Whether the scene's error message (ui.sceneError) is shown anywhere on the page. */
export const showsSceneError = (page: BrowserPage) =>
  page.evaluate((text) => document.body.innerText.includes(text), t('en', 'ui.sceneError'));

/**
 * Where the innermost visible element reading exactly `text` is (under `scope`, a selector), like
 * a user finding a button by its label; null when none is shown.
 */
export const textRect = (page: BrowserPage, text: string, scope = 'body') =>
  page.evaluate(
    ({ want, sel }) => {
      const root = document.querySelector(sel);
      if (!root) return null;
      let best: DOMRect | null = null;
      for (const el of root.querySelectorAll('*')) {
        if (el.textContent?.trim() !== want) continue;
        const r = el.getBoundingClientRect();
        // Later matches are deeper (document order): the label itself rather than its wrappers.
        if (r.width > 0 && r.height > 0) best = r;
      }
      return best && { x: best.x, y: best.y, width: best.width, height: best.height };
    },
    { want: text, sel: scope },
  );

/** Clicks the middle of what textRect finds, once it is shown. */
export async function clickText(page: BrowserPage, text: string, scope?: string) {
  await page.click(middleOf(await waitFor(`${page.name}: '${text}' shown`, () => textRect(page, text, scope), 30_000)));
}

/** Where the form control labelled `label` (a <label for>, as antd's form items are) is, under `scope`. */
export const fieldRect = (page: BrowserPage, label: string, scope = 'body') =>
  page.evaluate(
    ({ want, sel }) => {
      const l = [...(document.querySelector(sel)?.querySelectorAll('label') ?? [])].find((x) => x.textContent?.trim() === want);
      const r = (l?.htmlFor ? document.getElementById(l.htmlFor) : null)?.getBoundingClientRect();
      return r ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
    },
    { want: label, sel: scope },
  );

/** Types `text` over what the field labelled `label` holds, as a user would (click, select all, type, Enter). */
export async function fill(page: BrowserPage, label: string, text: string, scope?: string) {
  await page.click(middleOf(await waitFor(`${page.name}: field '${label}' shown`, () => fieldRect(page, label, scope), 30_000)));
  await page.press('SelectAll');
  await page.type(text);
  await page.press('Enter');
}

/** What the select labelled `label` (antd) shows as chosen. */
const chosen = (page: BrowserPage, label: string, scope: string) =>
  page.evaluate(
    ({ want, sel }) => {
      const l = [...(document.querySelector(sel)?.querySelectorAll('label') ?? [])].find((x) => x.textContent?.trim() === want);
      const select = (l?.htmlFor ? document.getElementById(l.htmlFor) : null)?.closest('.ant-select');
      return select?.textContent?.trim() ?? null;
    },
    { want: label, sel: scope },
  );

/**
 * Where `text` is once it stays put: antd's list slides in (scaled from its top edge), and an
 * option measured mid-slide is clicked where the one above it lands (a loaded WebKit chose
 * 'Phong' for 'Shader' three times so). Two equal looks a poll apart (250 ms), no motion class left.
 */
async function settledRect(page: BrowserPage, text: string, scope: string) {
  let last = '';
  return waitFor(
    `${page.name}: '${text}' shown and still`,
    async () => {
      const moving = await page.evaluate(
        (sel) => !!document.querySelector(sel)?.matches('[class*="-enter"], [class*="-appear"], [class*="-leave"]'),
        scope,
      );
      const r = await textRect(page, text, scope);
      const now = JSON.stringify(r);
      const still = !!r && !moving && now === last;
      last = now;
      return still ? r : null;
    },
    30_000,
  );
}

/**
 * Chooses `option` in the select labelled `label` (antd), as a user would: open it, click the
 * option. Tried again if the list was still sliding in under the click, until the select shows it.
 */
export async function choose(page: BrowserPage, label: string, option: string, scope = 'body') {
  for (let attempt = 1; ; attempt++) {
    await page.click(middleOf(await waitFor(`${page.name}: field '${label}' shown`, () => fieldRect(page, label, scope), 30_000)));
    await page.click(middleOf(await settledRect(page, option, '.ant-select-dropdown:not(.ant-select-dropdown-hidden)')));
    const ok = await waitFor(`${page.name}: '${option}' chosen`, async () => (await chosen(page, label, scope)) === option, 5_000).catch(
      () => false,
    );
    if (ok) return;
    if (attempt === 3)
      throw new Error(`${page.name}: '${option}' could not be chosen in '${label}' (shows ${await chosen(page, label, scope)})`);
  }
}

/** The toolbar's Edit / Preview switch, clicked, and the playground in that mode. */
export async function switchMode(page: BrowserPage, mode: 'edit' | 'preview') {
  await clickText(page, t('en', mode === 'edit' ? 'playground.mode.edit' : 'playground.mode.preview'));
  await until(page, `${mode} mode`, (m) => !!document.querySelector(`.dash3d-playground[data-mode="${m}"]`), mode);
}

/** A rectangle in fractions of an image's width and height. */
export interface Region {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Mean colour of a region of the scene as the engine drew it (readPixels through the test hook). */
export const engineMean = (page: BrowserPage, spaceId: string, r: Region) =>
  page.evaluate(
    async ({ sid, r }) => {
      const h = window.__dash3d!.spaces.get(sid)!;
      await h.settled();
      const p = await h.readPixels();
      const sum = [0, 0, 0];
      let n = 0;
      for (let y = Math.floor(p.height * r.y0); y < Math.floor(p.height * r.y1); y++)
        for (let x = Math.floor(p.width * r.x0); x < Math.floor(p.width * r.x1); x++, n++)
          for (let c = 0; c < 3; c++) sum[c]! += p.data[(y * p.width + x) * 4 + c]!;
      return sum.map((s) => Math.round(s / n)) as [number, number, number];
    },
    { sid: spaceId, r },
  );
