// An S3-compatible server on a loopback port for the tests: fauxqs 1.9 (npm; its S3 part keeps
// objects in memory, replaces an object whole on PUT and on CompleteMultipartUpload, supports
// multipart upload with abort, ranges and conditional GETs; it ignores If-None-Match on writes and
// has no ListMultipartUploads: see server/README.md, "Toolchain notes"). It runs in the test's
// own process (fauxqs.mjs), so a test can also look at what the server holds that S3's API would
// not list: the multipart uploads still open.
import type { S3Client } from '@aws-sdk/client-s3';
import { FAUXQS_CREDENTIALS, startFauxqs } from './fauxqs.mjs';

export const TEST_BUCKET = 'dash3d-test';
/** Any credentials: the AWS SDK's chain must find some; fauxqs checks none. */
export const TEST_CREDENTIALS = FAUXQS_CREDENTIALS;

export interface S3TestServer {
  endpoint: string;
  /** Keys of the multipart uploads begun and neither completed nor aborted, under a key prefix. */
  openUploads(prefix: string): string[];
  /** The real client, as the service builds it. */
  client: S3Client;
  stop(): Promise<void>;
}

export async function startS3Server(): Promise<S3TestServer> {
  const { endpoint, s3Store, client, stop } = await startFauxqs(TEST_BUCKET);
  return {
    endpoint,
    client,
    openUploads: (prefix) =>
      [...s3Store.multipartUploads.values()].filter((u) => u.bucket === TEST_BUCKET && u.key.startsWith(prefix)).map((u) => u.key),
    stop,
  };
}
