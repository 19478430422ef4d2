// @ts-check
// Connecting to the S3-compatible store at start: the client (credentials from the AWS SDK's usual
// chain, never from our options), then a check that the bucket is there and writable, with a
// message naming the setting to fix, and a probe of whether the store honours conditional writes.
// Nothing here prints a credential: messages name the endpoint, the bucket and the variables.
import { randomBytes } from 'node:crypto';
import { DeleteObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { partSizeFor } from './s3-upload.mjs';
import { s3Store, statusOf } from './store-s3.mjs';

/** How long connecting to the store may take before it counts as unreachable. */
const CONNECT_MS = 5000;

/** @param {unknown} err */
const describe = (err) => {
  const e = /** @type {{ name?: string, code?: string, message?: string }} */ (err);
  return e?.code ?? e?.name ?? String(err);
};

/**
 * What went wrong reaching the bucket, in words an operator can act on.
 * @param {unknown} err @param {Required<import('./options.mjs').S3Options>} s3 @param {string} region
 */
function startupError(err, s3, region) {
  const where = s3.endpoint ? s3.endpoint.replace(/\/\/[^@/]*@/, '//***@') : `AWS S3 (${region})`;
  const status = statusOf(err);
  const name = /** @type {Error} */ (err)?.name ?? '';
  let why;
  if (status === 404 || name === 'NotFound' || name === 'NoSuchBucket')
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
 * @param {S3Client} client @param {string} bucket @param {string} prefix
 */
async function probeConditionalWrites(client, bucket, prefix) {
  // Outside the media/ and dashboards/ areas, so never listed even while it exists.
  const Key = `${prefix}.dash3d-probe-${randomBytes(8).toString('hex')}`;
  const put = () => client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: 'probe', IfNoneMatch: '*' }));
  try {
    try {
      await put();
    } catch (err) {
      if (statusOf(err) === 403) throw err;
      return false;
    }
    return await put().then(
      () => false,
      (err) => statusOf(err) === 412,
    );
  } finally {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key })).catch(() => undefined);
  }
}

/**
 * @param {Required<import('./options.mjs').S3Options>} s3
 * @param {{ dashboards: boolean, maxUploadBytes: number, lock: import('./locks.mjs').Lock }} o
 * @returns {Promise<import('./stores.mjs').Stores>}
 */
export async function openS3Stores(s3, { dashboards, maxUploadBytes, lock }) {
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
    return openS3Stores({ ...s3, region: 'us-east-1' }, { dashboards, maxUploadBytes, lock });
  }
  let conditionalWrites;
  try {
    await client.send(new HeadBucketCommand({ Bucket: s3.bucket }));
    conditionalWrites = await probeConditionalWrites(client, s3.bucket, s3.prefix);
  } catch (err) {
    client.destroy();
    throw startupError(err, s3, region);
  }
  const partSize = partSizeFor(maxUploadBytes);
  const area = (/** @type {string} */ name) =>
    s3Store({ client, bucket: s3.bucket, prefix: `${s3.prefix}${name}/`, conditionalWrites, lock, partSize });
  const noCover = conditionalWrites ? 'conditional writes' : 'no conditional writes: create-only uploads are locked';
  return {
    media: area('media'),
    ...(dashboards ? { dashboards: area('dashboards') } : {}),
    describe: `s3://${s3.bucket}/${s3.prefix} at ${s3.endpoint ? s3.endpoint.replace(/\/\/[^@/]*@/, '//***@') : `AWS (${region})`} (${noCover})`,
    close: () => Promise.resolve(client.destroy()),
  };
}
