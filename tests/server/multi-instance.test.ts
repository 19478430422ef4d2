// Issue 21, point 7: two instances of the service (real `dash3d-media` processes on two ports) share
// one S3-compatible store and one Redis, as behind a load balancer. Whatever one instance did, the
// other sees; killing one mid-upload leaves nothing half-written for the other to list or serve.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMediaServer } from '../../server/app.mjs';
import { answer, AUTH, bytesAt, list, pseudoRandomBytes, sha256, TOKEN, upload, type Served } from './helpers';
import { launch, type Launched } from './launch';
import { startRedis, type RedisTestServer } from './redis-server';
import { startS3Server, TEST_BUCKET, TEST_CREDENTIALS, type S3TestServer } from './s3-server';

// The helpers' token: upload() and list() send it.
const MEDIA_TOKEN = TOKEN;
const PREFIX = 'multi/';
const MIB = 1024 * 1024;

let s3: S3TestServer;
let redis: RedisTestServer;
let a: Launched;
let b: Launched;
let urlA = '';
let urlB = '';

const env = () => ({
  ...TEST_CREDENTIALS,
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  MEDIA_TOKEN,
  MEDIA_STORE: 's3',
  MEDIA_S3_BUCKET: TEST_BUCKET,
  MEDIA_S3_PREFIX: PREFIX,
  MEDIA_S3_ENDPOINT: s3.endpoint,
  MEDIA_S3_FORCE_PATH_STYLE: 'true',
  SESSION_STORE: redis.url,
});

/** A `dash3d-media` process on a free port; answers its URL once it listens. */
async function instance(): Promise<[Launched, string]> {
  const launched = await launch('server/cli.mjs', env(), { args: ['--port', '0'] });
  const url = (await launched.waitFor(/media library on (http:\/\/127\.0\.0\.1:\d+)\n/, 20_000))[1]!;
  return [launched, url];
}

beforeAll(async () => {
  [s3, redis] = await Promise.all([startS3Server(), startRedis()]);
  [[a, urlA], [b, urlB]] = await Promise.all([instance(), instance()]);
}, 60_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await Promise.all([s3?.stop(), redis?.stop()]);
});

const A = (): Served => ({ url: urlA });
const B = (): Served => ({ url: urlB });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const session = async (s: Served) => answer(await fetch(`${s.url}/api/session`, { method: 'POST', headers: AUTH }));
const signedIn = async (s: Served, token: string) => (await fetch(`${s.url}/api/session`, { headers: bearer(token) })).status;

/** Sends the head of a multipart upload and `first` bytes, then nothing more: the connection stays open. */
function stalledUpload(s: Served, catalog: string, name: string, first: Uint8Array, total: number) {
  const boundary = '----dash3d' + Math.random().toString(16).slice(2);
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const pieces = [head, first];
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = pieces.shift();
      if (next) controller.enqueue(next);
      else await new Promise(() => undefined); // the rest of the `total` bytes never comes
    },
  });
  return fetch(`${s.url}/core/mediaLibrary/upload?catalog=${encodeURIComponent(catalog)}&action=cover`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-total': String(total) },
    body,
    duplex: 'half',
  });
}

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

let tokenFromA = '';

describe('two instances, one bucket, one Redis', () => {
  it('both report a healthy S3 store and Redis', async () => {
    for (const s of [A(), B()]) {
      const health = await fetch(`${s.url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', store: { kind: 's3', ok: true }, sessions: { kind: 'redis', ok: true } });
    }
  });

  it('a session opened on A is accepted by B; ended on B, it is refused by A', async () => {
    tokenFromA = (await session(A())).token;
    expect(await signedIn(B(), tokenFromA)).toBe(200);
    expect((await fetch(`${urlB}/core/mediaLibrary?catalog=built-in/models`, { headers: bearer(tokenFromA) })).status).toBe(200);
    const other = (await session(A())).token;
    expect((await fetch(`${urlB}/api/session`, { method: 'DELETE', headers: bearer(other) })).status).toBe(200);
    expect(await signedIn(A(), other)).toBe(401);
    expect(await signedIn(B(), other)).toBe(401);
  });

  it('a one-time sign-in code handed out by one instance signs in once, on any instance', async () => {
    // In-process instances on the same store and Redis, to reach their sign-in codes.
    const options = {
      s3: { bucket: TEST_BUCKET, prefix: PREFIX, endpoint: s3.endpoint, forcePathStyle: true },
      sessionStore: redis.url,
      token: MEDIA_TOKEN,
      seed: false,
    };
    Object.assign(process.env, TEST_CREDENTIALS);
    const [one, two] = await Promise.all([startMediaServer(options), startMediaServer(options)]);
    try {
      const code = one.sessions.newCode();
      const redeem = (url: string) =>
        fetch(`${url}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
      const first = await redeem(two.url);
      expect(first.status).toBe(200);
      expect(await signedIn(A(), (await answer(first)).token)).toBe(200);
      expect((await redeem(one.url)).status).toBe(401);
      expect((await redeem(two.url)).status).toBe(401);
    } finally {
      await Promise.all([one.app.close(), two.app.close()]);
    }
  });

  it('an upload through A is listed by B and downloads byte for byte from B (small and multipart)', async () => {
    const small = pseudoRandomBytes(40_000, 3);
    const big = pseudoRandomBytes(12 * MIB + 123, 4); // more than one 8 MiB part: a multipart upload
    for (const [name, bytes] of [
      ['small.glb', small],
      ['big.glb', big],
    ] as const) {
      const res = await upload(A(), '3d/shared', name, bytes);
      expect(res.status).toBe(200);
    }
    const listed = await list(B(), '3d/shared');
    expect(listed.map((e) => [e.name, e.size])).toEqual([
      ['big.glb', big.length],
      ['small.glb', small.length],
    ]);
    for (const [name, bytes] of [
      ['small.glb', small],
      ['big.glb', big],
    ] as const) {
      const served = await bytesAt(B(), `/media/3d/shared/${name}`);
      expect([served.res.status, sha256(served.bytes)]).toEqual([200, sha256(bytes)]);
    }
    expect(s3.openUploads(PREFIX)).toEqual([]);
  });

  it('10 racing covers of one name, split across A and B, leave one whole winner', async () => {
    const versions = Array.from({ length: 10 }, (_, i) => pseudoRandomBytes(600_000 + i * 1000, 50 + i));
    const answers = await Promise.all(versions.map((v, i) => upload(i % 2 ? B() : A(), '3d/race', 'same.glb', v, { action: 'cover' })));
    expect(answers.map((r) => r.status)).toEqual(versions.map(() => 200));
    expect((await list(A(), '3d/race')).map((e) => e.name)).toEqual(['same.glb']);
    const fromA = sha256((await bytesAt(A(), '/media/3d/race/same.glb')).bytes);
    const fromB = sha256((await bytesAt(B(), '/media/3d/race/same.glb')).bytes);
    expect(fromA).toBe(fromB);
    expect(versions.map(sha256)).toContain(fromA);
  });

  it('10 racing uploads of one name without cover, split across A and B: one 200, nine 409', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => upload(i % 2 ? B() : A(), '3d/nocover', 'once.obj', `o v${i}\n`)),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    const winner = answers.findIndex((r) => r.status === 200);
    expect(new TextDecoder().decode((await bytesAt(B(), '/media/3d/nocover/once.obj')).bytes)).toBe(`o v${winner}\n`);
  });

  it('kill -9 of A in the middle of a 30 MB upload: nothing listed, nothing half-served, B keeps answering', async () => {
    const before = pseudoRandomBytes(5000, 8);
    expect((await upload(A(), '3d/killed', 'model.glb', before)).status).toBe(200);
    // A cover of model.glb and a new name, each stopped after 20 of their 30 MB.
    const total = 30 * MIB;
    const stalled = [
      stalledUpload(A(), '3d/killed', 'model.glb', pseudoRandomBytes(20 * MIB, 9), total),
      stalledUpload(A(), '3d/killed', 'new.glb', pseudoRandomBytes(20 * MIB, 10), total),
    ];
    // Both outcomes are taken as they come: the second upload's failure may arrive while the
    // first is awaited, and must not surface as an unhandled rejection.
    const outcomes = Promise.allSettled(stalled);
    // Parts are in the store: both multipart uploads are open.
    await until(() => s3.openUploads(`${PREFIX}media/3d/killed/`).length === 2, 'two multipart uploads under way on A');
    a.child.kill('SIGKILL');
    expect((await outcomes).map((r) => r.status)).toEqual(['rejected', 'rejected']);

    expect((await list(B(), '3d/killed')).map((e) => [e.name, e.size])).toEqual([['model.glb', before.length]]);
    const served = await bytesAt(B(), '/media/3d/killed/model.glb');
    expect([served.res.status, sha256(served.bytes)]).toEqual([200, sha256(before)]);
    expect((await fetch(`${urlB}/media/3d/killed/new.glb`)).status).toBe(404);
    expect((await fetch(`${urlB}/api/health`)).status).toBe(200);
    expect((await upload(B(), '3d/after', 'x.obj', 'o x\n')).status).toBe(200);
    // What the dead instance could not abort stays open, unlisted, until B finds A's record of its
    // open uploads unchanged for 8 deadlines (80 s here) and aborts them: faults-uploads.test.ts.
    expect(s3.openUploads(`${PREFIX}media/3d/killed/`)).toHaveLength(2);
  });

  it('A restarted: the sessions opened before are still valid, on A and on B', async () => {
    [a, urlA] = await instance();
    expect(await signedIn(A(), tokenFromA)).toBe(200);
    expect(await signedIn(B(), tokenFromA)).toBe(200);
    expect((await list(A(), '3d/shared')).map((e) => e.name)).toEqual(['big.glb', 'small.glb']);
  });
});
