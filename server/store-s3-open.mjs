// @ts-check
// Connecting to the S3-compatible store at start: the client (credentials from the AWS SDK's usual
// chain, never from our options), then a check that the bucket is there and writable, with a
// message naming the setting to fix, and a probe of whether the store honours conditional writes.
// Each call of the start has a deadline of its own (dependency.mjs checkMs: 5 s at most), so a store
// that does not answer fails the start with a message naming it, before a host's plugin timeout
// would fail it with one naming nothing. Nothing here prints a credential: messages name the
// endpoint, the bucket and the variables.
import { randomBytes } from 'node:crypto';
import { DeleteObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DependencyError, checkMs, seconds } from './dependency.mjs';
import { MS_PER_MIB, statusOf, storeCalls } from './s3-calls.mjs';
import { uploadRecord } from './s3-open-uploads.mjs';
import { partSizeFor } from './s3-upload.mjs';
import { s3Store } from './store-s3.mjs';

/** How long connecting to the store may take before it counts as unreachable. */
const CONNECT_MS = 5000;
const MIB = 1024 * 1024;

/** @param {unknown} err */
const describe = (err) => {
  const e = /** @type {{ name?: string, code?: string, message?: string }} */ (err);
  return e?.code ?? e?.name ?? String(err);
};

/** The endpoint as it may be shown. @param {Required<import('./options.mjs').S3Options>} s3 @param {string} region */
const whereOf = (s3, region) => (s3.endpoint ? s3.endpoint.replace(/\/\/[^@/]*@/, '//***@') : `AWS S3 (${region})`);

/**
 * What went wrong reaching the bucket, in words an operator can act on.
 * @param {unknown} failure @param {Required<import('./options.mjs').S3Options>} s3 @param {string} region @param {number} startMs
 */
function startupError(failure, s3, region, startMs) {
  const late = failure instanceof DependencyError && /did not answer/.test(failure.message);
  const err = failure instanceof DependencyError ? failure.cause : failure;
  const where = whereOf(s3, region);
  const status = statusOf(err);
  const name = /** @type {Error} */ (err)?.name ?? '';
  let why;
  if (late)
    why = `the S3 store at ${where} did not answer within ${seconds(startMs)}: check MEDIA_S3_ENDPOINT (s3.endpoint), or that the store is up`;
  else if (status === 404 || name === 'NotFound' || name === 'NoSuchBucket')
    why = `bucket "${s3.bucket}" does not exist at ${where}: check MEDIA_S3_BUCKET (s3.bucket), or create it`;
  else if (status === 403)
    why = `access to bucket "${s3.bucket}" at ${where} is denied: check the credentials (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, AWS_PROFILE, or the machine's role) and their permissions`;
  else if (status === 301 || name === 'PermanentRedirect')
    why = `bucket "${s3.bucket}" is in another region than "${region}": set MEDIA_S3_REGION (s3.region)`;
  else if (name === 'CredentialsProviderError')
    why = 'no AWS credentials found: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE';
  else why = `the S3 store at ${where} cannot be reached: check MEDIA_S3_ENDPOINT (s3.endpoint) (${describe(err)})`;
  return new Error(`dash3d media store: ${why}`);
}

/**
 * Whether the store refuses a second "create only" write of one key (If-None-Match: *). Stores that
 * ignore the header answer 200 twice; some refuse the header itself (400, 501): both count as no.
 * @param {import('./s3-calls.mjs').StoreCalls} calls @param {string} bucket @param {string} prefix @param {number} timeoutMs
 */
async function probeConditionalWrites(calls, bucket, prefix, timeoutMs) {
  // Outside the media/ and dashboards/ areas, so never listed even while it exists.
  const Key = `${prefix}.dash3d-probe-${randomBytes(8).toString('hex')}`;
  const put = () => calls.send(new PutObjectCommand({ Bucket: bucket, Key, Body: 'probe', IfNoneMatch: '*' }), { timeoutMs });
  try {
    try {
      await put();
    } catch (err) {
      if (err instanceof DependencyError) throw err;
      return false;
    }
    return await put().then(
      () => false,
      (err) => {
        if (err instanceof DependencyError) throw err;
        return statusOf(err) === 412;
      },
    );
  } finally {
    await calls.send(new DeleteObjectCommand({ Bucket: bucket, Key }), { timeoutMs }).catch(() => undefined);
  }
}

/**
 * @param {Required<import('./options.mjs').S3Options>} s3
 * @param {{ dashboards: boolean, maxUploadBytes: number, lock: import('./locks.mjs').Lock, timeoutMs: number,
 *   outages: import('./outages.mjs').Outages, log: import('./outages.mjs').Log }} o
 * @returns {Promise<import('./stores.mjs').Stores>}
 */
export async function openS3Stores(s3, o) {
  const client = new S3Client({
    ...(s3.region ? { region: s3.region } : {}),
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    forcePathStyle: s3.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible stores refuse the SDK's default
    // CRC headers (and the aws-chunked bodies that carry them).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECT_MS },
  });
  // A region from nowhere (no option, no AWS_REGION, no profile) is us-east-1, which any endpoint
  // of a self-hosted store accepts.
  const region = await client.config.region().catch(() => '');
  if (!region) {
    client.destroy();
    return openS3Stores({ ...s3, region: 'us-east-1' }, o);
  }
  const { timeoutMs, outages, lock, log } = o;
  const where = `s3://${s3.bucket}/${s3.prefix} at ${whereOf(s3, region)}`;
  const calls = storeCalls(client, { timeoutMs, outages, where });
  const startMs = checkMs(timeoutMs);
  let conditionalWrites;
  try {
    await calls.send(new HeadBucketCommand({ Bucket: s3.bucket }), { timeoutMs: startMs });
    conditionalWrites = await probeConditionalWrites(calls, s3.bucket, s3.prefix, startMs);
  } catch (err) {
    client.destroy();
    throw startupError(err, s3, region, startMs);
  }
  const partSize = partSizeFor(o.maxUploadBytes);
  // The longest a write of one name takes, which its lock is held for at most: the check that the
  // name is free, then the commit (one part's PUT, or the completion of a multipart upload).
  const lockMs = 2 * timeoutMs + Math.ceil(Math.max(partSize / MIB, o.maxUploadBytes / (10 * MIB)) * MS_PER_MIB) + 5000;
  // The record's heartbeat: often enough that a gone instance's uploads are aborted within a minute
  // or two by default, never more often than a call may take.
  const beatMs = Math.max(2 * timeoutMs, 1000);
  const record = uploadRecord({ calls, bucket: s3.bucket, prefix: s3.prefix, beatMs, staleMs: 4 * beatMs, log, where });
  const area = (/** @type {string} */ name) =>
    s3Store({ calls, bucket: s3.bucket, prefix: `${s3.prefix}${name}/`, conditionalWrites, lock, partSize, record, lockMs });
  const writes = conditionalWrites ? 'conditional writes' : 'no conditional writes: writes of one name are locked';
  return {
    media: area('media'),
    ...(o.dashboards ? { dashboards: area('dashboards') } : {}),
    describe: `s3://${s3.bucket}/${s3.prefix} at ${whereOf(s3, region)} (${writes})`,
    close: async () => {
      await record.close();
      client.destroy();
    },
  };
}
