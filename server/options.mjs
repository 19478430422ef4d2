// @ts-check
// The media library's options, checked where they enter: a host registering the plugin by hand
// gets a message naming the option it got wrong at start-up, not a 500 on the first upload.
import path from 'node:path';
import { STANDARD_FORMATS, parseFormatList } from './formats.mjs';

export const MIB = 1024 * 1024;
/** A store call's deadline by default: far above a healthy store's answer (well under a second), short
 * enough that a client or a proxy in front (nginx: 60 s) gets the 503 rather than giving up first. */
export const STORE_TIMEOUT_MS = 10_000;
/** The largest deadline accepted: a store that needs more than this is not one to wait for. */
const MAX_STORE_TIMEOUT_MS = 10 * 60_000;

/**
 * @typedef {object} S3Options where an S3-compatible store keeps the files (store-s3.mjs)
 * @property {string} bucket an existing bucket
 * @property {string} [prefix] put before every key ('team-a/' keeps media under 'team-a/media/'); default ''
 * @property {string} [endpoint] the store's URL when it is not AWS S3 ('http://127.0.0.1:9000')
 * @property {string} [region] default: the AWS SDK's own chain (AWS_REGION, the profile), else 'us-east-1'
 * @property {boolean} [forcePathStyle] 'endpoint/bucket/key' URLs rather than 'bucket.endpoint/key' (MinIO, most self-hosted stores)
 */

/**
 * @typedef {object} MediaLibraryOptions
 * @property {string} [root] media root folder (created when missing); required unless `s3` is given
 * @property {S3Options} [s3] keep media and dashboards in an S3-compatible bucket instead of folders
 * @property {string} token the Bearer token that listing, uploading and dashboards need
 * @property {string} [dashboardsRoot] where dashboards are stored (created when missing); without it (and without `s3`), no /api/dashboards
 * @property {string} [sessionStore] 'memory' (the default: one process) or a Redis URL ('redis://host:6379'), which every instance shares
 * @property {string} [sessionPrefix] the Redis keys' prefix; default 'dash3d:'
 * @property {string | readonly string[]} [allowedFormats] extensions without dots; [] allows all; default STANDARD_FORMATS
 * @property {number} [maxUploadBytes] per uploaded file; default 100 MiB
 * @property {number} [maxDashboardBytes] per dashboard document (and any other request body of the service); default 10 MiB
 * @property {string} [publicUrl] prepended to '/media/...' in upload answers' `url`; default the register prefix ('' without one)
 * @property {boolean} [seed] write the built-in resources (and the example dashboard) once registered, in the background; default true
 * @property {number} [storeTimeoutMs] the longest one call to the S3 store or to Redis may take before the request answers 503; default 10 s
 * @property {(library: MediaLibrary) => void} [onRegistered] called once the routes are in place, with what the caller may need
 */

/**
 * @typedef {object} ResolvedOptions
 * @property {string} root absolute ('' with `s3`)
 * @property {string} [dashboardsRoot] absolute, when given
 * @property {Required<S3Options>} [s3] with `prefix` ending in '/' (or '')
 * @property {boolean} dashboards whether the service keeps dashboards (/api/dashboards)
 * @property {string} sessionStore 'memory' or a Redis URL
 * @property {string} sessionPrefix
 * @property {string} token
 * @property {string[]} allowedFormats
 * @property {number} maxUploadBytes
 * @property {number} maxDashboardBytes
 * @property {string} publicUrl without a trailing '/'
 * @property {boolean} seed
 * @property {number} storeTimeoutMs
 */

/**
 * What a registered media library hands its caller (`onRegistered`).
 * @typedef {object} MediaLibrary
 * @property {ResolvedOptions} options
 * @property {import('./sessions.mjs').Sessions} sessions sign-in codes and sessions (`sessions.newCode()` for a sign-in link)
 * @property {string[]} removedTempFiles temporary files a crash had left, removed at registration (relative to their root)
 * @property {string} store where the files are kept, for a start banner (no credentials)
 * @property {string} sessionStore where sessions are kept, for a start banner (no credentials)
 * @property {Promise<void>} seeded settles when the built-ins are in the store (at once without
 *   `seed`, or when the service closes first); the service serves meanwhile
 */

/** Fastify hands the plugin its own register options (`{ prefix }`) in the same object. */
const REGISTER_KEYS = ['prefix', 'logLevel', 'logSerializers'];
const KEYS = [
  'root',
  's3',
  'token',
  'dashboardsRoot',
  'sessionStore',
  'sessionPrefix',
  'allowedFormats',
  'maxUploadBytes',
  'maxDashboardBytes',
  'publicUrl',
  'seed',
  'storeTimeoutMs',
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
const isPositiveWhole = (/** @type {unknown} */ v) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/** Why a session store setting is unusable, or null. @param {unknown} v */
export function sessionStoreProblem(v) {
  if (v === 'memory') return null;
  if (typeof v === 'string' && /^rediss?:\/\/[^/\s]/i.test(v)) return null;
  return 'must be "memory" or a redis:// (or rediss://) URL';
}

/** @param {unknown} s3 */
function checkS3(s3) {
  if (!s3 || typeof s3 !== 'object') return fail('s3 must be { bucket, prefix?, endpoint?, region?, forcePathStyle? }');
  const o = /** @type {Record<string, unknown>} */ (s3);
  const known = ['bucket', 'prefix', 'endpoint', 'region', 'forcePathStyle'];
  const unknown = Object.keys(o).filter((k) => !known.includes(k));
  if (unknown.length > 0) fail(`unknown s3 option ${unknown.map((k) => `"${k}"`).join(', ')} (known: ${known.join(', ')})`);
  // S3's own rule for bucket names (lower case, digits, dots, hyphens; 3 to 63).
  if (typeof o.bucket !== 'string' || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(o.bucket))
    fail(`s3.bucket must be a bucket name (3 to 63 of a-z 0-9 . -), got ${JSON.stringify(o.bucket)}`);
  if (o.prefix !== undefined && (typeof o.prefix !== 'string' || o.prefix.startsWith('/') || Buffer.byteLength(o.prefix) > 200))
    fail('s3.prefix must be a key prefix not starting with "/", at most 200 bytes');
  if (o.endpoint !== undefined && (typeof o.endpoint !== 'string' || !/^https?:\/\/[^/\s]/i.test(o.endpoint)))
    fail(`s3.endpoint must be an http(s) URL, got ${JSON.stringify(o.endpoint)}`);
  if (o.region !== undefined && (typeof o.region !== 'string' || !/^[a-z0-9-]{1,40}$/.test(o.region)))
    fail(`s3.region must be a region name such as "eu-west-1", got ${JSON.stringify(o.region)}`);
  if (o.forcePathStyle !== undefined && typeof o.forcePathStyle !== 'boolean') fail('s3.forcePathStyle must be true or false');
}

/** @param {Record<string, unknown>} o */
function check(o) {
  const unknown = Object.keys(o).filter((k) => !KEYS.includes(k));
  if (unknown.length > 0) fail(`unknown option ${unknown.map((k) => `"${k}"`).join(', ')} (known: ${KEYS.join(', ')})`);
  if (o.s3 !== undefined) checkS3(o.s3);
  else if (!isText(o.root)) fail('root (the media folder) is required, or s3 for a bucket');
  if (!isText(o.token)) fail('token (the Bearer token the API asks for) is required');
  if (o.dashboardsRoot !== undefined && !isText(o.dashboardsRoot)) fail('dashboardsRoot must be a folder path when given');
  const formats = o.allowedFormats;
  if (formats !== undefined && typeof formats !== 'string' && !(Array.isArray(formats) && formats.every((f) => typeof f === 'string'))) {
    fail('allowedFormats must be a comma list or an array of extensions');
  }
  for (const key of ['maxUploadBytes', 'maxDashboardBytes']) {
    const v = o[key];
    if (v !== undefined && !isPositiveWhole(v))
      fail(`${key} must be a positive whole number of bytes, got ${typeof v === 'number' ? v : typeof v}`);
  }
  if (o.publicUrl !== undefined) {
    const problem = typeof o.publicUrl === 'string' ? publicUrlProblem(o.publicUrl) : 'must be a string';
    if (problem) fail(`publicUrl ${problem}`);
  }
  if (o.seed !== undefined && typeof o.seed !== 'boolean') fail('seed must be true or false');
  const t = o.storeTimeoutMs;
  if (t !== undefined && !(isPositiveWhole(t) && /** @type {number} */ (t) <= MAX_STORE_TIMEOUT_MS))
    fail(
      `storeTimeoutMs must be a whole number of milliseconds from 1 to ${MAX_STORE_TIMEOUT_MS}, got ${typeof t === 'number' ? t : typeof t}`,
    );
  const problem = o.sessionStore === undefined ? null : sessionStoreProblem(o.sessionStore);
  if (problem) fail(`sessionStore ${problem}`);
  if (o.sessionPrefix !== undefined && (typeof o.sessionPrefix !== 'string' || o.sessionPrefix.length > 100))
    fail('sessionPrefix must be a string of at most 100 characters');
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
  const s3 = o.s3 && {
    bucket: o.s3.bucket,
    prefix: o.s3.prefix ? o.s3.prefix.replace(/\/*$/, '/') : '',
    endpoint: o.s3.endpoint ?? '',
    region: o.s3.region ?? '',
    forcePathStyle: o.s3.forcePathStyle ?? false,
  };
  return {
    root: s3 ? '' : path.resolve(/** @type {string} */ (o.root)),
    ...(!s3 && o.dashboardsRoot ? { dashboardsRoot: path.resolve(o.dashboardsRoot) } : {}),
    ...(s3 ? { s3 } : {}),
    dashboards: Boolean(s3 || o.dashboardsRoot),
    sessionStore: o.sessionStore ?? 'memory',
    sessionPrefix: o.sessionPrefix ?? 'dash3d:',
    token: o.token,
    allowedFormats: parseFormatList(o.allowedFormats ?? STANDARD_FORMATS),
    maxUploadBytes: o.maxUploadBytes ?? 100 * MIB,
    maxDashboardBytes: o.maxDashboardBytes ?? 10 * MIB,
    publicUrl: (o.publicUrl ?? prefix).replace(/\/+$/, ''),
    seed: o.seed ?? true,
    storeTimeoutMs: o.storeTimeoutMs ?? STORE_TIMEOUT_MS,
  };
}
