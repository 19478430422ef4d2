// An S3-compatible server on a loopback port for the tests: fauxqs 1.9 (npm; its S3 part keeps
// objects in memory, replaces an object whole on PUT and on CompleteMultipartUpload, supports
// multipart upload with abort, ranges and conditional GETs; it ignores If-None-Match on writes and
// has no ListMultipartUploads: see server/README.md, "Toolchain notes"). It runs in the test's
// own process, so a test can also look at what the server holds that S3's API would not list:
// the multipart uploads still open.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

// fauxqs exports only buildApp and startFauxqs; its stores are reached by file so that the test can
// keep the S3 store (startFauxqs also listens on every interface, and the tests stay on loopback).
const FAUXQS = join(import.meta.dirname, '..', '..', 'node_modules', 'fauxqs');
const load = async <T>(file: string) => (await import(pathToFileURL(join(FAUXQS, 'dist', file)).href)) as T;

interface FauxS3Store {
  multipartUploads: Map<string, { bucket: string; key: string }>;
}

// The SDK's notice that its 2027 versions need Node 22 (we run 20) would fill every test's output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export const TEST_BUCKET = 'dash3d-test';
/** Any credentials: the AWS SDK's chain must find some; fauxqs checks none. */
export const TEST_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'dash3d-test', AWS_SECRET_ACCESS_KEY: 'dash3d-test-secret', AWS_REGION: 'us-east-1' };

export interface S3TestServer {
  endpoint: string;
  /** Keys of the multipart uploads begun and neither completed nor aborted, under a key prefix. */
  openUploads(prefix: string): string[];
  /** The real client, as the service builds it. */
  client: S3Client;
  stop(): Promise<void>;
}

export async function startS3Server(): Promise<S3TestServer> {
  const [{ buildApp }, { S3Store }, { SqsStore }, { SnsStore }] = await Promise.all([
    load<{ buildApp: (o: object) => import('fastify').FastifyInstance }>('app.js'),
    load<{ S3Store: new () => FauxS3Store }>('s3/s3Store.js'),
    load<{ SqsStore: new () => unknown }>('sqs/sqsStore.js'),
    load<{ SnsStore: new () => unknown }>('sns/snsStore.js'),
  ]);
  const s3Store = new S3Store();
  const app = buildApp({ logger: false, stores: { s3Store, sqsStore: new SqsStore(), snsStore: new SnsStore() } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const endpoint = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: TEST_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: TEST_CREDENTIALS.AWS_SECRET_ACCESS_KEY },
  });
  await client.send(new CreateBucketCommand({ Bucket: TEST_BUCKET }));
  return {
    endpoint,
    client,
    openUploads: (prefix) =>
      [...s3Store.multipartUploads.values()].filter((u) => u.bucket === TEST_BUCKET && u.key.startsWith(prefix)).map((u) => u.key),
    async stop() {
      client.destroy();
      await app.close();
    },
  };
}
