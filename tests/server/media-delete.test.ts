import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, AUTH, filesOnDisk, list, startTestServer, storedFiles, upload, type TestServer } from './helpers';
import { onS3 } from './store-under-test';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const del = (path: string, headers: Record<string, string> = AUTH) =>
  fetch(`${s.url}/core/mediaLibrary?path=${encodeURIComponent(path)}`, { method: 'DELETE', headers });

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

describe('material saves', () => {
  it('an upload with Cache-Control: no-cache (spec §7 material saves) is stored like any other', async () => {
    const c = '3d/no-cache/custom_eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
    const res = await upload(s, c, 'cut.jpg', JPEG, { action: 'cover', headers: { ...AUTH, 'cache-control': 'no-cache' } });
    expect(res.status).toBe(200);
    expect((await list(s, c)).map((e) => [e.name, e.size])).toEqual([['cut.jpg', JPEG.length]]);
  });
});

describe('DELETE /core/mediaLibrary?path=', () => {
  it('removes a saved material folder with everything in it, and nothing beside it', async () => {
    const a = '3d/materials/custom_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
    const b = '3d/materials/custom_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
    for (const c of [a, b]) {
      expect((await upload(s, c, 'x-physical.airm', '{}', { action: 'cover' })).status).toBe(200);
      expect((await upload(s, c, 'cut.jpg', JPEG, { action: 'cover' })).status).toBe(200);
    }
    const res = await del(a);
    expect(res.status).toBe(200);
    expect(await answer<{ path: string; isDir: boolean }>(res)).toEqual({ path: a, isDir: true });
    expect((await list(s, '3d/materials')).map((e) => e.name)).toEqual(['custom_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb']);
    expect(await storedFiles(s, 'media', '3d/materials')).toEqual([
      'custom_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
      'custom_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/cut.jpg',
      'custom_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/x-physical.airm',
    ]);
  });

  it('removes one file (a renamed material drops its old .airm), keeping the folder', async () => {
    const c = '3d/materials/custom_cccccccccccccccccccccccccccccccc';
    await upload(s, c, 'old-physical.airm', '{}', { action: 'cover' });
    await upload(s, c, 'new-physical.airm', '{}', { action: 'cover' });
    expect((await del(`${c}/old-physical.airm`)).status).toBe(200);
    expect((await list(s, c)).map((e) => e.name)).toEqual(['new-physical.airm']);
  });

  it('answers 404 for nothing there, 401 without the token', async () => {
    expect((await del('3d/materials/custom_nothing')).status).toBe(404);
    const c = '3d/materials/custom_dddddddddddddddddddddddddddddddd';
    await upload(s, c, 'cut.jpg', JPEG, { action: 'cover' });
    expect((await del(c, {})).status).toBe(401);
    expect((await del(c, { authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await list(s, c)).map((e) => e.name)).toEqual(['cut.jpg']);
  });

  it('refuses the root, the built-ins, traversal and a missing path, and deletes nothing', async () => {
    const before = await storedFiles(s, 'media');
    for (const p of [
      '',
      '/',
      'built-in',
      'built-in/materials/brushed-steel-physical',
      'built-in/materials/brushed-steel-physical/cut.jpg',
    ]) {
      const res = await del(p);
      expect([400, 403], p).toContain(res.status);
    }
    for (const p of ['..', '../media', '3d/../..', '3d/materials/../../built-in', '%2e%2e', '3d\\..\\..', '/etc', './3d']) {
      const res = await del(p);
      expect(res.status, p).toBe(400);
    }
    const raw = await fetch(`${s.url}/core/mediaLibrary?path=3d/%2e%2e/%2e%2e`, { method: 'DELETE', headers: AUTH });
    expect(raw.status).toBe(400);
    expect((await fetch(`${s.url}/core/mediaLibrary`, { method: 'DELETE', headers: AUTH })).status).toBe(400);
    expect(await storedFiles(s, 'media')).toEqual(before);
  });

  // A bucket has no symbolic links: this one is the disk store's own.
  // Disk only: a bucket has no symbolic links (the S3 run does not register this case).
  (onS3() ? () => {} : it)('a symbolic link to outside the root is removed itself; its target stays', async () => {
    const outside = join(s.dir, 'outside');
    await mkdir(outside, { recursive: true });
    await writeFile(join(outside, 'keep.txt'), 'keep');
    await mkdir(join(s.root, '3d', 'links'), { recursive: true });
    await symlink(outside, join(s.root, '3d', 'links', 'escape'));
    expect((await del('3d/links/escape')).status).toBe(200);
    expect(await filesOnDisk(outside)).toEqual(['keep.txt']);
  });
});
