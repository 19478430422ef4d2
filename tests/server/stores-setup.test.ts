// Issue 21 beyond the suites that run on both stores: what an operator meets setting the stores up.
// Start-up errors that name the setting to fix (and no secret), the health answer when a store goes
// away, the variables, and the origins a host adds for MEDIA_PUBLIC_URL. Real servers on loopback.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMediaServer } from '../../server/app.mjs';
import { optionsFromEnv } from '../../server/config.mjs';
import { answer, PROJECT, startTestServer, TOKEN } from './helpers';
import { cleanEnv, freePort } from './launch';
import { startRedis, type RedisTestServer } from './redis-server';
import { startS3Server, TEST_BUCKET, TEST_CREDENTIALS, type S3TestServer } from './s3-server';
import { spawn } from 'node:child_process';
import { conditionalFront } from './conditional-s3';
import { upload } from './helpers';

let s3: S3TestServer;
let redis: RedisTestServer;
let dir = '';
beforeAll(async () => {
  Object.assign(process.env, TEST_CREDENTIALS);
  [s3, redis, dir] = await Promise.all([startS3Server(), startRedis(), mkdtemp(join(tmpdir(), 'dash3d-setup-'))]);
});
afterAll(async () => {
  await Promise.all([s3?.stop(), redis?.stop(), rm(dir, { recursive: true, force: true })]);
});

const s3Options = (over: Record<string, unknown> = {}) => ({
  s3: { bucket: TEST_BUCKET, prefix: 'setup/', endpoint: s3.endpoint, forcePathStyle: true, ...over },
  token: TOKEN,
  seed: false,
});

describe('start-up errors name what to fix', () => {
  it('a bucket that does not exist', async () => {
    await expect(startMediaServer(s3Options({ bucket: 'no-such-bucket' }))).rejects.toThrow(
      /bucket "no-such-bucket" does not exist at http:\/\/127\.0\.0\.1:\d+: check MEDIA_S3_BUCKET/,
    );
  });

  it('a store nobody answers at', async () => {
    const endpoint = `http://127.0.0.1:${await freePort()}`;
    await expect(startMediaServer(s3Options({ endpoint }))).rejects.toThrow(
      new RegExp(`the S3 store at ${endpoint} cannot be reached: check MEDIA_S3_ENDPOINT`),
    );
  });

  it('a Redis nobody answers at, its password never shown', async () => {
    const url = `redis://admin:hunter2@127.0.0.1:${await freePort()}`;
    const failed = startMediaServer({ root: join(dir, 'r'), token: TOKEN, seed: false, sessionStore: url });
    await expect(failed).rejects.toThrow(/the session store redis:\/\/\*\*\*@127\.0\.0\.1:\d+ cannot be reached \(check SESSION_STORE\)/);
    await expect(failed).rejects.not.toThrow(/hunter2/);
  });

  it('wrong variables, each named', () => {
    expect(() => optionsFromEnv({ MEDIA_STORE: 'ftp' })).toThrow('MEDIA_STORE must be "disk" or "s3", got "ftp"');
    expect(() => optionsFromEnv({ MEDIA_STORE: 's3' })).toThrow('MEDIA_STORE=s3 needs MEDIA_S3_BUCKET');
    expect(() => optionsFromEnv({ MEDIA_STORE: 's3', MEDIA_S3_BUCKET: 'b1x', MEDIA_S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      'MEDIA_S3_FORCE_PATH_STYLE must be true or false',
    );
    expect(() => optionsFromEnv({ SESSION_STORE: 'memcached://x' })).toThrow('SESSION_STORE must be "memory" or a redis://');
    const { options } = optionsFromEnv({
      MEDIA_STORE: 's3',
      MEDIA_S3_BUCKET: 'media-bucket',
      MEDIA_S3_PREFIX: 'team-a/',
      MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000',
      MEDIA_S3_REGION: 'eu-west-1',
      MEDIA_S3_FORCE_PATH_STYLE: 'true',
      SESSION_STORE: 'redis://127.0.0.1:6379',
      SESSION_PREFIX: 'team-a:',
    });
    expect(options).toMatchObject({
      s3: { bucket: 'media-bucket', prefix: 'team-a/', endpoint: 'http://127.0.0.1:9000', region: 'eu-west-1', forcePathStyle: true },
      sessionStore: 'redis://127.0.0.1:6379',
      sessionPrefix: 'team-a:',
    });
    // Nothing new for `npm start`: the disk and memory, as before.
    expect(optionsFromEnv({}).options).toMatchObject({ sessionStore: 'memory' });
    expect(optionsFromEnv({}).options).not.toHaveProperty('s3');
  });

  it('dash3d-media with a wrong bucket exits 1 naming MEDIA_S3_BUCKET, and prints no credential', async () => {
    const child = spawn(process.execPath, [join(PROJECT, 'server', 'cli.mjs'), '--port', '0'], {
      env: {
        ...cleanEnv(),
        ...TEST_CREDENTIALS,
        MEDIA_TOKEN: 'cli-secret-token-123',
        MEDIA_STORE: 's3',
        MEDIA_S3_BUCKET: 'missing-bucket',
        MEDIA_S3_ENDPOINT: s3.endpoint,
        MEDIA_S3_FORCE_PATH_STYLE: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += String(d)));
    child.stderr.on('data', (d: Buffer) => (out += String(d)));
    const code = await new Promise((r) => child.once('close', r));
    expect(code).toBe(1);
    expect(out).toMatch(/could not start: dash3d media store: bucket "missing-bucket" does not exist .*MEDIA_S3_BUCKET/);
    for (const secret of ['cli-secret-token-123', TEST_CREDENTIALS.AWS_SECRET_ACCESS_KEY]) expect(out).not.toContain(secret);
  });
});

describe('GET /api/health', () => {
  it('answers 200 while the store and Redis answer, 503 naming the session store once Redis is gone', async () => {
    const own = await startRedis();
    const s = await startMediaServer({ ...s3Options(), sessionStore: own.url });
    try {
      const up = await fetch(`${s.url}/api/health`);
      expect([up.status, await up.json()]).toEqual([
        200,
        { status: 'ok', store: { kind: 's3', ok: true }, sessions: { kind: 'redis', ok: true }, uploading: 0, seed: { state: 'off' } },
      ]);
      await own.stop();
      const down = await fetch(`${s.url}/api/health`);
      expect(down.status).toBe(503);
      const body = await answer<{ status: string; store: { ok: boolean }; sessions: { ok: boolean } }>(down);
      expect(body).toMatchObject({
        status: 'unavailable',
        store: { ok: true },
        sessions: { ok: false, problem: 'the session store is not available (not connected): try again in a moment' },
      });
      // A request that needs the session store says so, rather than hanging or answering 500.
      const refused = await fetch(`${s.url}/api/session`, { headers: { authorization: 'Bearer some-session' } });
      expect([refused.status, (await answer(refused)).error]).toEqual([
        503,
        'the session store is not available (not connected): try again in a moment',
      ]);
      // The service's own token still works without Redis.
      expect((await fetch(`${s.url}/core/mediaLibrary`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    } finally {
      await s.app.close();
      await own.stop();
    }
  });

  it('names nothing secret: no URL, no bucket', async () => {
    const s = await startMediaServer({ ...s3Options(), sessionStore: redis.url });
    try {
      const text = await (await fetch(`${s.url}/api/health`)).text();
      for (const secret of [TEST_BUCKET, s3.endpoint, redis.url]) expect(text).not.toContain(secret);
    } finally {
      await s.app.close();
    }
  });
});

describe('MEDIA_PUBLIC_URL pointing at a bucket or a CDN', () => {
  it('GET /core/mediaLibrary/origins answers its origin, and nothing else; without it, none', async () => {
    const cdn = await startTestServer({ publicUrl: 'https://cdn.example.com/dash3d/', seed: false });
    const path = await startTestServer({ publicUrl: '/files', seed: false });
    try {
      // No token: a viewer's page needs it too.
      expect(await (await fetch(`${cdn.url}/core/mediaLibrary/origins`)).json()).toEqual({ origins: ['https://cdn.example.com'] });
      expect(await (await fetch(`${path.url}/core/mediaLibrary/origins`)).json()).toEqual({ origins: [] });
    } finally {
      await Promise.all([cdn.close(), path.close()]);
    }
  });
});

describe('a store that honours conditional writes (If-None-Match: *)', () => {
  it('is found at start, and decides create-only uploads itself: two instances without a shared lock, one winner', async () => {
    const front = await conditionalFront(s3.endpoint);
    // Memory sessions: each instance has only its own lock, so only the store can keep them apart.
    const options = { ...s3Options({ endpoint: front.endpoint, prefix: 'conditional/' }), sessionStore: 'memory' };
    const [one, two] = await Promise.all([startMediaServer(options), startMediaServer(options)]);
    try {
      expect(one.store).toMatch(/\(conditional writes\)$/);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => upload({ url: i % 2 ? two.url : one.url }, '3d/once', 'once.obj', `o v${i}\n`)),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
      const loser = answers.find((r) => r.status === 409)!;
      expect((await answer(loser)).error).toBe('a file named "once.obj" already exists (upload with action=cover to replace it)');
      // A cover still replaces.
      expect((await upload({ url: two.url }, '3d/once', 'once.obj', 'o cover\n', { action: 'cover' })).status).toBe(200);
      expect(await (await fetch(`${one.url}/media/3d/once/once.obj`)).text()).toBe('o cover\n');
    } finally {
      await Promise.all([one.app.close(), two.app.close()]);
      await front.stop();
    }
  });
});
