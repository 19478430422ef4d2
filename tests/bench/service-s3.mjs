// The S3-compatible server of the service soak (service.mjs): fauxqs, in this process, on a
// loopback port, with one bucket. The same server the tests use (tests/server/s3-server.ts); its
// stores are reached by file because fauxqs's own start listens on every interface.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

const FAUXQS = join(import.meta.dirname, '..', '..', 'node_modules', 'fauxqs', 'dist');
const load = (file) => import(pathToFileURL(join(FAUXQS, file)).href);

export const TEST_BUCKET = 'dash3d-bench';
/** Any credentials: the AWS SDK's chain must find some; fauxqs checks none. */
export const TEST_CREDENTIALS = {
  AWS_ACCESS_KEY_ID: 'dash3d-bench',
  AWS_SECRET_ACCESS_KEY: 'dash3d-bench-secret',
  AWS_REGION: 'us-east-1',
};

export async function startS3Server() {
  const [{ buildApp }, { S3Store }, { SqsStore }, { SnsStore }] = await Promise.all([
    load('app.js'),
    load('s3/s3Store.js'),
    load('sqs/sqsStore.js'),
    load('sns/snsStore.js'),
  ]);
  const app = buildApp({ logger: false, stores: { s3Store: new S3Store(), sqsStore: new SqsStore(), snsStore: new SnsStore() } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const endpoint = `http://127.0.0.1:${app.server.address().port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: TEST_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: TEST_CREDENTIALS.AWS_SECRET_ACCESS_KEY },
  });
  await client.send(new CreateBucketCommand({ Bucket: TEST_BUCKET }));
  client.destroy();
  return { endpoint, stop: () => app.close() };
}
