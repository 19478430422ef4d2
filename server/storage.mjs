// @ts-check
// Names as the routes take them: checked path segments that cannot leave the root, whichever store
// holds the files (store.mjs), and the errors the routes answer with.
import path from 'node:path';

/** An error the routes answer with its own status and `{ error: message }`. */
export class HttpError extends Error {
  /**
   * @param {number} statusCode @param {string} message
   * @param {Record<string, unknown>} [details] more fields of the JSON answer (e.g. `limit`)
   */
  constructor(statusCode, message, details = {}) {
    super(message);
    this.statusCode = statusCode;
    this.details = details;
  }
}

/** Longest single name on common file systems (bytes). */
const MAX_NAME_BYTES = 255;
/** Longest root-relative path accepted (bytes); far below PATH_MAX even under a deep root. */
export const MAX_PATH_BYTES = 1024;

/** A path as quoted in an answer: a 5000-character name is not echoed back whole. */
const shortened = (/** @type {string} */ s) => (s.length > 80 ? `${s.slice(0, 80)}…` : s);

/**
 * Why a single path segment (a folder or file name) is refused, or null when it is fine.
 * Names starting with '.' are refused too: temporary files and markers live there, hidden.
 * A segment is also refused when decoding it once more would make it unsafe, so a double-encoded
 * '%2e%2e' or '%2F' cannot turn into a traversal in some later layer that decodes again.
 * @param {string} seg
 * @returns {string | null}
 */
export function segmentProblem(seg) {
  if (seg === '') return 'empty path segment';
  if (seg === '.' || seg === '..') return 'path leaves its folder';
  if (seg.startsWith('.')) return 'names starting with "." are reserved';
  if (seg.includes('/') || seg.includes('\\')) return 'slashes are not allowed inside a name';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(seg)) return 'control characters are not allowed';
  if (Buffer.byteLength(seg) > MAX_NAME_BYTES) return 'name too long';
  if (/%[0-9a-f]{2}/i.test(seg)) {
    let again;
    try {
      again = decodeURIComponent(seg);
    } catch {
      return null; // Not an encoding after all (e.g. '100%zz'): taken literally.
    }
    if (again !== seg && segmentProblem(again)) return 'encoded path characters are not allowed';
  }
  return null;
}

/**
 * Splits an already-decoded, root-relative path ('3d/abc/x.glb') into checked segments.
 * '' is the root itself; one trailing '/' is tolerated. Absolute paths, backslashes, NUL, '.' and
 * '..' segments and encoded variants are refused with 400.
 * @param {string} rel
 * @returns {string[]}
 */
export function checkedSegments(rel) {
  if (typeof rel !== 'string') throw new HttpError(400, 'path must be a string');
  if (rel === '') return [];
  // The file system's own limit (PATH_MAX 4096 with the root in front) would end as a 500.
  if (Buffer.byteLength(rel) > MAX_PATH_BYTES) throw new HttpError(400, `path too long: at most ${MAX_PATH_BYTES} bytes`);
  if (rel.startsWith('/') || /^[a-zA-Z]:/.test(rel)) throw new HttpError(400, 'absolute paths are not allowed');
  if (rel.includes('\\')) throw new HttpError(400, 'backslashes are not allowed');
  const segs = (rel.endsWith('/') ? rel.slice(0, -1) : rel).split('/');
  for (const seg of segs) {
    const problem = segmentProblem(seg);
    if (problem) throw new HttpError(400, `invalid path "${shortened(rel)}": ${problem}`);
  }
  return segs;
}

/**
 * The absolute path of checked segments under `root`, verified to stay inside it.
 * @param {string} root absolute
 * @param {string[]} segs
 */
export function resolveInside(root, segs) {
  const full = path.resolve(root, ...segs);
  const rel = path.relative(root, full);
  if (rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) throw new HttpError(400, 'path leaves the media root');
  return full;
}

/**
 * @typedef {{ name: string, path: string, filePath: string, isDir: boolean, size?: number, updatedAt: string }} MediaEntry
 */

/** URL path of root-relative segments under a prefix such as '/media'. */
export const urlPathOf = (/** @type {string} */ prefix, /** @type {string[]} */ segs) =>
  `${prefix}/${segs.map(encodeURIComponent).join('/')}`;

/**
 * Entries directly inside a catalog: folders first, then files, each sorted by name. Hidden names
 * (temporary files, markers) never appear. A catalog that does not exist lists as empty; a file
 * is not a catalog (400, from the store).
 * @param {import('./store.mjs').Store} store @param {string[]} segs @param {string} urlPrefix
 * @returns {Promise<MediaEntry[]>}
 */
export async function listCatalog(store, segs, urlPrefix) {
  const names = (await store.list(segs)) ?? [];
  return names
    .filter((e) => !segmentProblem(e.name))
    .map((e) => {
      const rel = [...segs, e.name];
      return {
        name: e.name,
        path: rel.join('/'),
        filePath: urlPathOf(urlPrefix, rel),
        isDir: e.isDir,
        ...(e.isDir ? {} : { size: e.size }),
        updatedAt: e.mtime.toISOString(),
      };
    })
    .sort((a, b) => Number(b.isDir) - Number(a.isDir) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
