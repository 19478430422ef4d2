// @ts-check
// The media library's options, checked where they enter: a host registering the plugin by hand
// gets a message naming the option it got wrong at start-up, not a 500 on the first upload.
import path from 'node:path';
import { STANDARD_FORMATS, parseFormatList } from './formats.mjs';

export const MIB = 1024 * 1024;

/**
 * @typedef {object} MediaLibraryOptions
 * @property {string} root media root folder (created when missing)
 * @property {string} token the Bearer token that listing, uploading and dashboards need
 * @property {string} [dashboardsRoot] where dashboards are stored (created when missing); without it, no /api/dashboards
 * @property {string | readonly string[]} [allowedFormats] extensions without dots; [] allows all; default STANDARD_FORMATS
 * @property {number} [maxUploadBytes] per uploaded file; default 100 MiB
 * @property {number} [maxDashboardBytes] per dashboard document (and any other request body of the service); default 10 MiB
 * @property {string} [publicUrl] prepended to '/media/...' in upload answers' `url`; default the register prefix ('' without one)
 * @property {boolean} [seed] write the built-in resources (and the example dashboard) when registered; default true
 * @property {(library: MediaLibrary) => void} [onRegistered] called once the routes are in place, with what the caller may need
 */

/**
 * @typedef {object} ResolvedOptions
 * @property {string} root absolute
 * @property {string} [dashboardsRoot] absolute, when given
 * @property {string} token
 * @property {string[]} allowedFormats
 * @property {number} maxUploadBytes
 * @property {number} maxDashboardBytes
 * @property {string} publicUrl without a trailing '/'
 * @property {boolean} seed
 */

/**
 * What a registered media library hands its caller (`onRegistered`).
 * @typedef {object} MediaLibrary
 * @property {ResolvedOptions} options
 * @property {import('./sessions.mjs').Sessions} sessions sign-in codes and sessions (`sessions.newCode()` for a sign-in link)
 * @property {string[]} removedTempFiles temporary files a crash had left, removed at registration (relative to their root)
 */

/** Fastify hands the plugin its own register options (`{ prefix }`) in the same object. */
const REGISTER_KEYS = ['prefix', 'logLevel', 'logSerializers'];
const KEYS = [
  'root',
  'token',
  'dashboardsRoot',
  'allowedFormats',
  'maxUploadBytes',
  'maxDashboardBytes',
  'publicUrl',
  'seed',
  'onRegistered',
  ...REGISTER_KEYS,
];

/** Why a publicUrl cannot prefix '/media/...', or null. */
export function publicUrlProblem(/** @type {string} */ url) {
  if (url === '' || /^\/(?!\/)/.test(url) || /^https?:\/\/[^/]/i.test(url)) return null;
  return `must be empty, a path starting with "/" or an http(s) URL, got "${url}"`;
}

const fail = (/** @type {string} */ message) => {
  throw new TypeError(`dash3d mediaLibrary: ${message}`);
};
const isText = (/** @type {unknown} */ v) => typeof v === 'string' && v.trim() !== '';
const isByteCount = (/** @type {unknown} */ v) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/** @param {Record<string, unknown>} o */
function check(o) {
  const unknown = Object.keys(o).filter((k) => !KEYS.includes(k));
  if (unknown.length > 0) fail(`unknown option ${unknown.map((k) => `"${k}"`).join(', ')} (known: ${KEYS.join(', ')})`);
  if (!isText(o.root)) fail('root (the media folder) is required');
  if (!isText(o.token)) fail('token (the Bearer token the API asks for) is required');
  if (o.dashboardsRoot !== undefined && !isText(o.dashboardsRoot)) fail('dashboardsRoot must be a folder path when given');
  const formats = o.allowedFormats;
  if (formats !== undefined && typeof formats !== 'string' && !(Array.isArray(formats) && formats.every((f) => typeof f === 'string'))) {
    fail('allowedFormats must be a comma list or an array of extensions');
  }
  for (const key of ['maxUploadBytes', 'maxDashboardBytes']) {
    const v = o[key];
    if (v !== undefined && !isByteCount(v))
      fail(`${key} must be a positive whole number of bytes, got ${typeof v === 'number' ? v : typeof v}`);
  }
  if (o.publicUrl !== undefined) {
    const problem = typeof o.publicUrl === 'string' ? publicUrlProblem(o.publicUrl) : 'must be a string';
    if (problem) fail(`publicUrl ${problem}`);
  }
  if (o.seed !== undefined && typeof o.seed !== 'boolean') fail('seed must be true or false');
  if (o.onRegistered !== undefined && typeof o.onRegistered !== 'function') fail('onRegistered must be a function');
}

/**
 * @param {MediaLibraryOptions} o
 * @param {string} prefix the register prefix ('' when none): upload answers' urls must reach /media/ under it
 * @returns {ResolvedOptions}
 */
export function resolveOptions(o, prefix = '') {
  if (!o || typeof o !== 'object') fail('options { root, token } are required');
  check(/** @type {Record<string, unknown>} */ (/** @type {unknown} */ (o)));
  return {
    root: path.resolve(o.root),
    ...(o.dashboardsRoot ? { dashboardsRoot: path.resolve(o.dashboardsRoot) } : {}),
    token: o.token,
    allowedFormats: parseFormatList(o.allowedFormats ?? STANDARD_FORMATS),
    maxUploadBytes: o.maxUploadBytes ?? 100 * MIB,
    maxDashboardBytes: o.maxDashboardBytes ?? 10 * MIB,
    publicUrl: (o.publicUrl ?? prefix).replace(/\/+$/, ''),
    seed: o.seed ?? true,
  };
}
