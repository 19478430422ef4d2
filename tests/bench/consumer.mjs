// `npm run bench` part 'consumer' (issues 17 and 31): what a host's main thread loads for a space, and
// how soon the space draws, in host apps built from the packed package by their own bundlers, against
// the playground (our own build) showing the same saved scene, in the same run.
//
// The hosts are the consumer tests' apps (tests/consumers: Vite, webpack, Rspack, Next.js, esbuild,
// Parcel), each installed from the tarball and built once per run by support/prepare.mjs, as the
// consumer tests build them; each app's viewer page (host/Viewer.jsx: the plug-in's widgets in
// preview mode from `dash3d/space`, no editor) opens tests/consumers/viewer-scene.json; the
// playground opens the same document as a `?scene=` link in preview mode. All are production builds
// served by their own backends on 127.0.0.1.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp, buildNext, CONSUMERS, freePort, installApp, packTarball, PROJECT, startProcess } from '../consumers/support/prepare.mjs';
import { median } from './median.mjs';

export const CONSUMER_PART = 'consumer';
/** A string every copy of three.js carries, minified or not (its renderer's log prefix). */
const THREE_MARKER = /THREE\.WebGLRenderer/;
const TOKEN = 'bench-token-0123456789abcdef';
const SESSION_KEY = 'dash3d.session';

/**
 * Records, in the page, when the first space reports its first frame (data-state="ready", which the
 * engine sets once it has drawn with nothing pending), on the page's own clock.
 */
const FIRST_FRAME_PROBE = () => {
  window.__firstFrameAt = null;
  const seen = () => {
    if (window.__firstFrameAt === null && document.querySelector('.dash3d-space[data-state="ready"]'))
      window.__firstFrameAt = performance.now();
  };
  new MutationObserver(seen).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
};

/**
 * One load of `url` in a fresh context: the time to the first frame, and every script the main
 * thread's JavaScript engine parsed (DevTools' Debugger.scriptParsed on the page's own target;
 * workers are other targets) whose file had arrived before that frame, weighed as gzip -9 of its source.
 */
async function loadOnce(browser, url, { session } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    if (session) await context.addInitScript(([k, v]) => sessionStorage.setItem(k, v), [SESSION_KEY, session]);
    await context.addInitScript(FIRST_FRAME_PROBE);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const cdp = await context.newCDPSession(page);
    const parsed = [];
    cdp.on('Debugger.scriptParsed', (e) => void parsed.push({ id: e.scriptId, url: e.url }));
    await cdp.send('Debugger.enable');
    await page.goto(url);
    // Polled with plain evaluate: the host app's Content Security Policy (no eval) refuses
    // waitForFunction's compiled predicate.
    let firstFrameMs = null;
    for (const end = Date.now() + 120_000; firstFrameMs === null; await new Promise((r) => setTimeout(r, 50))) {
      if (Date.now() > end) throw new Error(`${url}: no first frame within 120 s`);
      firstFrameMs = await page.evaluate('window.__firstFrameAt');
    }
    // Scripts the page fetched, with when each had arrived (the page's resource timeline; a module
    // worker's imports show there too, so only those the page's own engine parsed are counted).
    const arrived = new Map(
      await page.evaluate(() => performance.getEntriesByType('resource').map((e) => [e.name.split('#')[0], e.responseEnd])),
    );
    const origin = new URL(url).origin;
    const scripts = [];
    for (const s of parsed) {
      if (!s.url.startsWith(origin)) continue;
      const at = arrived.get(s.url.split('#')[0]);
      if (at !== undefined && at > firstFrameMs) continue;
      const { scriptSource } = await cdp.send('Debugger.getScriptSource', { scriptId: s.id });
      scripts.push({
        url: new URL(s.url).pathname,
        gzip: gzipSync(scriptSource, { level: 9 }).length,
        three: THREE_MARKER.test(scriptSource),
      });
    }
    if (errors.length) throw new Error(`${url}: ${errors.join('\n')}`);
    return { firstFrameMs, scripts, gzipBytes: scripts.reduce((n, s) => n + s.gzip, 0), withThree: scripts.filter((s) => s.three).length };
  } finally {
    await context.close();
  }
}

/**
 * The host apps, in the order they are built: the app's folder, the bundler as the tables name it,
 * the build's output folder and its viewer page (with the page's own query: the esbuild app serves
 * the package's files from the copy `dash3d-assets` made, `?vendor`). The Next.js app is built once,
 * with Turbopack (`next build`, Next's default); the consumer tests also build it with webpack.
 */
export const CONSUMER_HOSTS = [
  { name: 'vite', app: 'vite-app', bundler: 'Vite 8', out: 'dist', page: 'viewer.html?' },
  { name: 'webpack', app: 'webpack-app', bundler: 'webpack 5', out: 'dist', page: 'viewer.html?' },
  { name: 'rspack', app: 'rspack-app', bundler: 'Rspack 2', out: 'dist', page: 'viewer.html?' },
  { name: 'next', app: 'next-app', bundler: 'Next.js 16 (Turbopack)', out: 'out-turbopack', page: 'viewer/?' },
  { name: 'esbuild', app: 'esbuild-app', bundler: 'esbuild 0.28 + dash3d-assets', out: 'dist', page: 'viewer.html?vendor&' },
  { name: 'parcel', app: 'parcel-app', bundler: 'Parcel 2.16', out: 'dist', page: 'viewer.html?' },
];

/** The hosts named by `--hosts=a,b` (all when none are named). */
export function consumerHosts(names) {
  if (!names?.length) return CONSUMER_HOSTS;
  const unknown = names.filter((n) => !CONSUMER_HOSTS.some((h) => h.name === n));
  if (unknown.length)
    throw new Error(`--hosts: unknown host app(s) ${unknown.join(', ')}; known: ${CONSUMER_HOSTS.map((h) => h.name).join(', ')}`);
  return CONSUMER_HOSTS.filter((h) => names.includes(h.name));
}

/** @param {import('playwright').Browser} browser */
export async function runConsumerBench(browser, { repeats, log, afterRun, hosts = CONSUMER_HOSTS }) {
  const work = await mkdtemp(join(tmpdir(), 'dash3d-bench-consumer-'));
  const stops = [];
  try {
    const t0 = performance.now();
    log(`[bench] consumer: npm pack, install into ${hosts.map((h) => h.app).join(', ')}...`);
    const tarball = await packTarball(work);
    const dirs = await Promise.all(hosts.map((h) => installApp(work, h.app, tarball)));
    /** Seconds each app's build took (each built once, one after another: the machine's cores are shared). */
    const buildS = {};
    for (const [i, h] of hosts.entries()) {
      log(`[bench] consumer: building ${h.app} (${h.bundler})...`);
      const b0 = performance.now();
      if (h.name === 'next') await buildNext(dirs[i], 'turbopack');
      else await buildApp(dirs[i], h.app);
      buildS[h.name] = Math.round((performance.now() - b0) / 100) / 10;
    }
    const prepareS = Math.round((performance.now() - t0) / 1000);

    const scene = (await readFile(join(CONSUMERS, 'viewer-scene.json'))).toString('base64url');
    const targets = {};
    for (const [i, h] of hosts.entries()) {
      const backend = await startProcess(
        process.execPath,
        [join(dirs[i], 'src', 'host', 'server.mjs'), join(dirs[i], h.out), join(work, `media-${h.name}`)],
        {
          cwd: dirs[i],
          env: { MEDIA_TOKEN: TOKEN },
          pattern: /\{"listening":"([^"]+)"\}/,
        },
      );
      stops.push(backend.stop);
      targets[h.name] = { url: `${backend.match[1]}/${h.page}scene=${scene}` };
    }
    log('[bench] consumer: starting the playground (npm start; it builds dist-playground/ when stale)...');
    const port = await freePort();
    const playground = await startProcess(process.execPath, ['scripts/start.mjs'], {
      cwd: PROJECT,
      env: { PORT: String(port), DATA_ROOT: join(work, 'data'), MEDIA_TOKEN: TOKEN },
      pattern: /Sign in:\s+\S+/,
      // The first start builds the playground.
      ms: 240_000,
    });
    stops.push(playground.stop);
    const pgBase = `http://127.0.0.1:${port}`;
    const res = await fetch(`${pgBase}/api/session`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}` } });
    if (res.status !== 200) throw new Error(`signing in to the playground: ${res.status} ${await res.text()}`);
    const { token: session } = await res.json();
    targets.playground = { url: `${pgBase}/?mode=preview&scene=${scene}`, session };

    const names = [...hosts.map((h) => h.name), 'playground'];
    const runs = Object.fromEntries(names.map((n) => [n, []]));
    for (let r = 0; r < repeats; r++) {
      // Each round starts one further along, so a slow neighbour process does not always hit the same host.
      for (const name of [...names.slice(r % names.length), ...names.slice(0, r % names.length)]) {
        runs[name].push(await loadOnce(browser, targets[name].url, targets[name]));
        afterRun();
      }
      log(
        `[bench] consumer: round ${r + 1} of ${repeats}: first frame, ms: ${names.map((n) => `${n} ${runs[n].at(-1).firstFrameMs.toFixed(0)}`).join(', ')}`,
      );
    }
    const summary = (list) => ({
      firstFrameMs: median(list.map((x) => x.firstFrameMs)),
      gzipBytes: median(list.map((x) => x.gzipBytes)),
      withThree: Math.max(...list.map((x) => x.withThree)),
      scripts: list[0].scripts,
      runs: list.map((x) => Math.round(x.firstFrameMs)),
    });
    return {
      repeats,
      prepareS,
      hosts: hosts.map((h) => ({ name: h.name, app: h.app, bundler: h.bundler, buildS: buildS[h.name], ...summary(runs[h.name]) })),
      playground: summary(runs.playground),
    };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await rm(work, { recursive: true, force: true });
  }
}
