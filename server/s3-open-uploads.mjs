// @ts-check
// The multipart uploads this instance has open, recorded in the store itself, so that what an
// instance could not abort is aborted later, by it or by another instance, whatever the store can
// list: an open multipart upload is never listed as a file but holds storage, and many
// S3-compatible stores have no ListMultipartUploads (501). Each instance writes one small object of
// its own, `<prefix>.dash3d-uploads/<instance>.json` (outside media/ and dashboards/: never listed
// or served), so no two instances ever write one key. It is rewritten when an upload opens or ends
// and, while it lists any, on every beat (its heartbeat); it is deleted when it lists none.
// On every beat each instance also reads the list of records: one that stayed unchanged through
// `staleMs` of this instance's own clock belongs to an instance that is gone (kill -9, power loss),
// and its uploads are aborted and its record deleted. No clocks of two machines are compared, and
// time during which this instance could not reach the store does not count. An upload whose abort
// failed (the store was away) stays in this instance's record and is aborted again on each beat.
// Where the store does list open uploads, the first beat also aborts those older than a day (a
// crash between opening an upload and recording it, or an older version of the service).
import { randomBytes } from 'node:crypto';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { statusOf } from './s3-calls.mjs';

export const RECORDS = '.dash3d-uploads/';
/** An open multipart upload older than this was left by a crash (nothing takes that long). */
export const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

/**
 * @typedef {object} UploadRecord
 * @property {(key: string, uploadId: string) => Promise<void>} opened recorded before any part is sent
 * @property {(uploadId: string) => Promise<void>} ended completed or aborted: recorded no more
 * @property {(key: string, uploadId: string) => void} abandoned its abort failed: aborted again on the next beats
 * @property {() => Promise<void>} sweep one beat (a timer runs it every beatMs)
 * @property {() => Promise<void>} close stops the beats
 */

/**
 * @param {{ calls: import('./s3-calls.mjs').StoreCalls, bucket: string, prefix: string, beatMs: number,
 *   staleMs: number, log: import('./outages.mjs').Log, where: string }} o `prefix`: the library's (s3.prefix)
 * @returns {UploadRecord}
 */
export function uploadRecord({ calls, bucket, prefix, beatMs, staleMs, log, where }) {
  const Bucket = bucket;
  const instance = randomBytes(8).toString('hex');
  const folder = `${prefix}${RECORDS}`;
  const Key = `${folder}${instance}.json`;
  /** @type {Map<string, { key: string, uploadId: string, since: string, abandoned: boolean }>} by upload id */
  const uploads = new Map();
  let beat = 0;
  let recorded = false;

  // One write in flight, and at most one more that takes every change made meanwhile.
  /** @type {Promise<void>} */
  let inFlight = Promise.resolve();
  /** @type {Promise<void> | null} */
  let next = null;
  const write = async () => {
    if (uploads.size === 0) {
      if (recorded) await calls.send(new DeleteObjectCommand({ Bucket, Key }));
      recorded = false;
      return;
    }
    const Body = JSON.stringify({ instance, beat: ++beat, at: new Date().toISOString(), uploads: [...uploads.values()] });
    await calls.send(new PutObjectCommand({ Bucket, Key, Body, ContentType: 'application/json', CacheControl: 'no-store' }));
    recorded = true;
  };
  const flush = () => {
    next ??= inFlight
      .catch(() => undefined)
      .then(() => {
        next = null;
        return write();
      });
    inFlight = next;
    return next;
  };

  /** @returns {Promise<boolean>} whether the upload is gone (aborted now, or before) */
  const abort = (/** @type {string} */ key, /** @type {string} */ uploadId) =>
    calls.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId })).then(
      () => true,
      (err) => statusOf(err) === 404,
    );

  /** @type {Map<string, { version: string, since: number }>} the others' records, as last listed */
  const seen = new Map();
  let lastListed = 0;
  let firstBeat = true;

  /** Aborts what a gone instance's record lists, then deletes it. @param {string} recordKey */
  async function cleanUp(recordKey) {
    const answer = await calls.send(new GetObjectCommand({ Bucket, Key: recordKey }));
    /** @type {{ key: string, uploadId: string }[]} */
    const listed = JSON.parse(await calls.text(answer.Body)).uploads ?? [];
    const gone = await Promise.all(listed.map((u) => abort(u.key, u.uploadId)));
    if (gone.every(Boolean)) await calls.send(new DeleteObjectCommand({ Bucket, Key: recordKey }));
    const keys = listed.map((u) => u.key.slice(prefix.length)).join(', ');
    log.warn(
      `dash3d: aborted ${listed.length} multipart upload(s) an instance left in ${where} (its record unchanged for ${Math.round(staleMs / 1000)} s): ${keys}`,
    );
  }

  /** The others' records: which are stale, and their clean-up. */
  async function checkOthers() {
    const answer = await calls.send(new ListObjectsV2Command({ Bucket, Prefix: folder }));
    const now = Date.now();
    // This instance away from the store (or not beating) for a while: the others may have been
    // too, so nobody's silence in that time counts against them.
    const away = now - lastListed > 2 * beatMs;
    lastListed = now;
    const present = new Set();
    for (const o of answer.Contents ?? []) {
      if (!o.Key || o.Key === Key) continue;
      present.add(o.Key);
      const version = `${o.ETag}|${o.LastModified?.getTime()}|${o.Size}`;
      const last = seen.get(o.Key);
      if (!last || last.version !== version || away) seen.set(o.Key, { version, since: now });
      else if (now - last.since >= staleMs) await cleanUp(o.Key);
    }
    for (const k of seen.keys()) if (!present.has(k)) seen.delete(k);
  }

  /** Where the store lists open uploads: those older than a day, under the library's prefix. */
  async function abortDayOld() {
    const answer = await calls.send(new ListMultipartUploadsCommand({ Bucket, Prefix: prefix })).catch(() => null);
    const old = (answer?.Uploads ?? []).filter((u) => u.Initiated && Date.now() - u.Initiated.getTime() > STALE_UPLOAD_MS);
    await Promise.all(old.map((u) => abort(u.Key ?? '', u.UploadId ?? '')));
    if (old.length > 0) log.warn(`dash3d: aborted ${old.length} multipart upload(s) older than a day in ${where}`);
  }

  /** @type {Promise<void> | null} */
  let sweeping = null;
  const sweep = () =>
    (sweeping ??= (async () => {
      try {
        for (const u of [...uploads.values()].filter((x) => x.abandoned)) {
          if (await abort(u.key, u.uploadId)) uploads.delete(u.uploadId);
        }
        if (uploads.size > 0 || recorded) await flush();
        await checkOthers();
        if (firstBeat) await abortDayOld();
        firstBeat = false;
      } catch {
        // The store is away: the outage log has said so (s3-calls.mjs); the next beat tries again.
      } finally {
        sweeping = null;
      }
    })());

  const timer = setInterval(() => void sweep(), beatMs);
  timer.unref();
  void sweep();

  return {
    async opened(key, uploadId) {
      uploads.set(uploadId, { key, uploadId, since: new Date().toISOString(), abandoned: false });
      await flush();
    },
    async ended(uploadId) {
      if (!uploads.delete(uploadId)) return;
      // Best effort: a record that still names a finished upload only costs a later abort that finds nothing.
      await flush().catch(() => undefined);
    },
    abandoned(key, uploadId) {
      uploads.set(uploadId, { key, uploadId, since: uploads.get(uploadId)?.since ?? new Date().toISOString(), abandoned: true });
      flush().catch(() => undefined);
    },
    sweep,
    async close() {
      clearInterval(timer);
      await sweeping;
    },
  };
}
