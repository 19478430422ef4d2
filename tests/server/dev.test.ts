import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, PROJECT } from './helpers';
import { launch, type Launched } from './launch';

let dataRoot = '';
let app: Launched;

const MEDIA_TOKEN = 'dev-token-0123456789';
const MIB = 1024 * 1024;

beforeAll(async () => {
  dataRoot = await mkdtemp(join(tmpdir(), 'dash3d-dev-'));
  app = await launch('scripts/dev.mjs', { DATA_ROOT: dataRoot, MEDIA_TOKEN });
  await app.waitFor(/Sign in:\s+\S+#signin=/, 60_000);
}, 90_000);

afterAll(async () => {
  await app?.stop();
  await rm(dataRoot, { recursive: true, force: true });
});

describe('npm run dev (scripts/dev.mjs): Vite with hot reload, only the page sources', () => {
  it('serves the page and its sources, and the media API through its proxy', async () => {
    const page = await fetch(`${app.base}/?mode=preview`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/@vite/client');
    expect((await fetch(`${app.base}/playground/main.tsx`)).status).toBe(200);
    expect((await fetch(`${app.base}/@vite/client`)).status).toBe(200);
    expect(
      (await fetch(`${app.base}/core/mediaLibrary/config`, { headers: { authorization: 'Bearer dev-token-0123456789' } })).status,
    ).toBe(200);
    expect((await fetch(`${app.base}/core/mediaLibrary/config`)).status).toBe(401);
  });

  it('answers 404 for server files, data, .env, package.json, tests and paths that climb out, without Vite re-optimising', async () => {
    const before = app.out();
    const denied = [
      '/server/config.mjs',
      '/server/app.mjs?import',
      '/package.json',
      '/package-lock.json',
      '/.env',
      '/.env.local',
      '/data/media/built-in/models/turntable.glb',
      '/tests/server/helpers.ts',
      '/vite.config.ts',
      '/scripts/start.mjs',
      '/playground/%2e%2e/server/config.mjs',
      '/%2e%2e/package.json',
      '/playground/.env',
      `/@fs${PROJECT}/server/config.mjs`,
      `/@fs${join(PROJECT, '..', 'shared', 'fixtures')}/gltf/RobotExpressive.glb`,
      '/@fs/etc/passwd',
    ];
    for (const path of denied) expect([path, (await fetch(app.base + path)).status]).toEqual([path, 404]);
    // Denied before Vite saw them: Vite would have optimised what they import (the service's
    // fastify) and said so. Only those names count: on a clean clone the page's own cold start may
    // still be scanning and optimising its dependencies meanwhile ("optimized dependencies changed").
    await new Promise((r) => setTimeout(r, 1000));
    expect(app.out().slice(before.length)).not.toMatch(/fastify/i);
  });
});

/**
 * A JSON document of about `mib` MiB as a stream of 1 MiB pieces: fetch sends it chunked, without
 * Content-Length, and the test holds only one piece in memory.
 */
function streamedJson(mib: number): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  const filler = enc.encode('x'.repeat(MIB));
  const pieces = [enc.encode('{"id":"big","name":"'), ...Array.from({ length: mib }, () => filler), enc.encode('","widgets":[]}')];
  return new ReadableStream({
    pull(controller) {
      const next = pieces.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}

describe("npm run dev: a dashboard over the limit, through Vite's proxy", () => {
  const TOO_LARGE = { error: 'request body larger than the limit of 10485760 bytes', limit: 10485760 };
  let session = '';

  beforeAll(async () => {
    // Signed in as the editor is: a session traded for the token on the dev origin.
    const res = await fetch(`${app.base}/api/session`, { method: 'POST', headers: { authorization: `Bearer ${MEDIA_TOKEN}` } });
    session = (await answer(res)).token;
  });

  const put = (body: RequestInit['body'], streamed = false) =>
    fetch(`${app.base}/api/dashboards/big`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${session}`, 'content-type': 'application/json' },
      body,
      ...(streamed ? { duplex: 'half' } : {}),
    });

  it('a 30 MB dashboard sent as the editor sends it (one string, with Content-Length) answers 413 naming the limit, not 502', async () => {
    const res = await put(JSON.stringify({ id: 'big', name: 'x'.repeat(30 * MIB), widgets: [] }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(TOO_LARGE);
  });

  // 100 MB: past the 64 MiB the service used to read before cutting the connection (a 502 here).
  it('sent chunked without Content-Length, 30 MB and 100 MB answer 413 naming the limit too', async () => {
    for (const mib of [30, 100]) {
      const res = await put(streamedJson(mib), true);
      expect([mib, res.status]).toEqual([mib, 413]);
      expect(await res.json()).toEqual(TOO_LARGE);
    }
  });

  it('stored nothing, the proxy reported no error, and a dashboard within the limit still saves', async () => {
    // Only what the first start seeded (the example dashboard and its marker).
    const stored = (await readdir(join(dataRoot, 'dashboards')).catch(() => [])).filter((n) => n !== 'example.json' && !n.startsWith('.'));
    expect(stored).toEqual([]);
    expect(app.out()).not.toMatch(/proxy error/i);
    const res = await put(JSON.stringify({ id: 'big', name: 'Small', widgets: [] }));
    expect(res.status).toBe(200);
    expect((await answer(res)).name).toBe('Small');
  });
});
