// @ts-check
// The service's settings from the environment, shared by the `dash3d-media` command (cli.mjs, also
// `npm run server`), `npm start` and `npm run dev`. Relative folders resolve against `base`: the
// caller's (the current folder by default), never this package's own location, which for an
// installed package is inside node_modules.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseFormatList } from './formats.mjs';
import { MIB, sessionStoreProblem } from './options.mjs';

/** A URL as it may be printed: no user name or password. */
const maskedUrl = (/** @type {string} */ url) => url.replace(/^([a-z]+:\/\/)[^@/]*@/i, '$1***@');

/**
 * The bucket from MEDIA_STORE=s3 and the MEDIA_S3_* variables; undefined for the disk store.
 * Credentials are not read here: the AWS SDK takes them from its usual chain (AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, AWS_PROFILE, the machine's role).
 * @param {Record<string, string | undefined>} env
 * @returns {import('./options.mjs').S3Options | undefined}
 */
export function s3Options(env) {
  const store = (env.MEDIA_STORE || 'disk').trim().toLowerCase();
  if (store === 'disk') return undefined;
  if (store !== 's3') throw new Error(`MEDIA_STORE must be "disk" or "s3", got "${env.MEDIA_STORE}"`);
  if (!env.MEDIA_S3_BUCKET) throw new Error('MEDIA_STORE=s3 needs MEDIA_S3_BUCKET (the bucket to keep media and dashboards in)');
  const pathStyle = (env.MEDIA_S3_FORCE_PATH_STYLE ?? '').trim().toLowerCase();
  if (!['', 'true', 'false', '1', '0'].includes(pathStyle))
    throw new Error(`MEDIA_S3_FORCE_PATH_STYLE must be true or false, got "${env.MEDIA_S3_FORCE_PATH_STYLE}"`);
  return {
    bucket: env.MEDIA_S3_BUCKET,
    ...(env.MEDIA_S3_PREFIX ? { prefix: env.MEDIA_S3_PREFIX } : {}),
    ...(env.MEDIA_S3_ENDPOINT ? { endpoint: env.MEDIA_S3_ENDPOINT } : {}),
    ...(env.MEDIA_S3_REGION ? { region: env.MEDIA_S3_REGION } : {}),
    forcePathStyle: pathStyle === 'true' || pathStyle === '1',
  };
}

/** A fresh token: 32 random bytes, base64url. */
export const newToken = () => randomBytes(32).toString('base64url');

/**
 * @param {string | undefined} value
 * @param {string} name the variable or flag it came from, for the message
 */
export function positiveNumber(value, name) {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${value}"`);
  return n;
}

/**
 * A format list as configured: '*' allows every format ([]); anything else must name at least one
 * extension (a list of only commas would otherwise allow every format without saying so).
 * @param {string | undefined} value @param {string} name
 */
export function formatsFrom(value, name) {
  if (value === undefined || value === '') return undefined;
  if (value.trim() === '*') return [];
  if (parseFormatList(value).length === 0)
    throw new Error(`${name} must list extensions ("glb,png") or be "*" for every format, got "${value}"`);
  return value;
}

/**
 * | variable | meaning | default |
 * | MEDIA_TOKEN | Bearer token for listing, uploads and dashboards | generated (tokenGenerated: true) |
 * | DATA_ROOT | data folder | <base>/data |
 * | MEDIA_ROOT | media library folder | $DATA_ROOT/media |
 * | DASHBOARDS_ROOT | saved dashboards | $DATA_ROOT/dashboards |
 * | MEDIA_ALLOWED_FORMATS | comma list of extensions; '*' allows all | STANDARD_FORMATS |
 * | MEDIA_MAX_UPLOAD_MB | per-file upload limit | 100 |
 * | MEDIA_MAX_DASHBOARD_MB | per-dashboard limit | 10 |
 * | MEDIA_PUBLIC_URL | prefix of upload answers' url | '' (same origin) |
 * | MEDIA_STORE | 'disk' or 's3' | disk |
 * | MEDIA_S3_BUCKET, MEDIA_S3_PREFIX, MEDIA_S3_ENDPOINT, MEDIA_S3_REGION, MEDIA_S3_FORCE_PATH_STYLE | the bucket (s3Options) | |
 * | MEDIA_STORE_TIMEOUT_S | the deadline of one call to the S3 store or Redis, seconds | 10 |
 * | SESSION_STORE | 'memory' or a redis:// URL | memory |
 * | SESSION_PREFIX | Redis keys' prefix | dash3d: |
 * @param {Record<string, string | undefined>} [env]
 * @param {string} [base] the folder relative paths start from; default the current one
 */
export function optionsFromEnv(env = process.env, base = process.cwd()) {
  const dataRoot = path.resolve(base, env.DATA_ROOT || 'data');
  const formats = formatsFrom(env.MEDIA_ALLOWED_FORMATS, 'MEDIA_ALLOWED_FORMATS');
  const uploadMb = positiveNumber(env.MEDIA_MAX_UPLOAD_MB, 'MEDIA_MAX_UPLOAD_MB');
  const dashboardMb = positiveNumber(env.MEDIA_MAX_DASHBOARD_MB, 'MEDIA_MAX_DASHBOARD_MB');
  const timeoutS = positiveNumber(env.MEDIA_STORE_TIMEOUT_S, 'MEDIA_STORE_TIMEOUT_S');
  if (timeoutS !== undefined && timeoutS > 600)
    throw new Error(`MEDIA_STORE_TIMEOUT_S must be at most 600 (seconds), got "${env.MEDIA_STORE_TIMEOUT_S}"`);
  const token = env.MEDIA_TOKEN || newToken();
  const s3 = s3Options(env);
  const sessionStore = env.SESSION_STORE || 'memory';
  const sessionProblem = sessionStoreProblem(sessionStore);
  if (sessionProblem) throw new Error(`SESSION_STORE ${sessionProblem}, got "${maskedUrl(sessionStore)}"`);
  return {
    tokenGenerated: !env.MEDIA_TOKEN,
    options: {
      root: path.resolve(base, env.MEDIA_ROOT || path.join(dataRoot, 'media')),
      dashboardsRoot: path.resolve(base, env.DASHBOARDS_ROOT || path.join(dataRoot, 'dashboards')),
      token,
      ...(formats ? { allowedFormats: formats } : {}),
      ...(uploadMb ? { maxUploadBytes: Math.round(uploadMb * MIB) } : {}),
      ...(dashboardMb ? { maxDashboardBytes: Math.round(dashboardMb * MIB) } : {}),
      ...(timeoutS ? { storeTimeoutMs: Math.max(1, Math.round(timeoutS * 1000)) } : {}),
      publicUrl: env.MEDIA_PUBLIC_URL ?? '',
      ...(s3 ? { s3 } : {}),
      sessionStore,
      ...(env.SESSION_PREFIX ? { sessionPrefix: env.SESSION_PREFIX } : {}),
    },
  };
}

/**
 * @param {string | undefined} value
 * @param {number} fallback when the value is missing or empty
 * @param {string} [name] the variable or flag it came from, for the message
 */
export function portFrom(value, fallback, name = 'port') {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n > 65535) throw new Error(`${name} must be a whole number from 0 to 65535, got "${value}"`);
  return n;
}
