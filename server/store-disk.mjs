// @ts-check
// The store on the local disk (the default): one folder per catalog under a root. Uploads stream
// into a hidden temporary file next to their target and are moved into place when complete, so
// a listing never shows a half-written file. Temporary files are hidden (leading '.') and unique.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { link, lstat, mkdir, open, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError, resolveInside } from './storage.mjs';

/** How temporary files' names start (hidden: listings and GET /media/ never show them). */
export const TEMP_PREFIX = '.tmp-';

/** In the target's own folder, so that rename and link are atomic. */
export function tempPathFor(/** @type {string} */ target) {
  return path.join(path.dirname(target), `${TEMP_PREFIX}${randomBytes(8).toString('hex')}-${path.basename(target).slice(0, 40)}`);
}

/** A strong validator: an atomic replace makes a new inode, so any new content changes it. */
const etagOf = (/** @type {import('node:fs').Stats} */ st) =>
  `"${st.ino.toString(36)}-${st.size.toString(36)}-${Math.round(st.mtimeMs * 1000).toString(36)}"`;

/** @param {unknown} err */
const codeOf = (err) => /** @type {NodeJS.ErrnoException} */ (err).code;

/**
 * Moves a finished temporary file to `target`. With `replace`, an existing file is replaced
 * atomically (rename); without it, `link` fails with EEXIST when the name is taken, so two racing
 * uploads of the same name can never overwrite each other. The temporary file is gone afterwards.
 * @param {string} tmp @param {string} target @param {boolean} replace
 */
async function commitTemp(tmp, target, replace) {
  try {
    if (replace) await rename(tmp, target);
    else await link(tmp, target);
  } catch (err) {
    const code = codeOf(err);
    if (code === 'EEXIST')
      throw new HttpError(409, `a file named "${path.basename(target)}" already exists (upload with action=cover to replace it)`);
    if (code === 'EISDIR' || code === 'ENOTEMPTY' || code === 'EPERM') throw new HttpError(409, `"${path.basename(target)}" is a folder`);
    throw err;
  } finally {
    await rm(tmp, { force: true });
  }
}

/** @param {string} dir */
async function ensureFolder(dir) {
  await mkdir(dir, { recursive: true }).catch((err) => {
    if (err.code === 'ENOTDIR' || err.code === 'EEXIST') throw new HttpError(409, 'the catalog runs through a file');
    throw err;
  });
}

/**
 * Writes bytes atomically: a temporary file in the same folder, flushed, then renamed over `target`.
 * @param {string} target @param {string | Uint8Array} data
 */
async function writeFileAtomic(target, data) {
  await ensureFolder(path.dirname(target));
  const tmp = tempPathFor(target);
  try {
    const fh = await open(tmp, 'wx');
    try {
      await fh.writeFile(data);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, target);
  } finally {
    await rm(tmp, { force: true });
  }
}

/**
 * Removes the hidden temporary files that a crash mid-write left anywhere under `dir`; finished
 * files are never touched. Run at service start, before anything writes.
 * @param {string} dir
 * @returns {Promise<string[]>} the removed files, relative to dir
 */
export async function removeStaleTempFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((err) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  const stale = entries.filter((e) => e.isFile() && e.name.startsWith(TEMP_PREFIX)).map((e) => path.join(e.parentPath, e.name));
  await Promise.all(stale.map((f) => rm(f, { force: true })));
  return stale.map((f) => path.relative(dir, f));
}

/**
 * @param {string} root absolute folder of this area (created on the first write)
 * @returns {import('./store.mjs').Store}
 */
export function diskStore(root) {
  const at = (/** @type {string[]} */ segs) => resolveInside(root, segs);

  /** @type {import('./store.mjs').Store['stat']} */
  const statOf = async (segs) => {
    const st = await stat(at(segs)).catch((err) => {
      if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return null;
      throw err;
    });
    return st?.isFile() ? { size: st.size, mtime: st.mtime, etag: etagOf(st) } : null;
  };

  return {
    kind: 'disk',
    where: root,

    async list(segs) {
      const dir = at(segs);
      let names;
      try {
        names = await readdir(dir);
      } catch (err) {
        if (codeOf(err) === 'ENOENT') return null;
        if (codeOf(err) === 'ENOTDIR') throw new HttpError(400, 'catalog is a file, not a folder');
        throw err;
      }
      const found = await Promise.all(
        names.map(async (name) => {
          // A name that vanishes while we look (a delete, a temporary file) is skipped.
          const st = await stat(path.join(dir, name)).catch(() => null);
          if (!st || !(st.isFile() || st.isDirectory())) return null;
          return { name, isDir: st.isDirectory(), ...(st.isFile() ? { size: st.size } : {}), mtime: st.mtime };
        }),
      );
      return found.filter((e) => e !== null);
    },

    async read(segs) {
      // Open first, then stat the open file: a replace between the two cannot mix two versions.
      const fh = await open(at(segs), 'r').catch((err) => {
        if (err.code === 'ENOENT' || err.code === 'ENOTDIR' || err.code === 'EISDIR') return null;
        throw err;
      });
      if (!fh) return null;
      try {
        const st = await fh.stat();
        if (!st.isFile()) {
          await fh.close();
          return null;
        }
        return { size: st.size, mtime: st.mtime, etag: etagOf(st), body: fh.createReadStream() };
      } catch (err) {
        await fh.close();
        throw err;
      }
    },

    async readText(segs) {
      return readFile(at(segs), 'utf8').catch((err) => {
        if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return null;
        throw err;
      });
    },

    stat: statOf,

    async stage(segs, source) {
      const target = at(segs);
      await ensureFolder(path.dirname(target));
      const tmp = tempPathFor(target);
      let size = 0;
      const count = new Transform({
        transform(chunk, _enc, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(source, count, createWriteStream(tmp, { flags: 'wx' }));
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      return { size, commit: (replace) => commitTemp(tmp, target, replace), discard: () => rm(tmp, { force: true }) };
    },

    put: (segs, data) => writeFileAtomic(at(segs), data),

    async remove(segs) {
      const target = at(segs);
      // lstat: a symbolic link is removed itself, never followed out of the root.
      const st = await lstat(target).catch(() => null);
      if (!st) return null;
      await rm(target, { recursive: true, force: true });
      return { isDir: st.isDirectory() };
    },

    removeStale: () => removeStaleTempFiles(root),

    async check() {
      // The root may not exist before the first write; its parent must be reachable.
      await stat(path.dirname(root));
    },
  };
}
