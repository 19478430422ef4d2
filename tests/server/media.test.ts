import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaListSchema, UploadResponseSchema, modelUploadCatalog } from '../../shared/schema';
import { answer, AUTH, FIXTURES, bytesAt, list, sha256, startTestServer, upload, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('listing (GET /core/mediaLibrary?catalog=)', () => {
  it('answers a JSON array of {name, path, filePath} that the shared schema accepts, folders marked', async () => {
    const res = await s.get('/core/mediaLibrary?catalog=built-in/materials');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const entries = MediaListSchema.parse(await res.json());
    expect(entries.map((e) => e.name)).toContain('brushed-steel-physical');
    const steel = entries.find((e) => e.name === 'brushed-steel-physical')!;
    expect(steel).toMatchObject({
      path: 'built-in/materials/brushed-steel-physical',
      filePath: '/media/built-in/materials/brushed-steel-physical',
      isDir: true,
    });
    // Spec §7 "Thumbnail: media URL + file path + /cut.jpg".
    const thumb = await fetch(`${s.url}${steel.filePath}/cut.jpg?r=${Math.random()}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
  });

  it('lists folders first, then files, each by name; the root catalog lists the top folders', async () => {
    const models = await list(s, 'built-in/models');
    expect(models.map((e) => e.name)).toEqual(['box.gltf', 'cube.mtl', 'cube.obj', 'points.pcd', 'pump-line.glb', 'turntable.glb']);
    expect(models.every((e) => !e.isDir && typeof e.size === 'number')).toBe(true);
    expect((await list(s, '')).map((e) => e.name)).toEqual(['built-in']);
    expect((await list(s, 'built-in/')).map((e) => e.name)).toEqual(['materials', 'models']);
  });

  it('an unknown catalog lists as empty; a file is not a catalog', async () => {
    expect(await list(s, '3d/materials')).toEqual([]);
    expect((await s.get('/core/mediaLibrary?catalog=built-in/models/cube.obj')).status).toBe(400);
  });

  it('GET /core/mediaLibrary/config tells the allowed formats and the upload limit', async () => {
    const res = await s.get('/core/mediaLibrary/config');
    expect(res.status).toBe(200);
    const body = await answer<{ allowedFormats: string[]; maxUploadBytes: number }>(res);
    expect(body.allowedFormats).toEqual(expect.arrayContaining(['glb', 'obj', 'airm', 'png']));
    expect(body.maxUploadBytes).toBe(100 * 1024 * 1024);
  });
});

describe('upload and serve back', () => {
  it('stores a real model under 3d/<id>, lists it and serves it byte for byte', async () => {
    const original = new Uint8Array(await readFile(join(FIXTURES, 'gltf', 'RobotExpressive.glb')));
    const catalog = modelUploadCatalog();
    const res = await upload(s, catalog, 'RobotExpressive.glb', original, { action: 'cover' });
    expect(res.status).toBe(200);
    const body = UploadResponseSchema.parse(await res.json());
    expect(body.url).toBe(`/media/${catalog}/RobotExpressive.glb`);
    expect(body).toMatchObject({ name: 'RobotExpressive.glb', path: `${catalog}/RobotExpressive.glb`, size: original.length });

    expect(await list(s, catalog)).toEqual([
      expect.objectContaining({
        name: 'RobotExpressive.glb',
        path: `${catalog}/RobotExpressive.glb`,
        filePath: body.url,
        isDir: false,
        size: original.length,
      }),
    ]);
    const served = await bytesAt(s, body.url);
    expect(served.res.status).toBe(200);
    expect(served.res.headers.get('content-type')).toBe('model/gltf-binary');
    expect(Number(served.res.headers.get('content-length'))).toBe(original.length);
    expect(sha256(served.bytes)).toBe(sha256(original));
  });

  it('action=cover replaces a file of the same name; without it the name is not overwritten (409)', async () => {
    const first = await upload(s, 'user/cover', 'part.obj', 'o first\n');
    expect(first.status).toBe(200);
    const clash = await upload(s, 'user/cover', 'part.obj', 'o clash\n');
    expect(clash.status).toBe(409);
    expect((await answer(clash)).error).toMatch(/already exists/);
    const { url } = await answer(first);
    expect(new TextDecoder().decode((await bytesAt(s, url)).bytes)).toBe('o first\n');

    const cover = await upload(s, 'user/cover', 'part.obj', 'o second, longer\n', { action: 'cover' });
    expect(cover.status).toBe(200);
    expect((await answer(cover)).url).toBe(url);
    expect(new TextDecoder().decode((await bytesAt(s, url)).bytes)).toBe('o second, longer\n');
    expect((await list(s, 'user/cover')).map((e) => e.name)).toEqual(['part.obj']);
  });

  it('names with spaces and non-ASCII letters round-trip through the encoded filePath', async () => {
    const res = await upload(s, '3d/名字 x', 'my model (2).obj', 'o x\n');
    expect(res.status).toBe(200);
    const { url } = await answer(res);
    expect(url).toBe(`/media/3d/${encodeURIComponent('名字 x')}/${encodeURIComponent('my model (2).obj')}`);
    const [entry] = await list(s, '3d/名字 x');
    expect(entry).toMatchObject({ name: 'my model (2).obj', path: '3d/名字 x/my model (2).obj', filePath: url });
    expect(new TextDecoder().decode((await bytesAt(s, url)).bytes)).toBe('o x\n');

    // Long encoded URLs (here about 800 characters) are served too.
    const long = '厂房设备模型'.repeat(12) + '.glb';
    const up = await upload(s, `3d/${'长'.repeat(20)}`, long, 'glb?');
    expect(up.status).toBe(200);
    expect((await bytesAt(s, (await answer(up)).url)).res.status).toBe(200);
  });

  it('a catalog that runs through a stored file is refused (409), not a server error', async () => {
    const res = await upload(s, 'built-in/models/cube.obj/inner', 'x.obj', 'o x\n');
    expect(res.status).toBe(409);
  });

  it('MEDIA_PUBLIC_URL (publicUrl) is put before the file path in the answer', async () => {
    const other = await startTestServer({ publicUrl: 'http://media.example:9000/', seed: false });
    try {
      const res = await upload(other, 'a', 'x.obj', 'o x\n');
      expect((await answer(res)).url).toBe('http://media.example:9000/media/a/x.obj');
    } finally {
      await other.close();
    }
  });

  it('a form without a file is a 400', async () => {
    const form = new FormData();
    form.append('note', 'no file here');
    const res = await fetch(`${s.url}/core/mediaLibrary/upload?catalog=x`, { method: 'POST', headers: AUTH, body: form });
    expect(res.status).toBe(400);
  });
});

describe('serving files (GET /media/<path>)', () => {
  it('needs no token, sends validators and answers 304 to a conditional request until the file changes', async () => {
    const res = await upload(s, 'user/etag', 'tex.png', 'not really a png');
    const { url } = await answer(res);
    const first = await fetch(s.url + url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    expect(etag).toMatch(/^".+"$/);
    expect(new Date(lastModified).getTime()).not.toBeNaN();

    const again = await fetch(s.url + url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    expect((await fetch(s.url + url, { headers: { 'if-modified-since': lastModified } })).status).toBe(304);

    await upload(s, 'user/etag', 'tex.png', 'changed bytes', { action: 'cover' });
    const changed = await fetch(s.url + url, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await changed.text()).toBe('changed bytes');
  });

  it('a Range header is not honoured: the whole file, 200, on either store', async () => {
    const whole = await bytesAt(s, '/media/built-in/models/cube.obj');
    const ranged = await fetch(`${s.url}/media/built-in/models/cube.obj`, { headers: { range: 'bytes=0-9' } });
    expect([ranged.status, ranged.headers.get('content-range'), ranged.headers.get('accept-ranges')]).toEqual([200, null, null]);
    expect(sha256(new Uint8Array(await ranged.arrayBuffer()))).toBe(sha256(whole.bytes));
  });

  it('HEAD answers the headers only; a missing file or a folder is 404 as JSON', async () => {
    const head = await fetch(`${s.url}/media/built-in/models/cube.obj`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('model/obj');
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(100);
    const missing = await fetch(`${s.url}/media/built-in/models/nope.glb`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'not found' });
    expect((await fetch(`${s.url}/media/built-in/models`)).status).toBe(404);
    expect((await fetch(`${s.url}/media/built-in/models/cube.obj/x`)).status).toBe(404);
  });

  it('serves each built-in type with its content type', async () => {
    const types: Record<string, string> = {
      'built-in/models/box.gltf': 'model/gltf+json',
      'built-in/models/turntable.glb': 'model/gltf-binary',
      'built-in/models/cube.mtl': 'model/mtl',
      'built-in/models/points.pcd': 'application/octet-stream',
      'built-in/materials/red-plastic-phong/red-plastic-phong.airm': 'application/json; charset=utf-8',
    };
    for (const [p, type] of Object.entries(types)) {
      expect((await fetch(`${s.url}/media/${p}`)).headers.get('content-type'), p).toBe(type);
    }
  });
});
