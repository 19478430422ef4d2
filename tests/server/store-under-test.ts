// Which store the media-library suites run against. The disk by default; a file in on-s3/ switches
// to the S3-compatible store (with sessions in Redis, as several instances would run) before it
// imports a suite, so the S3 run has the disk run's assertions, word for word (issue 21, point 6).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { AppOptions } from '../../server/app.mjs';
import { memoryLock } from '../../server/locks.mjs';
import type { Store } from '../../server/store.mjs';
import { diskStore } from '../../server/store-disk.mjs';
import { startRedis, type RedisTestServer } from './redis-server';
import { startS3Server, TEST_BUCKET, TEST_CREDENTIALS, type S3TestServer } from './s3-server';

export const under: { store: 'disk' | 's3'; s3: S3TestServer | null; redis: RedisTestServer | null } = {
  store: 'disk',
  s3: null,
  redis: null,
};

/**
 * Runs this test file's suites on the S3 store: an S3-compatible server and a Redis on loopback
 * ports, started before the suite's own hooks and stopped after them.
 */
export function useS3Store() {
  under.store = 's3';
  Object.assign(process.env, TEST_CREDENTIALS, { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' });
  beforeAll(async () => {
    [under.s3, under.redis] = await Promise.all([startS3Server(), startRedis()]);
  });
  afterAll(async () => {
    await Promise.all([under.s3?.stop(), under.redis?.stop()]);
  });
}

export const onS3 = () => under.store === 's3';

/** Where one test server keeps its files and sessions: `dir`'s folders on disk, or a fresh key prefix. */
export function storeOptions(dir: string): Partial<AppOptions> & { root: string; dashboardsRoot: string } {
  const folders = { root: `${dir}/media`, dashboardsRoot: `${dir}/dashboards` };
  if (!onS3()) return folders;
  const { s3, redis } = under;
  if (!s3 || !redis) throw new Error('useS3Store() starts the servers in beforeAll: start test servers in hooks or tests');
  const id = randomBytes(6).toString('hex');
  // root and dashboardsRoot stay for the tests' temporary folder; the service ignores them with s3.
  return {
    ...folders,
    s3: { bucket: TEST_BUCKET, prefix: `t-${id}/`, endpoint: s3.endpoint, forcePathStyle: true },
    sessionStore: redis.url,
    sessionPrefix: `t-${id}:`,
  };
}

/** The same store as a running service's (its options), to look into or change behind its back. */
export async function storeOf(options: Partial<AppOptions> & { root: string }, area: 'media' | 'dashboards'): Promise<Store> {
  if (!options.s3) return diskStore(area === 'media' ? options.root : (options.dashboardsRoot ?? ''));
  const { openS3Stores } = await import('../../server/store-s3-open.mjs');
  const { resolveOptions } = await import('../../server/options.mjs');
  const { s3 } = resolveOptions({ ...options, token: 'x' });
  const log = { error: () => {}, warn: () => {}, info: () => {} };
  const stores = await openS3Stores(s3!, {
    dashboards: true,
    maxUploadBytes: 1,
    lock: memoryLock(),
    timeoutMs: 10_000,
    outages: { failed: () => {}, answered: () => {} },
    log,
  });
  return area === 'media' ? stores.media : stores.dashboards!;
}
