import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMediaServer } from '../../server/app.mjs';
import { answer, AUTH, TOKEN, filesOnDisk, startTestServer, storedFiles, upload, type TestServer } from './helpers';
import { onS3 } from './store-under-test';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ seed: false });
});
afterAll(() => s.close());

/** Over-long or invalid catalogs and paths, each as a client could send it. */
const LONG_CATALOGS = {
  'one 5000-character name': 'a'.repeat(5000),
  '25 names of 200 characters': `${'b'.repeat(200)}/`.repeat(25),
  '1700 short names': 'ab/'.repeat(1700),
  'multi-byte name over 255 bytes': 'é'.repeat(200),
};

describe('over-long and invalid paths answer 400 with a message, never 500', () => {
  for (const [what, catalog] of Object.entries(LONG_CATALOGS)) {
    it(`listing and uploading into ${what}`, async () => {
      const listing = await s.get(`/core/mediaLibrary?catalog=${encodeURIComponent(catalog)}`);
      expect(listing.status).toBe(400);
      expect((await answer(listing)).error).toMatch(/too long/);
      const up = await upload(s, catalog, 'm.glb', 'glb bytes');
      expect(up.status).toBe(400);
      const { error } = await answer(up);
      expect(error).toMatch(/too long/);
      // A 5000-character name is not echoed back whole.
      expect(error.length).toBeLessThan(200);
      const file = await fetch(`${s.url}/media/${catalog.split('/').map(encodeURIComponent).join('/')}/m.glb`);
      expect(file.status).toBe(400);
    });
  }

  it('a file name over 255 bytes in an upload, and a catalog given twice', async () => {
    const up = await upload(s, '3d/x', `${'n'.repeat(300)}.glb`, 'bytes');
    expect(up.status).toBe(400);
    expect((await answer(up)).error).toMatch(/name too long/);
    const twice = await s.get('/core/mediaLibrary?catalog=a&catalog=b');
    expect(twice.status).toBe(400);
  });

  it("a dashboard id over 64 characters is 400; a 5000-character one 414 (fastify's own limit on path parameters)", async () => {
    const res = await fetch(`${s.url}/api/dashboards/${'d'.repeat(80)}`, { headers: AUTH });
    expect(res.status).toBe(400);
    expect((await answer(res)).error).toMatch(/1 to 64/);
    expect(
      (
        await fetch(`${s.url}/api/dashboards/${'d'.repeat(5000)}`, {
          method: 'PUT',
          headers: { ...AUTH, 'content-type': 'application/json' },
          body: '{}',
        })
      ).status,
    ).toBe(414);
  });
});

describe('a dashboard over the limit', () => {
  it('answers 413 with the limit in bytes, and stores nothing', async () => {
    const small = await startTestServer({ seed: false, maxDashboardBytes: 1000 });
    try {
      const res = await fetch(`${small.url}/api/dashboards/big`, {
        method: 'PUT',
        headers: { ...AUTH, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'x'.repeat(2000) }),
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ error: 'request body larger than the limit of 1000 bytes', limit: 1000 });
      expect(await storedFiles(small, 'dashboards')).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it('an upload over its limit names that limit too', async () => {
    const small = await startTestServer({ seed: false, maxUploadBytes: 100 });
    try {
      const res = await upload(small, '3d/x', 'big.glb', 'x'.repeat(200));
      expect(res.status).toBe(413);
      expect((await answer(res)).limit).toBe(100);
    } finally {
      await small.close();
    }
  });
});

// The disk store's own crash leftovers. On S3 a crash leaves an open multipart upload instead, which
// is never listed (multi-instance.test.ts kills an instance mid-upload).
// Disk only: the bucket's half-done uploads are multipart uploads (tests/server/multi-instance.test.ts).
(onS3() ? () => {} : describe)('hidden temporary files left by a crash are removed at start', () => {
  it('removes .tmp- files anywhere under the media and dashboard roots, keeps everything else', async () => {
    const root = join(s.dir, 'crash', 'media');
    const dashboardsRoot = join(s.dir, 'crash', 'dashboards');
    const files = {
      [join(root, '3d', 'abc', '.tmp-0011223344556677-robot.glb')]: false,
      [join(root, '.tmp-8899aabbccddeeff-top.png')]: false,
      [join(dashboardsRoot, '.tmp-0123456789abcdef-d1.json')]: false,
      [join(root, '3d', 'abc', 'robot.glb')]: true,
      [join(root, '3d', 'abc', '.keep')]: true,
      [join(dashboardsRoot, 'd1.json')]: true,
    };
    for (const f of Object.keys(files)) {
      await mkdir(join(f, '..'), { recursive: true });
      await writeFile(f, 'x');
    }
    const started = await startMediaServer({ root, dashboardsRoot, token: TOKEN, seed: false });
    try {
      expect(started.removedTempFiles.sort()).toEqual(
        [
          join('.tmp-8899aabbccddeeff-top.png'),
          join('3d', 'abc', '.tmp-0011223344556677-robot.glb'),
          '.tmp-0123456789abcdef-d1.json',
        ].sort(),
      );
      expect(await filesOnDisk(root)).toEqual(['3d', join('3d', 'abc'), join('3d', 'abc', '.keep'), join('3d', 'abc', 'robot.glb')]);
      expect(await filesOnDisk(dashboardsRoot)).toEqual(['d1.json']);
    } finally {
      await started.app.close();
    }
  });
});

describe('sessions (POST /api/session)', () => {
  it('a sign-in code gives one session; a second use, an unknown code and a bad body are refused', async () => {
    const code = s.sessions.newCode();
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${s.url}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const first = await post({ code });
    expect(first.status).toBe(200);
    const { token } = await answer(first);
    expect(token).toMatch(/^[\w-]{40,}$/);
    expect((await s.get('/api/dashboards', { authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await s.get('/api/session', { authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await post({ code })).status).toBe(401);
    expect((await post({ code: 'not-a-code' })).status).toBe(401);
    expect((await post({ code: 42 })).status).toBe(400);
    expect((await post({ code: 'x'.repeat(5000) })).status).toBe(400);
    // MEDIA_TOKEN can be traded for a session (tools, tests); a wrong token cannot.
    expect((await post({}, AUTH)).status).toBe(200);
    expect((await post({}, { authorization: 'Bearer wrong' })).status).toBe(400);
    // Ending the session: the token stops working.
    expect((await fetch(`${s.url}/api/session`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await s.get('/api/dashboards', { authorization: `Bearer ${token}` })).status).toBe(401);
  });
});
