/**
 * The playground as an operator runs it on object storage (issue 21): `npm start` with its media
 * and dashboards in an S3-compatible bucket and its sessions in Redis, both real servers on
 * loopback. What a designer sees must not change: the example opens, its model is drawn from the
 * bucket, and what the service wrote is in the bucket, not on the disk.
 */
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { t } from '../../playground/i18n';
import { startPlayground, type Playground } from './support/server';
import { frame, launchChromium, openPage, spaceSettled } from './support/browser';
import { startS3Server, TEST_BUCKET, TEST_CREDENTIALS, type S3TestServer } from '../server/s3-server';
import { startRedis, type RedisTestServer } from '../server/redis-server';

let s3: S3TestServer;
let redis: RedisTestServer;
let pg: Playground;
let browser: Browser;
const PREFIX = 'e2e-playground/';

beforeAll(async () => {
  [s3, redis] = await Promise.all([startS3Server(), startRedis()]);
  pg = await startPlayground(170_000, {
    MEDIA_STORE: 's3',
    MEDIA_S3_BUCKET: TEST_BUCKET,
    MEDIA_S3_ENDPOINT: s3.endpoint,
    MEDIA_S3_FORCE_PATH_STYLE: 'true',
    MEDIA_S3_PREFIX: PREFIX,
    SESSION_STORE: redis.url,
    ...TEST_CREDENTIALS,
  });
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await pg?.stop();
  await Promise.all([s3?.stop(), redis?.stop()]);
});

const SPACE = 'example-space';

async function keys(prefix: string): Promise<string[]> {
  const out: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3.client.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET, Prefix: prefix, ContinuationToken: token }));
    out.push(...(page.Contents ?? []).map((c) => c.Key!));
    token = page.NextContinuationToken;
  } while (token);
  return out;
}

describe('the playground on an S3-compatible bucket with Redis sessions', () => {
  it('opens the example from the bucket: its model is drawn, and the files it read are objects there', async () => {
    const { page, errors } = await openPage(browser, `${pg.base}/`);
    await page.getByRole('button', { name: t('en', 'playground.example.open') }).click();
    await frame(page, SPACE).waitFor();
    await spaceSettled(page, SPACE);
    const stats = await page.evaluate((id) => window.__dash3d!.spaces.get(id)!.stats(), SPACE);
    expect(stats.models).toMatchObject({ total: 2, loaded: 2 });
    expect(errors.filter((e) => !/Download the React DevTools/.test(e))).toEqual([]);
    await page.close();

    const stored = await keys(PREFIX);
    // The seeded example dashboard and the models it shows, under the configured prefix.
    expect(stored.some((k) => /dashboards\/.*example/.test(k))).toBe(true);
    expect(stored.some((k) => /\.(glb|gltf|obj|fbx)$/.test(k))).toBe(true);
    // Nothing of it went to the data folder on disk.
    const onDisk = await readdir(pg.dataRoot, { recursive: true }).catch(() => [] as string[]);
    expect(onDisk.filter((f) => /\.(glb|gltf|obj|fbx|json)$/.test(String(f)))).toEqual([]);
  });
});
