import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, PROJECT, pseudoRandomBytes, sha256 } from './helpers';
import { crawl, launch, type Launched } from './launch';

// DATA_ROOT inside the project's own data/ folder (the default place): files stored there must
// still never be served as /data/….
let dataRoot = '';
let dataRel = '';
let app: Launched;
let token = '';
let link = '';

const STALE_UPLOAD = join('media', '3d', 'crashed', '.tmp-0123456789abcdef-model.glb');
const STALE_SAVE = join('dashboards', '.tmp-fedcba9876543210-d1.json');
const KEPT = join('media', '3d', 'crashed', 'finished.glb');

beforeAll(async () => {
  await mkdir(join(PROJECT, 'data'), { recursive: true });
  dataRoot = await mkdtemp(join(PROJECT, 'data', 'start-test-'));
  dataRel = dataRoot.slice(PROJECT.length);
  // What a crash mid-upload and mid-save leave behind, beside a finished file.
  for (const f of [STALE_UPLOAD, STALE_SAVE, KEPT]) {
    await mkdir(join(dataRoot, f, '..'), { recursive: true });
    await writeFile(join(dataRoot, f), 'half written');
  }
  // As `npm start` runs it: no MEDIA_TOKEN (one is generated and printed). The first start of a
  // fresh clone builds dist/ (tens of seconds on a loaded machine).
  app = await launch('scripts/start.mjs', { DATA_ROOT: dataRoot });
  token = (await app.waitFor(/Token:\s+(\S+) \(generated/))[1]!;
  link = (await app.waitFor(/Sign in:\s+(\S+)/))[1]!;
}, 240_000);

afterAll(async () => {
  await app?.stop();
  await rm(dataRoot, { recursive: true, force: true });
});

const auth = () => ({ authorization: `Bearer ${token}` });

describe('npm start (scripts/start.mjs): the built playground and the service on one port', () => {
  it('prints the address and a one-time sign-in link, and serves the page at / and /?…', async () => {
    expect(app.out()).toContain(`Local:   ${app.base}/`);
    expect(link).toMatch(new RegExp(`^${app.base}/#signin=[\\w-]{40,}$`));
    for (const path of ['/', '/?mode=preview', '/?scene=abc&mode=preview']) {
      const page = await fetch(app.base + path);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await page.text()).toContain('<div id="root"></div>');
    }
  });

  it('serves the build with its content types, and 404 for sources, server files, data, dotfiles and folders', async () => {
    const html = await (await fetch(app.base)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    expect((await fetch(app.base + script)).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    // Every file the build made is served (the widgets' CSS is text in the scripts, so there are
    // scripts, the decoders' wasm and the environment presets' .exr).
    const built = await readdir(join(PROJECT, 'dist-playground', 'assets'));
    const types = new Map<string, string | null>();
    for (const name of built) {
      const res = await fetch(`${app.base}/assets/${name}`);
      expect([name, res.status]).toEqual([name, 200]);
      types.set(extname(name), res.headers.get('content-type'));
      await res.arrayBuffer();
    }
    expect(types.get('.wasm')).toBe('application/wasm');
    expect(types.get('.exr')).toBe('image/x-exr');

    const denied = [
      `${dataRel}/${KEPT}`,
      `${dataRel}/media/built-in/models/turntable.glb`,
      '/data/',
      '/server/config.mjs',
      '/server/app.mjs',
      '/package.json',
      '/package-lock.json',
      '/.env',
      '/.env.local',
      '/vite.config.ts',
      '/playground/main.tsx',
      '/src/index.ts',
      '/dist/playground/index.html',
      '/dist-playground/playground/index.html',
      '/.build-stamp',
      '/assets',
      '/assets/',
      '/playground/',
      '/%2e%2e/package.json',
      '/assets/..%2f..%2fpackage.json',
      '/node_modules/three/package.json',
      '/.git/config',
    ];
    for (const path of denied) expect([path, (await fetch(app.base + path)).status]).toEqual([path, 404]);
    // The same file through /media/ is the library's business (public, as the worker fetches it).
    expect((await fetch(`${app.base}/media/3d/crashed/finished.glb`)).status).toBe(200);
  });

  it('no served file contains the token: the page, every script it loads, the worker and the decoders', async () => {
    const files = await crawl(app.base);
    const paths = [...files.keys()];
    // The crawl really reached the render worker's script and the wasm decoders, not just the page.
    // The render worker is built as `new <Worker class>(new URL('/assets/…', import.meta.url), { …, name: 'dash3d-render' })`.
    const workers = [...files.values()].flatMap((t) =>
      [...t.matchAll(/new URL\(["'`]([^"'`]+)["'`][^)]*import\.meta\.url\)\s*,\s*\{[^}]*name:\s*["'`]dash3d-render/g)].map((m) => m[1]!),
    );
    expect(workers.length).toBeGreaterThan(0);
    for (const w of workers) expect(paths).toContain(w);
    expect(paths.filter((p) => p.endsWith('.wasm')).length).toBeGreaterThan(0);
    for (const [path, text] of files) expect([path, text.includes(token)]).toEqual([path, false]);
    // And nothing else in the build either (what the crawl might have missed is served too).
    for (const name of await readdir(join(PROJECT, 'dist-playground', 'assets'))) {
      const text = await (await fetch(`${app.base}/assets/${name}`)).text();
      expect([name, text.includes(token)]).toEqual([name, false]);
    }
  });

  it('the sign-in code works once, for a session the API accepts; MEDIA_TOKEN works for tools', async () => {
    const code = new URL(link).hash.replace('#signin=', '');
    const exchange = () =>
      fetch(`${app.base}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
    const first = await exchange();
    expect(first.status).toBe(200);
    const { token: session } = await answer(first);
    expect(session).not.toBe(token);
    expect((await fetch(`${app.base}/api/dashboards`, { headers: { authorization: `Bearer ${session}` } })).status).toBe(200);
    expect((await exchange()).status).toBe(401);
    expect((await fetch(`${app.base}/api/dashboards`)).status).toBe(401);
    expect((await fetch(`${app.base}/api/dashboards`, { headers: auth() })).status).toBe(200);
  });

  it('the media API, /media/ files and dashboards answer on the same origin', async () => {
    const listing = await fetch(`${app.base}/core/mediaLibrary?catalog=built-in/models`, { headers: auth() });
    expect(listing.status).toBe(200);
    expect((await answer<{ name: string }[]>(listing)).map((e) => e.name)).toContain('turntable.glb');
    const bytes = pseudoRandomBytes(300_000, 5);
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'same-origin.glb');
    const up = await fetch(`${app.base}/core/mediaLibrary/upload?catalog=3d/one&action=cover`, {
      method: 'POST',
      headers: auth(),
      body: form,
    });
    expect(up.status).toBe(200);
    const served = await fetch(app.base + (await answer(up)).url);
    expect(served.headers.get('content-type')).toBe('model/gltf-binary');
    expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(bytes));
    const put = await fetch(`${app.base}/api/dashboards/saved-1`, {
      method: 'PUT',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: '{"name":"Saved"}',
    });
    expect(put.status).toBe(200);
  });

  it('a 30 MB dashboard answers 413 naming the limit in bytes', async () => {
    const body = JSON.stringify({ id: 'big', name: 'x'.repeat(30 * 1024 * 1024), widgets: [] });
    const res = await fetch(`${app.base}/api/dashboards/big`, {
      method: 'PUT',
      headers: { ...auth(), 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'request body larger than the limit of 10485760 bytes', limit: 10485760 });
  });

  it('removed the temporary files a crash left, and kept finished files', async () => {
    const left = (await readdir(dataRoot, { recursive: true })).map(String);
    expect(left).not.toContain(STALE_UPLOAD);
    expect(left).not.toContain(STALE_SAVE);
    expect(left).toContain(KEPT);
    expect(app.out()).toMatch(/Removed 2 unfinished temporary file/);
  });

  it('stops on SIGTERM, and the next start reuses the build', async () => {
    const base = app.base;
    expect(await app.stop()).toBe(0);
    await expect(fetch(`${base}/`)).rejects.toThrow();
    const again = await launch('scripts/start.mjs', { DATA_ROOT: dataRoot, MEDIA_TOKEN: 'again-token' });
    try {
      await again.waitFor(/Sign in:/, 60_000);
      expect(again.out()).not.toMatch(/Building/);
      expect((await fetch(`${again.base}/`)).status).toBe(200);
    } finally {
      expect(await again.stop()).toBe(0);
    }
  });
});
