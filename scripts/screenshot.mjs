// @ts-check
// `npm run screenshot`: the README's picture of the example dashboard (docs/example.png).
// Starts the playground as `npm start` does (scripts/start.mjs: the build, then the media service
// serving it) on a free port with a fresh data folder, so the service seeds the example on its
// first start; signs a Chromium page in through the API, opens the example in preview, waits until
// the 3D space is ready and every asset settled, and saves the page.
//   node scripts/screenshot.mjs [out.png] [--locale=zh_Hans]
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { chromium } from 'playwright';

const PROJECT = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const out = resolve(PROJECT, args.find((a) => !a.startsWith('--')) ?? 'docs/example.png');
const locale = args.find((a) => a.startsWith('--locale='))?.slice('--locale='.length) === 'zh_Hans' ? 'zh-CN' : 'en-US';
/** The playground keeps its session here (playground/host/session.ts). */
const SESSION_KEY = 'dash3d.session';
const EXAMPLE = 'example';
const SPACE = 'example-space';

/** @returns {Promise<number>} a port that was free a moment ago */
const freePort = () =>
  new Promise((ok, fail) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => ok(typeof address === 'object' && address ? address.port : 0));
    });
    srv.on('error', fail);
  });

const dataRoot = await mkdtemp(join(tmpdir(), 'dash3d-screenshot-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const token = randomBytes(16).toString('hex');
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(MEDIA_|DATA_ROOT$|DASHBOARDS_ROOT$)/.test(k)));
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: PROJECT,
  env: { ...env, PORT: String(port), DATA_ROOT: dataRoot, MEDIA_TOKEN: token },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let log = '';
server.stdout.on('data', (d) => (log += d));
server.stderr.on('data', (d) => (log += d));

/** @type {import('playwright').Browser | null} */
let browser = null;
const stop = async () => {
  await browser?.close();
  if (server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  await rm(dataRoot, { recursive: true, force: true });
};

try {
  // The first start of a fresh clone builds the playground first: allow it a few minutes.
  const until = Date.now() + 300_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`scripts/start.mjs exited with ${server.exitCode}`);
    const res = /Sign in:/.test(log) ? await fetch(`${base}/`).catch(() => null) : null;
    if (res?.ok) break;
    if (Date.now() > until) throw new Error(`the playground did not come up at ${base}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const signIn = await fetch(`${base}/api/session`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  if (!signIn.ok) throw new Error(`signing in: ${signIn.status}`);
  const { token: session } = /** @type {{ token: string }} */ (await signIn.json());

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const context = await browser.newContext({ viewport: { width: 1100, height: 760 }, locale, deviceScaleFactor: 1 });
  // Page code as strings: this file is checked as Node code, where the page's globals do not exist.
  await context.addInitScript(`sessionStorage.setItem(${JSON.stringify(SESSION_KEY)}, ${JSON.stringify(session)})`);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('[page error]', e.message));
  await page.goto(`${base}/?dashboard=${EXAMPLE}&mode=preview`);
  const space = page.locator(`[data-frame-id="${SPACE}"] .dash3d-space`).first();
  await space.waitFor({ timeout: 120_000 });
  await page.locator(`[data-frame-id="${SPACE}"] .dash3d-space[data-state="ready"]`).first().waitFor({ timeout: 120_000 });
  // Ready means the first complete frame; settled also waits for the model and every other asset.
  const handle = `window.__dash3d?.spaces.get(${JSON.stringify(SPACE)})`;
  await page.waitForFunction(`!!${handle}?.mode`, undefined, { timeout: 120_000 });
  await page.evaluate(`${handle}.settled()`);
  // Two more frames for the DOM around the scene (the snapshot bar, cards) to paint.
  await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
  await mkdir(dirname(out), { recursive: true });
  await space.screenshot({ path: out });
  if (process.env.SCREENSHOT_PAGE) await page.screenshot({ path: process.env.SCREENSHOT_PAGE });
  console.log(`saved ${out}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  console.error(log);
  process.exitCode = 1;
} finally {
  await stop();
}
