// @ts-check
// The store in an S3-compatible bucket: one area (media, dashboards) is every key under one prefix,
// a folder is a common prefix, a file is an object. S3 has no folders of its own, so the rules the
// disk gets from its file system are kept here by asking first: a file cannot be stored below a
// file (409), a name that holds files is a folder (409), a file is not a catalog (400). A PUT or a
// completed multipart upload replaces an object whole on AWS S3 and most stores, so readers see the
// old or the new version, never a mix. "Create only" (no cover) uses the store's conditional write
// (If-None-Match: *) where it has one. A store without conditional writes may also lack atomic
// replace (some write an object in place as its bytes arrive, and two racing writes of one key end
// as a mix of both): there every write of a name, cover or not, takes the name's lock (locks.mjs),
// so writes of one name follow each other and the last one is whole. Every call to the store has
// a deadline and a store failure answers 503 (s3-calls.mjs).
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { statusOf } from './s3-calls.mjs';
import { stageUpload } from './s3-upload.mjs';
import { HttpError } from './storage.mjs';

/** Pages of 1000 keys a listing or a folder delete reads at most (a bound, whatever is stored). */
const MAX_PAGES = 100;
/** S3 has no date for a common prefix: folders list with this one. */
const NO_DATE = new Date(0);

/**
 * When we saved an object, to the millisecond: S3's own Last-Modified has whole seconds, too coarse
 * to order dashboards saved in one second. Kept as the object's metadata by every write of ours.
 */
const SAVED_AT = 'saved-at';
const savedAt = () => ({ [SAVED_AT]: String(Date.now()) });
/** @param {{ Metadata?: Record<string, string>, LastModified?: Date }} answer */
const mtimeOf = (answer) => {
  const ms = Number(answer.Metadata?.[SAVED_AT]);
  return Number.isFinite(ms) && ms > 0 ? new Date(ms) : (answer.LastModified ?? NO_DATE);
};

/** @param {unknown} err */
const isMissing = (err) => statusOf(err) === 404 || ['NoSuchKey', 'NotFound'].includes(/** @type {Error} */ (err)?.name);

/**
 * @param {{ calls: import('./s3-calls.mjs').StoreCalls, bucket: string, prefix: string,
 *   conditionalWrites: boolean, lock: import('./locks.mjs').Lock, partSize: number,
 *   record: import('./s3-open-uploads.mjs').UploadRecord, lockMs: number }} o
 *   `prefix`: this area's, ending in '/'; `lockMs`: longest a write of one name can take (its
 *   calls' deadlines), which its lock is held for at most
 * @returns {import('./store.mjs').Store}
 */
export function s3Store({ calls, bucket, prefix, conditionalWrites, lock, partSize, record, lockMs }) {
  const Bucket = bucket;
  /** Writes of one name in turn, on a store that may write objects in place (see above). @type {<T>(key: string, write: () => Promise<T>) => Promise<T>} */
  const inTurn = (key, write) => (conditionalWrites ? write() : lock(`${bucket}/${key}`, lockMs, write));
  const keyOf = (/** @type {string[]} */ segs) => prefix + segs.join('/');
  const folderOf = (/** @type {string[]} */ segs) => (segs.length ? `${keyOf(segs)}/` : prefix);

  /** @param {string} Key */
  const head = (Key) =>
    calls.send(new HeadObjectCommand({ Bucket, Key })).catch((err) => {
      if (isMissing(err)) return null;
      throw err;
    });

  /** Whether any key lies under this folder prefix. @param {string} folder */
  const holdsAnything = async (folder) =>
    ((await calls.send(new ListObjectsV2Command({ Bucket, Prefix: folder, MaxKeys: 1 }))).KeyCount ?? 0) > 0;

  /** @param {string[]} segs */
  const throughFile = async (segs) => {
    const ancestors = segs.slice(0, -1).map((_, i) => keyOf(segs.slice(0, i + 1)));
    const found = await Promise.all(ancestors.map(head));
    if (found.some(Boolean)) throw new HttpError(409, 'the catalog runs through a file');
  };

  /**
   * The commit of a staged upload: a taken name is 409 unless `replace`.
   * @param {string[]} segs @param {import('./s3-upload.mjs').StagedUpload} staged
   * @returns {(replace: boolean) => Promise<void>}
   */
  const commitOf = (segs, staged) => async (replace) => {
    const Key = keyOf(segs);
    const name = segs.at(-1);
    if (await holdsAnything(`${Key}/`)) throw new HttpError(409, `"${name}" is a folder`);
    const taken = new HttpError(409, `a file named "${name}" already exists (upload with action=cover to replace it)`);
    if (conditionalWrites && !replace) {
      // 412: the name exists; 409: another conditional write of it is under way (it wins).
      return staged.complete({ IfNoneMatch: '*' }).catch((err) => {
        throw [409, 412].includes(statusOf(err) ?? 0) ? taken : err;
      });
    }
    return inTurn(Key, async () => {
      if (!replace && (await head(Key))) throw taken;
      await staged.complete({});
    });
  };

  return {
    kind: 's3',
    where: `s3://${bucket}/${prefix}`,

    async list(segs) {
      const folder = folderOf(segs);
      /** @type {import('./store.mjs').Listed[]} */
      const found = [];
      /** @type {string | undefined} */
      let ContinuationToken;
      for (let page = 0; page < MAX_PAGES; page++) {
        /** @type {import('@aws-sdk/client-s3').ListObjectsV2CommandOutput} */
        const answer = await calls.send(new ListObjectsV2Command({ Bucket, Prefix: folder, Delimiter: '/', ContinuationToken }));
        for (const p of answer.CommonPrefixes ?? []) {
          const name = (p.Prefix ?? '').slice(folder.length, -1);
          if (name) found.push({ name, isDir: true, mtime: NO_DATE });
        }
        for (const o of answer.Contents ?? []) {
          const name = (o.Key ?? '').slice(folder.length);
          // A zero-byte "folder" object that a console creates is the folder itself, not a file.
          if (name) found.push({ name, isDir: false, size: o.Size ?? 0, mtime: o.LastModified ?? NO_DATE });
        }
        ContinuationToken = answer.NextContinuationToken;
        if (!answer.IsTruncated || !ContinuationToken) break;
      }
      if (found.length > 0 || segs.length === 0) return found.length > 0 ? found : null;
      if (await head(keyOf(segs))) throw new HttpError(400, 'catalog is a file, not a folder');
      return null;
    },

    async read(segs) {
      const answer = await calls.send(new GetObjectCommand({ Bucket, Key: keyOf(segs) })).catch((err) => {
        if (isMissing(err)) return null;
        throw err;
      });
      if (!answer?.Body) return null;
      return {
        size: answer.ContentLength ?? 0,
        mtime: mtimeOf(answer),
        // The store's own validator: it changes with the content (the same bytes keep it, rightly).
        etag: answer.ETag ?? `"${(answer.LastModified ?? NO_DATE).getTime().toString(36)}"`,
        // A store that stops sending mid-file fails the download after the deadline, not never.
        body: calls.body(/** @type {import('node:stream').Readable} */ (answer.Body)),
      };
    },

    async readText(segs) {
      const answer = await calls.send(new GetObjectCommand({ Bucket, Key: keyOf(segs) })).catch((err) => {
        if (isMissing(err)) return null;
        throw err;
      });
      return answer?.Body ? calls.text(answer.Body) : null;
    },

    async stat(segs) {
      const answer = await head(keyOf(segs));
      return answer ? { size: answer.ContentLength ?? 0, mtime: mtimeOf(answer), etag: answer.ETag ?? '""' } : null;
    },

    async stage(segs, source, { contentType }) {
      await throughFile(segs);
      // no-cache on the object too: a bucket or CDN serving it (MEDIA_PUBLIC_URL) must revalidate after a cover.
      const params = { Bucket, Key: keyOf(segs), ContentType: contentType, CacheControl: 'no-cache', Metadata: savedAt() };
      const staged = await stageUpload(calls, params, source, partSize, record);
      return { size: staged.size, commit: commitOf(segs, staged), discard: staged.abort };
    },

    async put(segs, data, { contentType }) {
      const Body = typeof data === 'string' ? Buffer.from(data) : data;
      const Key = keyOf(segs);
      await inTurn(Key, () =>
        calls.send(new PutObjectCommand({ Bucket, Key, Body, ContentType: contentType, CacheControl: 'no-cache', Metadata: savedAt() }), {
          body: Body,
        }),
      );
    },

    async remove(segs) {
      const Key = keyOf(segs);
      if (await head(Key)) {
        await calls.send(new DeleteObjectCommand({ Bucket, Key }));
        return { isDir: false };
      }
      let removed = 0;
      for (let page = 0; page < MAX_PAGES; page++) {
        // Always the first page: what was deleted is gone from the next listing.
        const answer = await calls.send(new ListObjectsV2Command({ Bucket, Prefix: `${Key}/` }));
        const Objects = (answer.Contents ?? []).map((o) => ({ Key: o.Key }));
        if (Objects.length === 0) break;
        await calls.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
        removed += Objects.length;
      }
      return removed > 0 ? { isDir: true } : null;
    },

    // What a crash left on S3 is an open multipart upload: the record of open uploads
    // (s3-open-uploads.mjs) aborts those in the background, so nothing waits for it here.
    removeStale: () => Promise.resolve([]),

    async check(timeoutMs) {
      await calls.send(new HeadBucketCommand({ Bucket }), timeoutMs ? { timeoutMs } : {});
    },
  };
}
