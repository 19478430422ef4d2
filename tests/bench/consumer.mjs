// `npm run bench` part 'consumer' (issue 17): what a host's main thread loads for a space, and how
// soon the space draws, in a host app built from the packed package by its own bundler, against the
// playground (our own build) showing the same saved scene, in the same run.
//
// The host is the consumer tests' Vite app (tests/consumers/vite-app), its viewer page
// (host/Viewer.jsx: the plug-in's widgets in preview mode, no editor) opening
// tests/consumers/viewer-scene.json; the playground opens the same document as a `?scene=` link
// in preview mode. Both are production builds served by their own backends on 127.0.0.1.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp, CONSUMERS, freePort, installApp, packTarball, PROJECT, startProcess } from '../consumers/support/prepare.mjs';
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

/** @param {import('playwright').Browser} browser */
export async function runConsumerBench(browser, { repeats, log, afterRun }) {
  const work = await mkdtemp(join(tmpdir(), 'dash3d-bench-consumer-'));
  const stops = [];
  try {
    const t0 = performance.now();
    log('[bench] consumer: npm pack, install into the Vite app, vite build...');
    const tarball = await packTarball(work);
    const app = await installApp(work, 'vite-app', tarball);
    await buildApp(app, 'vite-app');
    const prepareS = Math.round((performance.now() - t0) / 1000);

    const backend = await startProcess(process.execPath, [join(app, 'src', 'host', 'server.mjs'), join(app, 'dist'), join(work, 'media')], {
      cwd: app,
      env: { MEDIA_TOKEN: TOKEN },
      pattern: /\{"listening":"([^"]+)"\}/,
    });
    stops.push(backend.stop);
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

    const scene = (await readFile(join(CONSUMERS, 'viewer-scene.json'))).toString('base64url');
    const hosts = {
      consumer: { url: `${backend.match[1]}/viewer.html?scene=${scene}` },
      playground: { url: `${pgBase}/?mode=preview&scene=${scene}`, session },
    };
    const runs = { consumer: [], playground: [] };
    for (let r = 0; r < repeats; r++) {
      // Alternate which host goes first, so a slow neighbour process does not always hit the same one.
      for (const name of r % 2 ? ['playground', 'consumer'] : ['consumer', 'playground']) {
        runs[name].push(await loadOnce(browser, hosts[name].url, hosts[name]));
        afterRun();
      }
      log(
        `[bench] consumer: round ${r + 1} of ${repeats}: first frame ${runs.consumer.at(-1).firstFrameMs.toFixed(0)} ms (host app) / ${runs.playground.at(-1).firstFrameMs.toFixed(0)} ms (playground)`,
      );
    }
    const summary = (list) => ({
      firstFrameMs: median(list.map((x) => x.firstFrameMs)),
      gzipBytes: median(list.map((x) => x.gzipBytes)),
      withThree: Math.max(...list.map((x) => x.withThree)),
      scripts: list[0].scripts,
      runs: list.map((x) => Math.round(x.firstFrameMs)),
    });
    return { repeats, prepareS, consumer: summary(runs.consumer), playground: summary(runs.playground) };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await rm(work, { recursive: true, force: true });
  }
}
