// @ts-check
// The one storage interface the routes see. A store is one area of the service's data (the media
// library, or the saved dashboards) on the local disk (store-disk.mjs, the default) or under a
// prefix of an S3-compatible bucket (store-s3.mjs). Names are checked path segments
// (storage.mjs): a store never sees a raw path. What each promise means, for both kinds:
// - nothing half-written is ever listed or read: an upload is staged, then committed whole;
// - `commit(false)` is "create only": it fails with 409 when the name is taken, even when another
//   writer takes it at the same moment (see server/README.md for what each store guarantees);
// - a store that fails (S3 not answering within its deadline, unreachable, 5xx) rejects with a
//   DependencyError (dependency.mjs): 503 naming the media store.

/**
 * @typedef {object} StoredFile what a read answers besides the bytes
 * @property {number} size bytes
 * @property {Date} mtime last modified
 * @property {string} etag a strong validator, quoted: it changes whenever the content may have
 */

/**
 * @typedef {object} Listed one name directly inside a folder
 * @property {string} name
 * @property {boolean} isDir
 * @property {number} [size] files only
 * @property {Date} mtime
 */

/**
 * An upload received to its end but not yet visible under its name.
 * @typedef {object} Staged
 * @property {number} size bytes received
 * @property {(replace: boolean) => Promise<void>} commit makes it visible whole (409 when `replace`
 *   is false and the name is taken, or when the name is a folder)
 * @property {() => Promise<void>} discard drops it (and whatever the store holds of it)
 */

/**
 * @typedef {object} Store
 * @property {'disk' | 's3'} kind
 * @property {string} where for messages and the start banner: a folder, or s3://bucket/prefix
 * @property {(segs: string[]) => Promise<Listed[] | null>} list the names directly inside a folder,
 *   hidden ones included; null when there is no such folder; 400 when it is a file
 * @property {(segs: string[]) => Promise<(StoredFile & { body: import('node:stream').Readable }) | null>} read
 *   a file's bytes and validators from one version of it; null when there is no such file
 * @property {(segs: string[]) => Promise<string | null>} readText a small file as UTF-8 text
 * @property {(segs: string[]) => Promise<StoredFile | null>} stat
 * @property {(segs: string[], source: AsyncIterable<Uint8Array>, o: { contentType: string }) => Promise<Staged>} stage
 *   receives `source` to its end without making it visible; rejects (leaving nothing) when the
 *   source fails or the name's folder runs through a file (409)
 * @property {(segs: string[], data: string | Uint8Array, o: { contentType: string }) => Promise<void>} put
 *   writes a small file whole, replacing what was there
 * @property {(segs: string[]) => Promise<{ isDir: boolean } | null>} remove a file, or a folder
 *   with everything in it; null when nothing is there
 * @property {() => Promise<string[]>} removeStale drops what an interrupted write left (a crash):
 *   answers what it removed, relative to the area
 * @property {(timeoutMs?: number) => Promise<void>} check throws when the store cannot be reached
 *   (health endpoint), within `timeoutMs` where the store has deadlines (S3)
 */

export {};
