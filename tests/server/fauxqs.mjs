// @ts-check
// fauxqs 1.9 (npm), the S3-compatible server of the server tests (s3-server.ts) and of the
// service soak (tests/bench/service.mjs), in the caller's process on a loopback port, with one
// bucket. Its stores are reached by file: fauxqs exports only buildApp and startFauxqs, and
// startFauxqs listens on every interface; the caller also keeps the S3 store to look at the
// multipart uploads still open, which S3's API would not list here.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

// The SDK's notice that its 2027 versions need Node 22 (we run 20) would fill every test's output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const FAUXQS = join(import.meta.dirname, '..', '..', 'node_modules', 'fauxqs', 'dist');
/** @param {string} file */
const load = (file) => import(pathToFileURL(join(FAUXQS, file)).href);

/** Any credentials: the AWS SDK's chain must find some; fauxqs checks none. */
export const FAUXQS_CREDENTIALS = {
  AWS_ACCESS_KEY_ID: 'dash3d-test',
  AWS_SECRET_ACCESS_KEY: 'dash3d-test-secret',
  AWS_REGION: 'us-east-1',
};

/**
 * @param {string} bucket created before this resolves
 * @returns {Promise<{ endpoint: string, s3Store: { multipartUploads: Map<string, { bucket: string, key: string }> },
 *   client: S3Client, stop(): Promise<void> }>}
 */
export async function startFauxqs(bucket) {
  const [{ buildApp }, { S3Store }, { SqsStore }, { SnsStore }] = await Promise.all([
    load('app.js'),
    load('s3/s3Store.js'),
    load('sqs/sqsStore.js'),
    load('sns/snsStore.js'),
  ]);
  const s3Store = new S3Store();
  const app = buildApp({ logger: false, stores: { s3Store, sqsStore: new SqsStore(), snsStore: new SnsStore() } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const endpoint = `http://127.0.0.1:${app.server.address().port}`;
  const client = new S3Client({
    endpoint,
    region: FAUXQS_CREDENTIALS.AWS_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: FAUXQS_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: FAUXQS_CREDENTIALS.AWS_SECRET_ACCESS_KEY },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    endpoint,
    s3Store,
    client,
    async stop() {
      client.destroy();
      await app.close();
    },
  };
}
