import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, AUTH, TOKEN, list, startTestServer, storedFiles, upload, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

/** A request exactly as written: fetch and URL would normalise '..' and '%2e%2e' away before sending. */
function rawGet(url: string, path: string, headers: Record<string, string> = AUTH): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('Bearer token', () => {
  const calls: Array<[string, (headers: Record<string, string>) => Promise<Response>]> = [
    ['list', (h) => s.get('/core/mediaLibrary?catalog=built-in/models', h)],
    ['config', (h) => s.get('/core/mediaLibrary/config', h)],
    ['upload', (h) => upload(s, 'user/auth', 'x.obj', 'o x\n', { headers: h })],
    ['dashboard list', (h) => s.get('/api/dashboards', h)],
    ['dashboard get', (h) => s.get('/api/dashboards/abc', h)],
    [
      'dashboard put',
      (h) => fetch(`${s.url}/api/dashboards/abc`, { method: 'PUT', headers: { ...h, 'content-type': 'application/json' }, body: '{}' }),
    ],
  ];
  const wrong: Array<[string, Record<string, string>]> = [
    ['no header', {}],
    ['wrong token', { authorization: 'Bearer not-the-token' }],
    ['token as a prefix', { authorization: `Bearer ${TOKEN}x` }],
    ['another scheme', { authorization: `Basic ${TOKEN}` }],
  ];
  for (const [name, call] of calls) {
    it(`${name}: 401 with a JSON error unless the right token is sent`, async () => {
      for (const [why, headers] of wrong) {
        const res = await call(headers);
        expect(res.status, why).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe('Bearer');
        expect((await answer(res)).error).toMatch(/token/);
      }
      expect((await call(AUTH)).status).not.toBe(401);
    });
  }

  it('nothing was stored by the refused uploads', async () => {
    expect(await list(s, 'user/auth')).toHaveLength(1); // the one upload with the token
  });
});

describe('paths that would leave the media root: 400', () => {
  const badCatalogs = [
    '..',
    '../etc',
    'a/../../etc',
    'a/..',
    './a',
    'a/./b',
    '/etc',
    '//etc',
    'C:/Windows',
    'a\\..\\b',
    '..\\x',
    'a//b',
    'a\u0000b',
    '%2e%2e',
    '%2e%2e%2fetc',
    '..%2fetc',
    '%2E%2E/x',
    'a%2f..%2f..',
    '%252e%252e%252f',
    '.hidden',
    'a/.tmp-x',
  ];

  it('listing refuses each traversal form, sent percent-encoded in the query', async () => {
    for (const c of badCatalogs) {
      const res = await s.get(`/core/mediaLibrary?catalog=${encodeURIComponent(c)}`);
      expect(res.status, c).toBe(400);
      expect((await answer(res)).error, c).toEqual(expect.any(String));
    }
  });

  it('listing refuses them sent raw in the query too', async () => {
    for (const q of ['..', '../..', '%2e%2e%2f', '..%2f..%2f', '/etc', '..%5c..', '%2e%2e%5c']) {
      expect((await rawGet(s.url, `/core/mediaLibrary?catalog=${q}`)).status, q).toBe(400);
    }
  });

  it('upload refuses a bad catalog and a bad file name, and writes nothing anywhere', async () => {
    const before = await storedFiles(s, 'all');
    for (const c of badCatalogs) expect((await upload(s, c, 'x.obj', 'o x\n')).status, c).toBe(400);
    for (const name of ['..', '.x.obj', 'a\\..\\x.obj', '%2e%2e%2fx.obj', '..%2fx.obj', '%252e%252e%252fx.obj']) {
      expect((await upload(s, 'user/names', name, 'o x\n')).status, name).toBe(400);
    }
    expect(await storedFiles(s, 'all')).toEqual(before);
  });

  it('serving refuses dot segments, encoded dots and slashes, backslashes and NUL', async () => {
    const paths = [
      '/media/../package.json',
      '/media/built-in/../../x',
      '/media/%2e%2e/x',
      '/media/%2E%2E%2Fx',
      '/media/..%2f..%2fetc%2fpasswd',
      '/media/built-in%2fmodels%2fcube.obj',
      '/media/..%5c..%5cx',
      '/media/a%00b',
      '/media/%252e%252e/x',
      '/media/%zz',
      '/media//etc/passwd',
      '/media/built-in/./models/cube.obj',
    ];
    for (const p of paths) expect((await rawGet(s.url, p)).status, p).toBe(400);
    for (const p of ['/api/dashboards/..', '/api/dashboards/%2e%2e', '/api/dashboards/..%2fx'])
      expect((await rawGet(s.url, p)).status, p).toBe(400);
    // Hidden files (the seed marker, temporary files) exist but are never served.
    expect((await rawGet(s.url, '/media/.seeded')).status).toBe(400);
  });
});

describe('allowed formats', () => {
  it('refuses a disallowed extension with the spec message and stores nothing', async () => {
    for (const [name, ext] of [
      ['run.exe', 'exe'],
      ['page.html', 'html'],
      ['README', ''],
      ['model.GLB.js', 'js'],
    ]) {
      const res = await upload(s, 'user/formats', name!, 'x');
      expect(res.status, name).toBe(415);
      expect(await res.json()).toEqual({ error: `unsupported file format not configured in the media library: ${ext}` });
    }
    expect(await list(s, 'user/formats')).toEqual([]);
  });

  it('accepts every default format, upper case extensions included', async () => {
    for (const ext of ['obj', 'mtl', 'glb', 'gltf', 'bin', 'fbx', 'pcd', 'airm', 'png', 'jpg', 'JPEG', 'gif', 'bmp', 'svg', 'webp']) {
      expect((await upload(s, 'user/formats-ok', `f.${ext}`, 'x')).status, ext).toBe(200);
    }
  });

  it('the list is configurable, and an empty list allows every format', async () => {
    const only = await startTestServer({ allowedFormats: '.GLB, pcd', seed: false });
    const open = await startTestServer({ allowedFormats: [], seed: false });
    try {
      expect((await upload(only, 'a', 'x.glb', 'x')).status).toBe(200);
      expect((await upload(only, 'a', 'x.obj', 'x')).status).toBe(415);
      expect((await answer<{ allowedFormats: string[] }>(await only.get('/core/mediaLibrary/config'))).allowedFormats).toEqual([
        'glb',
        'pcd',
      ]);
      expect((await upload(open, 'a', 'notes.txt', 'x')).status).toBe(200);
      expect((await upload(open, 'a', 'README', 'x')).status).toBe(200);
    } finally {
      await Promise.all([only.close(), open.close()]);
    }
  });
});
