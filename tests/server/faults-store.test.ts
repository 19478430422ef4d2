// Issue 32, points 1 and 4 on the S3 store: two instances on one S3-compatible store behind a
// fault-injecting proxy (fault-proxy.mjs: the real fauxqs behind it). A store that stops answering
// costs each request at most its deadline (1 s here), then 503 naming the media store, on both
// instances; health says the same; an upload under way is answered and its parts aborted once the
// store answers again; a store that drops connections or answers 503 is a 503 naming it, logged
// once per outage with its cause; and when it is back, everything works again by itself, with
// nothing lost.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answer, AUTH, bytesAt, list, pseudoRandomBytes, sha256, upload, type Served } from './helpers';
import { startFaultProxy, type FaultProxy } from './fault-proxy.mjs';
import { DEADLINE_MS, linesWith, MARGIN_MS, recordedUploads, startInstance, until, within, type Instance } from './faults-setup';
import { startRedis, type RedisTestServer } from './redis-server';
import { startS3Server, TEST_BUCKET, type S3TestServer } from './s3-server';

const PREFIX = 'faults-store/';
const MIB = 1024 * 1024;
const LATE = 'the media store did not answer within 1 s';

let s3: S3TestServer;
let proxy: FaultProxy;
let redis: RedisTestServer;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  [s3, redis] = await Promise.all([startS3Server(), startRedis()]);
  proxy = await startFaultProxy(s3.endpoint);
  const o = { endpoint: proxy.endpoint, prefix: PREFIX, sessionStore: redis.url };
  [a, b] = await Promise.all([startInstance(o), startInstance(o)]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await Promise.all([proxy?.stop(), s3?.stop(), redis?.stop()]);
});
beforeEach(() => proxy.pass());

const errorOf = async (res: Response) => [res.status, (await answer(res)).error] as const;
interface Health {
  status: string;
  store: { kind: string; ok: boolean; problem?: string };
  uploading: number;
}
const health = async (s: Served) => {
  const res = await fetch(`${s.url}/api/health`);
  return { status: res.status, body: (await res.json()) as Health };
};
/** Every request the test sends: one that does not settle within the deadline plus margin fails the test. */
const inTime = <T>(p: Promise<T>, what: string) => within(p, DEADLINE_MS + MARGIN_MS, what);

describe('a store that accepts connections and answers nothing (frozen)', () => {
  it('a listing, a read, an upload, a cover and a dashboard on A and B each answer 503 naming the store within the deadline', async () => {
    const kept = pseudoRandomBytes(50_000, 1);
    expect((await upload(a, '3d/frozen', 'kept.glb', kept)).status).toBe(200);
    proxy.freeze();
    const answers = await inTime(
      Promise.all([
        fetch(`${a.url}/core/mediaLibrary?catalog=3d/frozen`, { headers: AUTH }),
        fetch(`${b.url}/media/3d/frozen/kept.glb`),
        upload(a, '3d/frozen', 'new.glb', pseudoRandomBytes(40_000, 2)),
        upload(b, '3d/frozen', 'kept.glb', pseudoRandomBytes(40_000, 3), { action: 'cover' }),
        fetch(`${b.url}/api/dashboards`, { headers: AUTH }),
      ]),
      'requests to a frozen store',
    );
    expect(await Promise.all(answers.map(errorOf))).toEqual(answers.map(() => [503, LATE]));
    // Health says the same, on both, and no upload is counted as under way.
    for (const s of [a, b]) {
      const { status, body } = await inTime(health(s), 'health');
      expect([status, body.status, body.store, body.uploading]).toEqual([503, 'unavailable', { kind: 's3', ok: false, problem: LATE }, 0]);
    }

    proxy.thaw();
    // Back by itself: the stored file is whole and the same on both; what failed was not stored.
    await until(async () => (await health(a)).status === 200, 'A healthy again');
    for (const s of [a, b]) {
      const served = await bytesAt(s, '/media/3d/frozen/kept.glb');
      expect([served.res.status, sha256(served.bytes)]).toEqual([200, sha256(kept)]);
      expect((await list(s, '3d/frozen')).map((e) => e.name)).toEqual(['kept.glb']);
    }
    expect((await upload(b, '3d/frozen', 'after.glb', 'after')).status).toBe(200);
  });

  it('an upload under way answers 503 within the deadline, and its multipart parts are aborted once the store answers again', async () => {
    const before = pseudoRandomBytes(5000, 4);
    expect((await upload(a, '3d/cut', 'model.glb', before)).status).toBe(200);
    const uploading = upload(a, '3d/cut', 'model.glb', pseudoRandomBytes(20 * MIB, 5), { action: 'cover' });
    // A multipart upload is open and recorded (its first part under way), then the store freezes.
    // (Frozen before the store's answer to its creation came back, the service would never learn
    // of it: only a bucket lifecycle rule removes such an upload, see server/README.md.)
    await until(
      async () => s3.openUploads(`${PREFIX}media/3d/cut/`).length === 1 && (await recordedUploads(s3.client, PREFIX)) === 1,
      'a multipart upload under way, recorded',
    );
    proxy.freeze();
    const res = await inTime(uploading, 'the upload');
    expect(await errorOf(res)).toEqual([503, LATE]);
    expect((await inTime(health(a), 'health')).body.uploading).toBe(0);
    // Its parts could not be dropped while the store was frozen: they are, once it answers.
    proxy.thaw();
    await until(() => s3.openUploads(`${PREFIX}media/3d/cut/`).length === 0, 'the parts aborted');
    // Nothing lost, nothing mixed: the file keeps its bytes from before, on both instances.
    for (const s of [a, b]) expect(sha256((await bytesAt(s, '/media/3d/cut/model.glb')).bytes)).toBe(sha256(before));
  });
});

describe('a store that fails', () => {
  // The store fails at once here (reset, 503), so the deadline is not under test: a long one keeps a
  // slow background call (its heartbeat) on a loaded machine from making a second outage.
  let c: Instance;
  beforeAll(async () => {
    c = await startInstance({ endpoint: proxy.endpoint, prefix: PREFIX, sessionStore: redis.url, storeTimeoutMs: 10_000 });
  });
  afterAll(() => c?.close());

  it('dropped connections and 503 answers are a 503 naming the store and the cause; logged once per outage; then back', async () => {
    const logged = (text: string) => linesWith(c.logs, text).length;
    const failing = logged('is failing');
    const back = logged('answers again');
    proxy.reset();
    const reset = await inTime(
      Promise.all([fetch(`${c.url}/core/mediaLibrary?catalog=3d`, { headers: AUTH }), fetch(`${c.url}/media/3d/frozen/kept.glb`)]),
      'requests while connections are dropped',
    );
    const dropped = 'the media store is not available (connection reset): try again in a moment';
    expect(await Promise.all(reset.map(errorOf))).toEqual([
      [503, dropped],
      [503, dropped],
    ]);
    expect((await inTime(health(c), 'health')).body.store).toEqual({ kind: 's3', ok: false, problem: dropped });

    proxy.fail(503);
    const refused = await inTime(fetch(`${c.url}/core/mediaLibrary?catalog=3d`, { headers: AUTH }), 'a listing');
    expect(await errorOf(refused)).toEqual([503, 'the media store is not available (answered 503): try again in a moment']);

    proxy.pass();
    expect((await fetch(`${c.url}/core/mediaLibrary?catalog=3d`, { headers: AUTH })).status).toBe(200);
    // One outage (the store failed the same way or another until it answered): one line when it
    // began, with its cause, and one when it ended.
    expect(logged('is failing') - failing).toBe(1);
    expect(logged('answers again') - back).toBe(1);
    const line = linesWith(c.logs, 'is failing').at(-1);
    expect(line).toMatch(
      new RegExp(`the media store \\(s3://${TEST_BUCKET}/${PREFIX} at http://127\\.0\\.0\\.1:\\d+\\) is failing: connection reset`),
    );
  });

  it('an anonymous caller learns which dependency failed, never the URL, the bucket or a credential', async () => {
    proxy.fail(500);
    const texts = await inTime(
      Promise.all([fetch(`${b.url}/media/3d/frozen/kept.glb`), fetch(`${b.url}/api/health`)].map(async (r) => (await r).text())),
      'anonymous calls',
    );
    for (const text of texts) {
      expect(text).toContain('the media store');
      for (const secret of [TEST_BUCKET, proxy.endpoint, s3.endpoint, redis.url, 'dash3d-test-secret']) expect(text).not.toContain(secret);
    }
  });
});
