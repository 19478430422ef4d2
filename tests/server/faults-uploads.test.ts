// Issue 32, point 5: the service records its own open multipart uploads in the store
// (server/s3-open-uploads.mjs) and aborts the abandoned ones, whatever the store can list: fauxqs,
// like the held-out store of the issue, has no ListMultipartUploads. Two `dash3d-media` processes
// share one store and one Redis; A is killed (kill -9) in the middle of two 30 MB uploads, and B
// aborts what A left once A's record has stayed unchanged for four of its beats (6 s each with the
// 3 s deadline here), while the covered file keeps its bytes from before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, bytesAt, pseudoRandomBytes, sha256, TOKEN, upload, type Served } from './helpers';
import { linesWith, recordedUploads, until } from './faults-setup';
import { launch, type Launched } from './launch';
import { startRedis, type RedisTestServer } from './redis-server';
import { startS3Server, TEST_BUCKET, TEST_CREDENTIALS, type S3TestServer } from './s3-server';

const PREFIX = 'faults-uploads/';
const MIB = 1024 * 1024;

let s3: S3TestServer;
let redis: RedisTestServer;
let a: Launched;
let b: Launched;
let urlA = '';
let urlB = '';

async function instance(): Promise<[Launched, string]> {
  const launched = await launch(
    'server/cli.mjs',
    {
      ...TEST_CREDENTIALS,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      MEDIA_TOKEN: TOKEN,
      MEDIA_STORE: 's3',
      MEDIA_S3_BUCKET: TEST_BUCKET,
      MEDIA_S3_PREFIX: PREFIX,
      MEDIA_S3_ENDPOINT: s3.endpoint,
      MEDIA_S3_FORCE_PATH_STYLE: 'true',
      // Not 1 s: fauxqs shares this process with 2 x 20 MiB being made and sent, and no 'is failing' is allowed.
      MEDIA_STORE_TIMEOUT_S: '3',
      SESSION_STORE: redis.url,
    },
    { args: ['--port', '0', '--no-seed'] },
  );
  return [launched, (await launched.waitFor(/media library on (http:\/\/127\.0\.0\.1:\d+)\n/, 20_000))[1]!];
}

beforeAll(async () => {
  [s3, redis] = await Promise.all([startS3Server(), startRedis()]);
  [[a, urlA], [b, urlB]] = await Promise.all([instance(), instance()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await Promise.all([s3?.stop(), redis?.stop()]);
});

/** Sends the head of a multipart upload and `first` bytes, then nothing more: the connection stays open. */
function stalledUpload(s: Served, catalog: string, name: string, first: Uint8Array) {
  const boundary = '----dash3d' + Math.random().toString(16).slice(2);
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const pieces = [head, first];
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = pieces.shift();
      if (next) controller.enqueue(next);
      else await new Promise(() => undefined); // the rest never comes
    },
  });
  return fetch(`${s.url}/core/mediaLibrary/upload?catalog=${encodeURIComponent(catalog)}&action=cover`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  });
}

describe('multipart uploads an instance could not finish', () => {
  it('kill -9 of A mid-upload: B aborts its open uploads, which the store cannot list; the covered file is whole', async () => {
    const before = pseudoRandomBytes(5000, 21);
    expect((await upload({ url: urlA }, '3d/left', 'model.glb', before)).status).toBe(200);
    const stalled = Promise.allSettled([
      stalledUpload({ url: urlA }, '3d/left', 'model.glb', pseudoRandomBytes(20 * MIB, 22)),
      stalledUpload({ url: urlA }, '3d/left', 'new.glb', pseudoRandomBytes(20 * MIB, 23)),
    ]);
    const open = () => s3.openUploads(`${PREFIX}media/3d/left/`);
    // Both are open in the store and in A's record (written before A sends their first parts).
    await until(
      async () => open().length === 2 && (await recordedUploads(s3.client, PREFIX)) === 2,
      'two multipart uploads under way on A, recorded',
    );
    a.child.kill('SIGKILL');
    expect((await stalled).map((r) => r.status)).toEqual(['rejected', 'rejected']);

    // B reads A's record on each beat, and aborts what it names once it has stopped changing.
    // Four 6 s beats unchanged, seen on B's beats: 24-36 s after the kill when all is well.
    await until(() => open().length === 0, "A's uploads aborted by B", 60_000);
    // Said once they are aborted and A's record is deleted.
    await b.waitFor(
      /aborted 2 multipart upload\(s\) an instance left in s3:\/\/dash3d-test\/faults-uploads\/ at http:\/\/127\.0\.0\.1:\d+/,
      10_000,
    );
    const served = await bytesAt({ url: urlB }, '/media/3d/left/model.glb');
    expect([served.res.status, sha256(served.bytes)]).toEqual([200, sha256(before)]);
    expect((await fetch(`${urlB}/media/3d/left/new.glb`)).status).toBe(404);
    // Nothing of the record is left either, and nothing of it is ever listed.
    expect(await recordedUploads(s3.client, PREFIX)).toBe(0);
    expect(linesWith([b.out()], 'is failing')).toEqual([]);
    const root = (await (await fetch(`${urlB}/core/mediaLibrary`, { headers: AUTH })).json()) as { name: string }[];
    expect(root.map((e) => e.name)).toEqual(['3d']);
  }, 120_000);
});
