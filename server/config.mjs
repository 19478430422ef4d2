// @ts-check
// The service's settings from the environment, shared by `npm run server` and `npm start`.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIB } from './app.mjs';

export const PROJECT_ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

/** A fresh token: 32 random bytes, base64url. */
export const newToken = () => randomBytes(32).toString('base64url');

/** @param {string | undefined} value @param {string} name */
function positiveNumber(value, name) {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${value}"`);
  return n;
}

/**
 * | variable | meaning | default |
 * | MEDIA_TOKEN | Bearer token for listing, uploads and dashboards | generated (tokenGenerated: true) |
 * | DATA_ROOT | data folder | <project>/data |
 * | MEDIA_ROOT | media library folder | $DATA_ROOT/media |
 * | DASHBOARDS_ROOT | saved dashboards | $DATA_ROOT/dashboards |
 * | MEDIA_ALLOWED_FORMATS | comma list of extensions; '*' allows all | STANDARD_FORMATS |
 * | MEDIA_MAX_UPLOAD_MB | per-file upload limit | 100 |
 * | MEDIA_MAX_DASHBOARD_MB | per-dashboard limit | 10 |
 * | MEDIA_PUBLIC_URL | prefix of upload answers' url | '' (same origin) |
 * @param {NodeJS.ProcessEnv} env
 */
export function optionsFromEnv(env = process.env) {
  const dataRoot = path.resolve(PROJECT_ROOT, env.DATA_ROOT || 'data');
  const formats = env.MEDIA_ALLOWED_FORMATS;
  const uploadMb = positiveNumber(env.MEDIA_MAX_UPLOAD_MB, 'MEDIA_MAX_UPLOAD_MB');
  const dashboardMb = positiveNumber(env.MEDIA_MAX_DASHBOARD_MB, 'MEDIA_MAX_DASHBOARD_MB');
  const token = env.MEDIA_TOKEN || newToken();
  return {
    tokenGenerated: !env.MEDIA_TOKEN,
    options: {
      root: path.resolve(PROJECT_ROOT, env.MEDIA_ROOT || path.join(dataRoot, 'media')),
      dashboardsRoot: path.resolve(PROJECT_ROOT, env.DASHBOARDS_ROOT || path.join(dataRoot, 'dashboards')),
      token,
      ...(formats ? { allowedFormats: formats.trim() === '*' ? [] : formats } : {}),
      ...(uploadMb ? { maxUploadBytes: Math.round(uploadMb * MIB) } : {}),
      ...(dashboardMb ? { maxDashboardBytes: Math.round(dashboardMb * MIB) } : {}),
      publicUrl: env.MEDIA_PUBLIC_URL ?? '',
    },
  };
}

/** @param {string | undefined} value @param {number} fallback */
export function portFrom(value, fallback) {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`invalid port "${value}"`);
  return n;
}
