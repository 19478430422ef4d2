import { expect, it } from 'vitest';
import { t } from '../../shared/i18n';
import { meanRgb, rgbDistance } from '../e2e/support/png';
import { findXHandle } from '../e2e/support/project';
import { openSignedIn } from './support/driver';
import { eachBrowser } from './support/suite';
import { screenAt } from './support/screen';
import {
  canvasRect,
  changed,
  clickText,
  engineMean,
  middleOf,
  modelStats,
  pageErrors,
  rectOf,
  screenOf,
  showsSceneError,
  spaceReady,
  switchMode,
  textRect,
  waitFor,
} from './support/playground';

/**
 * The example dashboard the service seeds (server/example.mjs), as a designer and a viewer use it:
 * it opens and draws, a data card follows its variable, a drag turns the view, and the gizmo
 * moves the model. One page per browser, in this order: preview, then back to edit for the gizmo.
 */
const SPACE = 'example-space';
const RUNNING_CARD = 'example-card-running';
/** The host widget on the example's 3D component group (server/example.mjs). */
const GROUP_NOTE = 'Pump 1 · 1 号泵';

eachBrowser('the example dashboard', ({ name, base, page }) => {
  /** Where the group's host widget stands on the page, and whether it is shown (the engine places it with matrix3d). */
  const groupNote = () =>
    page().evaluate((text) => {
      const el = [...document.querySelectorAll('.dash3d-playground *')].find(
        (e) => e.children.length === 0 && e.textContent?.trim() === text,
      );
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height, shown: getComputedStyle(el).visibility === 'visible' };
    }, GROUP_NOTE);
  let noteBefore: { x: number; y: number } | null = null;

  it('opens and draws its model, cards and ground; Firefox in the worker, the fallback says so', async () => {
    await openSignedIn(page(), base, '/?dashboard=example');
    const mode = await spaceReady(page(), SPACE);
    expect(await modelStats(page(), SPACE)).toMatchObject({ total: 2, loaded: 2 });
    // Firefox renders in the worker (WebGL2 there); WebKitGTK has no WebGL on an OffscreenCanvas,
    // so its space runs on the main thread and must say so where the viewer sees it.
    if (name === 'firefox') expect(mode).toBe('worker');
    const notice = await textRect(page(), t('en', 'notice.fallback'));
    expect(notice !== null, `mode ${mode}, fallback notice ${notice ? 'shown' : 'not shown'}`).toBe(mode === 'main');
    // On screen as the engine drew it, in two patches no frame or panel covers: the sky above and
    // the ground below (a blank canvas, or one the browser did not show, fails both). Measured here:
    // the ground equal, the sky within 11 of the engine's read-back, alike in both browsers.
    const shown = await screenOf(page(), await canvasRect(page(), SPACE));
    const sky = { x0: 0.1, y0: 0.05, x1: 0.3, y1: 0.12 };
    const ground = { x0: 0.05, y0: 0.85, x1: 0.3, y1: 0.95 };
    const [skyOnScreen, groundOnScreen] = [sky, ground].map((r) => meanRgb(shown, r.x0, r.y0, r.x1, r.y1));
    expect(rgbDistance(skyOnScreen!, await engineMean(page(), SPACE, sky))).toBeLessThan(20);
    expect(rgbDistance(groundOnScreen!, await engineMean(page(), SPACE, ground))).toBeLessThan(20);
    expect(rgbDistance(skyOnScreen!, groundOnScreen!)).toBeGreaterThan(40);
    expect(await showsSceneError(page())).toBe(false);
  });

  it('left alone for a minute (cards, a group, a spinning pump): the screen shows the scene every time it is looked at (issue 41)', async () => {
    // Firefox: the screen as the X server holds it, since its own screenshot of a worker's canvas
    // waits on the worker and comes back white while the worker is busy (support/screen.ts);
    // WebKit draws on the page's thread, and its screenshot is the screen.
    const look = async () => {
      const r = await canvasRect(page(), SPACE);
      return name === 'firefox' ? screenAt(page(), r) : screenOf(page(), r);
    };
    const looks: { at: number; white: number }[] = [];
    const start = Date.now();
    // A minute in Firefox, where the white frames were seen; WebKit draws on the page's own thread
    // and shows what it drew in every screenshot, so a quarter of it (the moving example costs
    // both cores of the run for as long as it is watched).
    const span = name === 'firefox' ? 60_000 : 15_000;
    while (Date.now() - start < span) {
      const img = await look();
      // The left half of the canvas: in edit mode the editor's panel covers part of its right side.
      let white = 0;
      let all = 0;
      for (let y = Math.floor(img.height * 0.05); y < img.height * 0.95; y++)
        for (let x = 0; x < img.width * 0.45; x++, all++) {
          const i = (y * img.width + x) * 4;
          if (img.data[i]! > 245 && img.data[i + 1]! > 245 && img.data[i + 2]! > 245) white++;
        }
      looks.push({ at: Math.round((Date.now() - start) / 1000), white: Math.round((100 * white) / all) });
      await new Promise((r) => setTimeout(r, 2_000));
    }
    expect(looks.length).toBeGreaterThan(span / 6_000);
    // Blank is white here (the page behind a canvas that shows nothing): never more than a sliver.
    expect(
      looks.filter((l) => l.white > 10),
      JSON.stringify(looks),
    ).toEqual([]);
    expect(await showsSceneError(page())).toBe(false);
  }, 120_000);

  it('keeps the prefiltered environment in Cache Storage, so that the next start uploads it instead of prefiltering', async () => {
    // The engine read its 16-bit float cube back (worker/features/environment-cache.ts): in this
    // browser too (Firefox in the worker, WebKit on the main thread). The context test below then
    // restores the environment from it.
    const kept = await page().evaluate(async () => {
      const cache = await caches.open('dash3d-environments');
      const keys = (await cache.keys()).map((r) => r.url).filter((u) => /\/sky[-.][^/]*exr\?dash3d-pmrem=/.test(u)); // sky-<hash>.exr in a build
      const res = keys[0] ? await cache.match(keys[0]) : undefined;
      return { keys: keys.length, bytes: res ? (await res.arrayBuffer()).byteLength : 0 };
    }, null);
    // The example's default preset (sky, 512 px): a 256 px cube, 6 faces, mip levels down to 8 px.
    expect(kept).toEqual({ keys: 1, bytes: 6 * (256 ** 2 + 128 ** 2 + 64 ** 2 + 32 ** 2 + 16 ** 2 + 8 ** 2) * 4 * 2 });
  });

  it("the 3D component group shows its host widget in the scene, over the canvas, drawn by the browser's own layout", async () => {
    const canvas = await canvasRect(page(), SPACE);
    const note = await waitFor(`${name}: the group's note shown`, async () => ((await groupNote())?.shown ? groupNote() : null), 30_000);
    const centre = middleOf(note);
    expect(centre.x > canvas.x && centre.x < canvas.x + canvas.width && centre.y > canvas.y && centre.y < canvas.y + canvas.height).toBe(
      true,
    );
    // Its text is on screen where the scene alone (the engine's read-back) has none.
    const r = { x0: (note.x - canvas.x) / canvas.width, y0: (note.y - canvas.y) / canvas.height };
    const region = { ...r, x1: r.x0 + note.width / canvas.width, y1: r.y0 + note.height / canvas.height };
    const onScreen = await screenOf(page(), note);
    const scene = await engineMean(page(), SPACE, region);
    expect(rgbDistance(meanRgb(onScreen, 0, 0, 1, 1), scene)).toBeGreaterThan(10);
    noteBefore = centre;
  });

  it('a lost and restored WebGL context: the scene is drawn again, with no error (Firefox: in the worker)', async () => {
    // Firefox throws on a second getContext() of a transferred OffscreenCanvas: the engine must
    // draw on with the restored context it has (worker/engine/surface.ts, SurfaceOptions.context).
    const stats = () => page().evaluate((id) => window.__dash3d!.spaces.get(id)!.stats(), SPACE);
    // Lost for 5 s, not 1: the restore delay is not under test, and the 250 ms WebDriver polls on a loaded machine could miss a short loss.
    expect(await page().evaluate((id) => window.__dash3d!.spaces.get(id)!.simulateContextLoss(5000), SPACE)).toBe(true);
    await waitFor(`${name}: the context to be lost`, async () => (await stats()).contextLost);
    await waitFor(`${name}: the context to come back`, async () => !(await stats()).contextLost, 30_000);
    await spaceReady(page(), SPACE);
    const shown = await screenOf(page(), await canvasRect(page(), SPACE));
    const ground = { x0: 0.05, y0: 0.85, x1: 0.3, y1: 0.95 };
    const sky = { x0: 0.1, y0: 0.05, x1: 0.3, y1: 0.12 };
    const groundOnScreen = meanRgb(shown, ground.x0, ground.y0, ground.x1, ground.y1);
    expect(rgbDistance(groundOnScreen, await engineMean(page(), SPACE, ground))).toBeLessThan(20);
    expect(rgbDistance(meanRgb(shown, sky.x0, sky.y0, sky.x1, sky.y1), groundOnScreen)).toBeGreaterThan(40);
    expect(await pageErrors(page())).toEqual([]);
  });

  it('in preview, a data card follows its variable: its mirror and its drawn pixels change', async () => {
    await switchMode(page(), 'preview');
    await spaceReady(page(), SPACE);
    const mirror = (card: string) =>
      page().evaluate(
        (id) => document.querySelector(`.dash3d-card-mirror[data-card-id="${id}"] .dash3d-card-mirror__value`)?.textContent,
        card,
      );
    await page().evaluate(() => window.__dash3d!.variables.write('running', true), undefined);
    await waitFor(`${name}: the running card shows true`, async () => (await mirror(RUNNING_CARD)) === 'true');
    const canvas = await canvasRect(page(), SPACE);
    const cardBox = async () => {
      const r = (await page().evaluate((id) => window.__dash3d!.spaces.get(id)!.cardRects(), SPACE))[RUNNING_CARD]!;
      expect(r.visible).toBe(true);
      return { x: canvas.x + r.x, y: canvas.y + r.y, width: r.width, height: r.height };
    };
    const before = await screenOf(page(), await cardBox());
    // A host's "set variable": the card's value is drawn again with the new text.
    await page().evaluate(() => window.__dash3d!.variables.write('running', false), undefined);
    await waitFor(`${name}: the running card shows false`, async () => (await mirror(RUNNING_CARD)) === 'false', 30_000);
    await waitFor(`${name}: the card's pixels change`, async () => changed(before, await screenOf(page(), await cardBox())) > 0.01, 30_000);
    // The temperature card follows the simulated device by itself: its mirror shows what the variable holds, then another value.
    const temperature = () =>
      page().evaluate(() => {
        const shown = document.querySelector(
          '.dash3d-card-mirror[data-card-id="example-card-temperature"] .dash3d-card-mirror__value',
        )?.textContent;
        return shown === String(window.__dash3d!.variables.read('temperature')) ? shown : null;
      }, undefined);
    const first = await waitFor(`${name}: the temperature card shows the variable`, temperature, 30_000);
    await waitFor(`${name}: the temperature card shows a new value`, async () => ((await temperature()) ?? first) !== first, 30_000);
    // Issue 42: an alarm in words, in the card mirror's name (marked aria-invalid) and said in the space's live region.
    await page().evaluate(() => window.__dash3d!.variables.write('temperature', 44.5), undefined);
    let seen: unknown;
    const words = async () => {
      const w = await page().evaluate(() => {
        const m = document.querySelector('.dash3d-card-mirror[data-card-id="example-card-temperature"]');
        return {
          name: m && document.getElementById(m.getAttribute('aria-labelledby') ?? '')?.textContent,
          invalid: m?.getAttribute('aria-invalid'),
          said: document.querySelector('[data-widget-id="example-space"] .dash3d-space-announcements')?.textContent,
        };
      }, undefined);
      seen = w;
      return w.invalid === 'true' && w.name?.endsWith('; Alarm 告警: above 40') && w.said?.includes('Alarm 告警: above 40') ? w.said : null;
    };
    const said = await waitFor(`${name}: the temperature card's alarm in words`, words, 30_000).catch((err: Error) => {
      throw new Error(`${err.message}: ${JSON.stringify(seen)}`);
    });
    expect(said).toMatch(/^Temperature 温度 \(°C\) 4\d(\.\d)?, Alarm 告警: above 40/);
    // Issue 42 point 5: the scene's name from its config, and a description of what it holds, with values.
    const a11y = await page().evaluate((id) => {
      const canvas = document.querySelector(`[data-widget-id="${id}"] canvas.dash3d-canvas`);
      const ids = (canvas?.getAttribute('aria-describedby') ?? '').split(' ');
      return {
        role: canvas?.getAttribute('role'),
        name: canvas?.getAttribute('aria-label'),
        description: ids.map((d) => document.getElementById(d)?.textContent ?? '').join(' '),
      };
    }, SPACE);
    expect([a11y.role, a11y.name]).toEqual(['application', 'Pump station']);
    expect(a11y.description).toMatch(/^Models: .+\. Data cards: .*Temperature 温度 \(°C\) \d/);

    // Issue 42 points 1 and 2: Tab from the scene reaches the running card's mirror; the card is
    // drawn with its active look while its mirror has focus, and Enter activates it.
    const look = await screenOf(page(), await cardBox());
    await page().evaluate((id) => window.__dash3d!.spaces.get(id)!.canvas()!.focus(), SPACE);
    const onMirror = () => page().evaluate((id) => document.activeElement?.getAttribute('data-card-id') === id, RUNNING_CARD);
    for (let i = 0; i < 20 && !(await onMirror()); i++) await page().press('Tab');
    expect(await onMirror()).toBe(true);
    await waitFor(
      `${name}: the focused card's active look`,
      async () => changed(look, await screenOf(page(), await cardBox())) > 0.01,
      30_000,
    );
    await page().press('Enter');
    await waitFor(`${name}: Enter activates the card`, () =>
      page().evaluate(
        (id) => document.querySelector(`.dash3d-card-mirror[data-card-id="${id}"]`)?.getAttribute('aria-current') === 'true',
        RUNNING_CARD,
      ),
    );
  });

  it('in preview, a drag on the scene turns the view: the camera moves and the pixels change', async () => {
    const canvas = await canvasRect(page(), SPACE);
    // Somewhere on the ground, where no card or group panel stands over the canvas.
    let from: { x: number; y: number } | null = null;
    for (const [fx, fy] of [
      [0.5, 0.88],
      [0.2, 0.85],
      [0.8, 0.85],
      [0.15, 0.5],
    ] as const) {
      const p = middleOf(canvas, fx, fy);
      if ((await page().evaluate((q) => document.elementFromPoint(q.x, q.y)?.tagName, p)) === 'CANVAS') from = p;
      if (from) break;
    }
    expect(from, 'no bare canvas to drag on').not.toBeNull();
    const view = () => page().evaluate((id) => window.__dash3d!.spaces.get(id)!.getView(), SPACE);
    const viewBefore = await view();
    const before = await screenOf(page(), canvas);
    await page().move(from!);
    await page().down();
    for (let i = 1; i <= 10; i++) await page().move({ x: from!.x + i * 18, y: from!.y - i * 3 });
    await page().up();
    await spaceReady(page(), SPACE);
    const viewAfter = await view();
    expect(Math.hypot(viewAfter.position.x - viewBefore.position.x, viewAfter.position.z - viewBefore.position.z)).toBeGreaterThan(20);
    expect(changed(before, await screenOf(page(), canvas))).toBeGreaterThan(0.05);
    // The group stands in the scene: turning the view moves it on the page (or out of sight).
    const note = await groupNote();
    expect(!note!.shown || Math.hypot(middleOf(note!).x - noteBefore!.x, middleOf(note!).y - noteBefore!.y) > 20).toBe(true);
  });

  it('in edit mode, the gizmo moves the selected model along X (the document follows) and E switches it to rotate', async () => {
    await switchMode(page(), 'edit');
    // Back to the example's overview (its snapshot button): the drag above left the X axis pointing
    // almost at the camera, where a few pixels are hundreds of units.
    await clickText(page(), 'Overview 总览', `[data-frame-id="${SPACE}"]`);
    await spaceReady(page(), SPACE);
    // The camera flies there: the handle is looked for once it stands still.
    const viewNow = () => page().evaluate((id) => window.__dash3d!.spaces.get(id)!.getView(), SPACE);
    let last = '';
    await waitFor(`${name}: the camera at rest`, async () => last === (last = JSON.stringify(await viewNow())), 30_000);
    const modelX = () =>
      page().evaluate(
        () =>
          (window.__dash3d!.dashboard()!.widgets[0]!.children.find((c) => c.id === 'example-model')!.config as { position?: { x: number } })
            .position?.x ?? 0,
        undefined,
      );
    const gizmo = async () => (await page().evaluate((id) => window.__dash3d!.spaces.get(id)!.stats(), SPACE)).gizmo;
    const item = await rectOf(page(), '.dash3d-outline__item[data-widget-id="example-model"]');
    await page().click(middleOf(item!));
    await waitFor(`${name}: the gizmo on the model`, async () => (await gizmo()).attached === 'example-model', 30_000);
    const xBefore = await modelX();
    // The X handle: along the screen's image of +x from the model's origin, where the gizmo says the pointer is on 'X'.
    const canvas = await canvasRect(page(), SPACE);
    const view = await viewNow();
    // The gizmo reports the handle under the pointer as of its last frame: a point counts once the
    // answer holds after the pointer rested there, so the press lands on the handle.
    // Read once the engine has drawn after the move (WebKit's engine shares the page's thread: on a
    // loaded run an answer read at once still told of the point before, and the search missed the handle).
    const onX = async () => {
      await page().evaluate((id) => window.__dash3d!.spaces.get(id)!.settled(), SPACE);
      if ((await gizmo()).axis !== 'X') return false;
      await new Promise((r) => setTimeout(r, 200));
      return (await gizmo()).axis === 'X';
    };
    const { grab, dir } = await findXHandle(view, canvas, { x: xBefore, y: 0, z: 0 }, (p) => page().move(p), onX);
    expect(grab, `the pointer found no X handle (the gizmo at the end: ${JSON.stringify(await gizmo())})`).not.toBeNull();
    await page().down();
    await waitFor(`${name}: the press on the X handle starts a gizmo drag`, async () => (await gizmo()).dragging, 10_000);
    for (let i = 1; i <= 10; i++) await page().move({ x: grab!.x + dir.x * i * 12, y: grab!.y + dir.y * i * 12 });
    await page().up();
    await waitFor(`${name}: the model's x grows in the document`, async () => (await modelX()) > xBefore + 5, 30_000);
    await page().type('e');
    await waitFor(`${name}: E switches the gizmo to rotate`, async () => (await gizmo()).mode === 'rotate', 30_000);
    expect(await showsSceneError(page())).toBe(false);
  });

  it('the page raised no errors along the way', async () => {
    expect(await pageErrors(page())).toEqual([]);
  });
});
