// `mediaLibrary` registered on a host's own fastify app, as a host team would: the spec's routes
// answer as on our stand-alone service, and everything else on the app stays the host's.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { mediaLibrary, type MediaLibrary, type MediaLibraryOptions } from '../../server/index.mjs';
import { answer, AUTH, bytesAt, list, pseudoRandomBytes, sha256, TOKEN, upload, type Served } from './helpers';

const folders: string[] = [];
const apps: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await Promise.all(folders.map((d) => rm(d, { recursive: true, force: true })));
});

/**
 * A host app with routes, a not-found answer and an error answer of its own (and, with `before`,
 * whatever else the host sets up first), the media library registered on it, listening on loopback.
 */
type HostOptions = Partial<MediaLibraryOptions> & { prefix?: string };
async function host(options: HostOptions | ((dir: string) => HostOptions), before?: (app: FastifyInstance) => Promise<void> | void) {
  const dir = await mkdtemp(join(tmpdir(), 'dash3d-host-'));
  folders.push(dir);
  const app = Fastify({ forceCloseConnections: true });
  apps.push(app);
  app.setNotFoundHandler((_req, reply) => reply.code(404).send({ host: 'no such page' }));
  app.setErrorHandler((err: Error, _req, reply) => reply.code(418).send({ host: `failed: ${err.message}` }));
  app.get('/host/hello', () => ({ host: 'hello' }));
  await before?.(app);
  let library: MediaLibrary | undefined;
  await app.register(mediaLibrary, {
    root: join(dir, 'media'),
    token: TOKEN,
    seed: false,
    onRegistered: (l) => (library = l),
    ...(typeof options === 'function' ? options(dir) : options),
  });
  // Routes the host adds afterwards: nothing of the plugin's (error answer, body limit) may reach them.
  app.get('/host/fail', () => {
    throw new Error('host route broke');
  });
  app.post('/host/echo', (req) => ({ echoed: JSON.stringify(req.body).length }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const served: Served = { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
  return {
    app,
    dir,
    served,
    library: library!,
    get: (path: string, headers: Record<string, string> = AUTH) => fetch(served.url + path, { headers }),
  };
}

const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('a host app registers mediaLibrary', () => {
  it("answers the spec's routes with the token, and refuses without it", async () => {
    const h = await host({});
    expect(await list(h.served, '')).toEqual([]);
    const bytes = pseudoRandomBytes(3000);
    const up = await upload(h.served, '3d/a', 'robot.glb', bytes);
    expect(up.status).toBe(200);
    const { url } = await answer(up);
    expect(url).toBe('/media/3d/a/robot.glb');
    const served = await bytesAt(h.served, url);
    expect([served.res.status, sha256(served.bytes)]).toEqual([200, sha256(bytes)]);
    expect((await list(h.served, '3d/a')).map((e) => e.name)).toEqual(['robot.glb']);
    const refused = await h.get('/core/mediaLibrary', {});
    expect([refused.status, refused.headers.get('www-authenticate'), (await answer(refused)).error]).toEqual([
      401,
      'Bearer',
      'missing or wrong Authorization: Bearer token',
    ]);
    // Its own error answers: a refusal of the service is the spec's JSON, not the host's 418.
    const badFormat = await upload(h.served, '3d/a', 'notes.exe', 'x');
    expect([badFormat.status, (await answer(badFormat)).error]).toEqual([
      415,
      'unsupported file format not configured in the media library: exe',
    ]);
    expect((await h.get('/core/mediaLibrary?catalog=..')).status).toBe(400);
    expect(await answer(await h.get('/media/3d/a/missing.glb'))).toEqual({ error: 'not found' });
  });

  it("leaves the host's routes, not-found answer, error answer and body limit alone", async () => {
    const h = await host({ maxDashboardBytes: 1000 });
    expect(await (await h.get('/host/hello')).json()).toEqual({ host: 'hello' });
    const failed = await h.get('/host/fail');
    expect([failed.status, await failed.json()]).toEqual([418, { host: 'failed: host route broke' }]);
    for (const path of ['/nothing', '/core/mediaLibrary/nothing', '/api/dashboards']) {
      const res = await h.get(path);
      expect([path, res.status, await res.json()]).toEqual([path, 404, { host: 'no such page' }]);
    }
    // The service's body limit is its routes' only: the host's route takes what the host allows.
    const big = { text: 'x'.repeat(5000) };
    expect(await (await fetch(`${h.served.url}/host/echo`, json(big))).json()).toEqual({ echoed: JSON.stringify(big).length });
    const tooBig = await fetch(`${h.served.url}/api/session`, json(big));
    expect([tooBig.status, (await answer(tooBig)).limit]).toEqual([413, 1000]);
  });

  it('hands onRegistered its sessions (a sign-in code works) and its resolved options', async () => {
    // A relative folder starts from the process's current folder, as for any fastify host.
    const h = await host((dir) => ({ dashboardsRoot: relative(process.cwd(), join(dir, 'dashboards')) }));
    expect(h.library.options.dashboardsRoot).toBe(join(h.dir, 'dashboards'));
    expect(h.library.options.root).toBe(join(h.dir, 'media'));
    expect(h.library.removedTempFiles).toEqual([]);
    const session = await fetch(`${h.served.url}/api/session`, json({ code: h.library.sessions.newCode() }));
    const { token } = await answer(session);
    expect((await h.get('/core/mediaLibrary', { authorization: `Bearer ${token}` })).status).toBe(200);
    // With dashboardsRoot the dashboard routes are there (an id nobody saved is the service's 404).
    expect(await answer(await h.get('/api/dashboards/none'))).toEqual({ error: 'no dashboard "none"' });
  });
});

describe('what the host set up already', () => {
  it("a host's own @fastify/multipart is used, and the service's upload limit still holds", async () => {
    // The host's own settings would cut every file at 10 bytes and throw past them.
    const h = await host({ maxUploadBytes: 1000 }, async (app) => {
      await app.register(multipart, { limits: { fileSize: 10 } });
      app.post('/host/upload', async (req) => ({ field: (await req.file())?.fieldname }));
    });
    expect((await upload(h.served, 'x', 'fits.bin', pseudoRandomBytes(1000))).status).toBe(200);
    const over = await upload(h.served, 'x', 'over.bin', pseudoRandomBytes(1001));
    expect([over.status, (await answer(over)).limit]).toEqual([413, 1000]);
    const form = new FormData();
    form.append('mine', new Blob(['a']), 'a.txt');
    expect(await (await fetch(`${h.served.url}/host/upload`, { method: 'POST', body: form })).json()).toEqual({ field: 'mine' });
  });

  it("a host's other multipart parser stays the host's; the service brings its own", async () => {
    const h = await host({}, (app) => {
      app.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null, { parsedBy: 'host' }));
      app.post('/host/form', (req) => req.body);
    });
    expect((await upload(h.served, 'x', 'a.png', 'png bytes')).status).toBe(200);
    const form = new FormData();
    form.append('f', 'v');
    expect(await (await fetch(`${h.served.url}/host/form`, { method: 'POST', body: form })).json()).toEqual({ parsedBy: 'host' });
  });

  it('a register prefix moves every route under it, and upload answers point there', async () => {
    const h = await host({ prefix: '/dash3d' });
    const up = await upload({ url: `${h.served.url}/dash3d` }, 'x', 'a.png', 'png bytes');
    const { url } = await answer(up);
    expect(url).toBe('/dash3d/media/x/a.png');
    expect(await (await fetch(h.served.url + url)).text()).toBe('png bytes');
    expect((await list({ url: `${h.served.url}/dash3d` }, 'x'))[0]?.filePath).toBe('/media/x/a.png');
    expect(await (await h.get('/core/mediaLibrary')).json()).toEqual({ host: 'no such page' });
  });

  it('refuses wrong options by name before it writes anything', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dash3d-host-'));
    folders.push(dir);
    const attempt = (options: unknown) =>
      Fastify()
        .register(mediaLibrary, options as MediaLibraryOptions)
        .ready();
    await expect(attempt({ root: dir, token: '' })).rejects.toThrow('dash3d mediaLibrary: token');
    await expect(attempt({ root: dir, token: TOKEN, maxUploadMB: 5 })).rejects.toThrow('unknown option "maxUploadMB"');
    await expect(attempt({ root: dir, token: TOKEN, maxUploadBytes: -1 })).rejects.toThrow('maxUploadBytes must be a positive');
    await expect(attempt({ root: dir, token: TOKEN, publicUrl: 'media.example' })).rejects.toThrow('publicUrl must be');
    expect(await readdir(dir)).toEqual([]);
  });
});
