import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT, pseudoRandomBytes, sha256 } from './helpers';

/** A port that was free a moment ago. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

let child: ChildProcess;
let out = '';
let base = '';
let token = '';
let dataRoot = '';
let mediaPort = 0;

beforeAll(async () => {
  dataRoot = await mkdtemp(join(tmpdir(), 'dash3d-start-'));
  const [port, mport] = [await freePort(), await freePort()];
  mediaPort = mport;
  base = `http://127.0.0.1:${port}`;
  // As `npm start` runs it, without MEDIA_TOKEN and without the test runner's own settings.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(VITEST|VITE_|NODE_ENV$|MEDIA_TOKEN$|TEST$)/.test(k)));
  child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: PROJECT,
    env: { ...env, PORT: String(port), MEDIA_PORT: String(mport), DATA_ROOT: dataRoot },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Vite colours its banner when the environment forces colour (as CI does): compare plain text.
  const plain = (d: Buffer) => String(d).replace(/\x1b\[[0-9;]*m/g, '');
  child.stdout!.on('data', (d: Buffer) => (out += plain(d)));
  child.stderr!.on('data', (d: Buffer) => (out += plain(d)));
  const deadline = Date.now() + 30_000;
  while (!/Token:\s+(\S+) \(generated/.test(out)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not come up:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  token = /Token:\s+(\S+) \(generated/.exec(out)![1]!;
}, 40_000);

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await rm(dataRoot, { recursive: true, force: true });
});

describe('npm start (scripts/start.mjs)', () => {
  it('prints the playground URL and serves the playground page at /', async () => {
    expect(out).toContain(`${base}/`);
    const page = await fetch(`${base}/?mode=preview`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"></div>');
  });

  it('the playground origin answers the media-library paths (listing, upload, files) with the generated token', async () => {
    const auth = { authorization: `Bearer ${token}` };
    expect((await fetch(`${base}/core/mediaLibrary?catalog=built-in/models`)).status).toBe(401);
    const listing = await fetch(`${base}/core/mediaLibrary?catalog=built-in/models`, { headers: auth });
    expect(listing.status).toBe(200);
    expect((await listing.json()).map((e: { name: string }) => e.name)).toContain('turntable.glb');

    const bytes = pseudoRandomBytes(300_000, 5);
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'through-proxy.glb');
    const up = await fetch(`${base}/core/mediaLibrary/upload?catalog=3d/proxy&action=cover`, { method: 'POST', headers: auth, body: form });
    expect(up.status).toBe(200);
    const { url } = await up.json();
    const served = await fetch(base + url);
    expect(served.headers.get('content-type')).toBe('model/gltf-binary');
    expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(bytes));

    const put = await fetch(`${base}/api/dashboards/saved-1`, { method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body: '{"name":"Saved"}' });
    expect(put.status).toBe(200);
    expect(await (await fetch(`${base}/api/dashboards/saved-1`, { headers: auth })).text()).toBe('{"name":"Saved"}');
  });

  it('the media service also listens on its own loopback port', async () => {
    const res = await fetch(`http://127.0.0.1:${mediaPort}/core/mediaLibrary/config`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
  });

  it('hands the token to the page as import.meta.env.VITE_MEDIA_TOKEN', async () => {
    const mod = await fetch(`${base}/tests/server/support/env-probe.ts`);
    expect(mod.status).toBe(200);
    expect(await mod.text()).toContain(JSON.stringify(token));
  });

  it('stops both servers on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect(fetch(`${base}/`)).rejects.toThrow();
    await expect(fetch(`http://127.0.0.1:${mediaPort}/core/mediaLibrary/config`)).rejects.toThrow();
  });
});
