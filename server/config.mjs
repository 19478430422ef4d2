// @ts-check
// The service's settings from the environment, shared by the `dash3d-media` command (cli.mjs, also
// `npm run server`), `npm start` and `npm run dev`. Relative folders resolve against `base`: the
// caller's (the current folder by default), never this package's own location, which for an
// installed package is inside node_modules.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseFormatList } from './formats.mjs';
import { MIB } from './options.mjs';

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
 * @param {Record<string, string | undefined>} [env]
 * @param {string} [base] the folder relative paths start from; default the current one
 */
export function optionsFromEnv(env = process.env, base = process.cwd()) {
  const dataRoot = path.resolve(base, env.DATA_ROOT || 'data');
  const formats = formatsFrom(env.MEDIA_ALLOWED_FORMATS, 'MEDIA_ALLOWED_FORMATS');
  const uploadMb = positiveNumber(env.MEDIA_MAX_UPLOAD_MB, 'MEDIA_MAX_UPLOAD_MB');
  const dashboardMb = positiveNumber(env.MEDIA_MAX_DASHBOARD_MB, 'MEDIA_MAX_DASHBOARD_MB');
  const token = env.MEDIA_TOKEN || newToken();
  return {
    tokenGenerated: !env.MEDIA_TOKEN,
    options: {
      root: path.resolve(base, env.MEDIA_ROOT || path.join(dataRoot, 'media')),
      dashboardsRoot: path.resolve(base, env.DASHBOARDS_ROOT || path.join(dataRoot, 'dashboards')),
      token,
      ...(formats ? { allowedFormats: formats } : {}),
      ...(uploadMb ? { maxUploadBytes: Math.round(uploadMb * MIB) } : {}),
      ...(dashboardMb ? { maxDashboardBytes: Math.round(dashboardMb * MIB) } : {}),
      publicUrl: env.MEDIA_PUBLIC_URL ?? '',
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
