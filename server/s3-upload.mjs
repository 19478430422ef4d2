// @ts-check
// An upload streamed into an S3-compatible store in two steps, so the route can still refuse it
// (over the limit, a taken name) after its last byte: `stageUpload` receives the bytes, `complete`
// makes them one visible object, `abort` drops them. Memory stays bounded whatever the file's size:
// a file smaller than one part is held (at most partSize) and sent with one PutObject at
// completion; a larger one becomes a multipart upload whose parts are sent as they fill, one part
// in flight while the next one is read. Until CompleteMultipartUpload nothing is listed, and an
// aborted upload (AbortMultipartUpload) leaves nothing behind. A multipart upload is recorded
// (s3-open-uploads.mjs) from its first part until it is completed or aborted, so one whose abort
// fails, or whose instance dies, is aborted later. Every call has the store's deadline (s3-calls.mjs).
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { DependencyError } from './dependency.mjs';
import { statusOf } from './s3-calls.mjs';

/** S3's smallest part (all parts but the last); ours are larger so that 10,000 parts hold a big file. */
export const MIN_PART_BYTES = 8 * 1024 * 1024;
/** S3's most parts in one upload. */
const MAX_PARTS = 10_000;

/** The part size for files up to `maxBytes`. */
export const partSizeFor = (/** @type {number} */ maxBytes) => Math.max(MIN_PART_BYTES, Math.ceil(maxBytes / MAX_PARTS));

/**
 * @typedef {{ Bucket: string, Key: string, ContentType: string, CacheControl?: string, Metadata?: Record<string, string> }} ObjectParams
 * @typedef {{ IfNoneMatch?: string }} Condition
 * @typedef {object} StagedUpload
 * @property {number} size bytes received
 * @property {(condition: Condition) => Promise<void>} complete makes the object visible
 * @property {() => Promise<void>} abort drops what was sent (safe to call more than once)
 */

/** Completing a multipart upload gets 1 s more per this many bytes of the file: the store joins the parts. */
const COMPLETE_BYTES_PER_S = 10 * 1024 * 1024;

/**
 * Reads `source` to its end into the store without making it visible.
 * @param {import('./s3-calls.mjs').StoreCalls} calls
 * @param {ObjectParams} params
 * @param {AsyncIterable<Uint8Array>} source
 * @param {number} partSize
 * @param {import('./s3-open-uploads.mjs').UploadRecord} record
 * @returns {Promise<StagedUpload>}
 */
export async function stageUpload(calls, params, source, partSize, record) {
  const { Bucket, Key } = params;
  /** @type {string | undefined} */
  let uploadId;
  /** @type {{ PartNumber: number, ETag: string | undefined }[]} */
  const parts = [];
  /** @type {Uint8Array[]} */
  let held = [];
  let heldBytes = 0;
  let size = 0;
  /** @type {Promise<void> | null} */
  let inFlight = null;

  // Never throws: a failed abort must not hide the first failure. What the store did not agree
  // to drop stays recorded, and is aborted on a later beat of the record.
  const abort = async () => {
    const id = uploadId;
    uploadId = undefined;
    held = [];
    if (!id) return;
    try {
      await calls.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: id }));
    } catch (err) {
      // 404: the store has no such upload (any more): nothing to drop.
      if (statusOf(err) !== 404) return record.abandoned(Key, id);
    }
    await record.ended(id);
  };

  /** @param {Buffer} body */
  const sendPart = async (body) => {
    if (!uploadId) {
      const created = (await calls.send(new CreateMultipartUploadCommand(params))).UploadId ?? '';
      uploadId = created;
      await record.opened(Key, created);
    }
    const PartNumber = parts.length + 1;
    // Reserved before the request, so the parts keep their order whatever answers first.
    const part = { PartNumber, ETag: /** @type {string | undefined} */ (undefined) };
    parts.push(part);
    const answer = await calls.send(new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body: body }), { body });
    part.ETag = answer.ETag;
  };

  try {
    for await (const chunk of source) {
      held.push(chunk);
      heldBytes += chunk.length;
      size += chunk.length;
      if (heldBytes < partSize) continue;
      const body = Buffer.concat(held, heldBytes);
      held = [];
      heldBytes = 0;
      // One part in flight at a time: reading waits here, so the client is slowed, not buffered.
      if (inFlight) await inFlight;
      inFlight = sendPart(body);
      inFlight.catch(() => undefined); // awaited below; this only keeps it from counting as unhandled
    }
    if (inFlight) await inFlight;
    if (uploadId && heldBytes > 0) await sendPart(Buffer.concat(held, heldBytes));
  } catch (err) {
    if (inFlight) await inFlight.catch(() => undefined);
    // A store that failed is not waited for a second time before the answer: its abort goes on
    // behind it (and stays recorded if the store does not agree yet).
    if (err instanceof DependencyError) void abort();
    else await abort();
    throw err;
  }

  const last = uploadId ? null : Buffer.concat(held, heldBytes);
  return {
    size,
    abort,
    async complete(condition) {
      if (last) {
        await calls.send(new PutObjectCommand({ ...params, ...condition, Body: last, ContentLength: last.length }), { body: last });
        held = [];
        return;
      }
      await calls.send(
        new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, ...condition, MultipartUpload: { Parts: parts } }),
        { timeoutMs: calls.timeoutMs + Math.ceil((size / COMPLETE_BYTES_PER_S) * 1000) },
      );
      const id = uploadId ?? '';
      uploadId = undefined;
      await record.ended(id);
    },
  };
}
