// Issue 32, point 2: covers are whole on a store without conditional writes and without atomic
// replace. The store here writes objects in place (in-place-s3.ts, in front of the real fauxqs):
// first the proof that it does mix two overlapping PUTs of one key, then 10 racing covers of one
// name, alternating two instances that share a Redis, in 6 rounds: each round ends with one of the
// 10 versions, byte for byte, on both instances (before issue 32 it ended as a mix in 3 to 5 of 6
// rounds on such a store: covers took no lock).
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesAt, list, pseudoRandomBytes, sha256, upload } from './helpers';
import { startInstance, until, type Instance } from './faults-setup';
import { inPlaceFront } from './in-place-s3';
import { startRedis, type RedisTestServer } from './redis-server';
import { startS3Server, TEST_BUCKET, TEST_CREDENTIALS, type S3TestServer } from './s3-server';

const PREFIX = 'faults-covers/';

let s3: S3TestServer;
let redis: RedisTestServer;
let front: Awaited<ReturnType<typeof inPlaceFront>>;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  [s3, redis] = await Promise.all([startS3Server(), startRedis()]);
  front = await inPlaceFront(s3.endpoint);
  // A deadline of 2 s: the in-place front writes at a disk's pace, and this machine is shared.
  const o = { endpoint: front.endpoint, prefix: PREFIX, sessionStore: redis.url, storeTimeoutMs: 2000 };
  [a, b] = await Promise.all([startInstance(o), startInstance(o)]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await Promise.all([front?.stop(), s3?.stop(), redis?.stop()]);
});

describe('a store that writes objects in place (no conditional writes, no atomic replace)', () => {
  it('mixes two overlapping PUTs of one key: the proof that the store under test is one', async () => {
    const client = new S3Client({
      endpoint: front.endpoint,
      region: TEST_CREDENTIALS.AWS_REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: TEST_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: TEST_CREDENTIALS.AWS_SECRET_ACCESS_KEY },
    });
    try {
      const Key = `${PREFIX}mixed.bin`;
      const [long, short] = [pseudoRandomBytes(400_000, 11), pseudoRandomBytes(250_000, 12)];
      const first = client.send(new PutObjectCommand({ Bucket: TEST_BUCKET, Key, Body: long }));
      // The second begins while the first is being written.
      await until(() => front.writtenOf('mixed.bin') >= 64 * 1024, 'the first PUT under way');
      await Promise.all([first, client.send(new PutObjectCommand({ Bucket: TEST_BUCKET, Key, Body: short }))]);
      const stored = await (await client.send(new GetObjectCommand({ Bucket: TEST_BUCKET, Key }))).Body!.transformToByteArray();
      expect([sha256(long), sha256(short)]).not.toContain(sha256(stored));
    } finally {
      client.destroy();
    }
  });

  it('is found without conditional writes, so every write of a name takes its lock (the start banner says so)', () => {
    for (const s of [a, b]) expect(s.store).toMatch(/\(no conditional writes: writes of one name are locked\)$/);
  });

  it('10 racing covers of one name, alternating A and B, end whole in each of 6 rounds, the same on both', async () => {
    for (let round = 0; round < 6; round++) {
      // Different lengths: on an in-place store a shorter write over a longer one leaves its tail.
      const versions = Array.from({ length: 10 }, (_, i) => pseudoRandomBytes(150_000 + i * 7_000, 100 * round + i));
      const answers = await Promise.all(versions.map((v, i) => upload(i % 2 ? b : a, '3d/race', 'same.glb', v, { action: 'cover' })));
      expect(answers.map((r) => r.status)).toEqual(versions.map(() => 200));
      const fromA = (await bytesAt(a, '/media/3d/race/same.glb')).bytes;
      const fromB = (await bytesAt(b, '/media/3d/race/same.glb')).bytes;
      expect(sha256(fromA)).toBe(sha256(fromB));
      expect(versions.map(sha256)).toContain(sha256(fromA));
      expect((await list(a, '3d/race')).map((e) => [e.name, e.size])).toEqual([['same.glb', fromA.length]]);
    }
  });
});
