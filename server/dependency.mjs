// @ts-check
// What the service answers when something it depends on fails: the media store (an S3-compatible
// bucket) or the session store (Redis). Every such failure is a 503 whose message names the
// dependency and a short cause from a fixed vocabulary ("connection refused", "answered 503"), so
// an anonymous caller of GET /media/… or /api/health learns what failed but never a URL, a bucket
// name or a credential. The full error stays in `cause`, for the log (outages.mjs).
import { HttpError } from './storage.mjs';

/** The names the answers use. */
export const MEDIA_STORE = 'media store';
export const SESSION_STORE = 'session store';

export class DependencyError extends HttpError {
  /**
   * @param {string} dependency MEDIA_STORE or SESSION_STORE
   * @param {string} message what the caller is told, naming the dependency
   * @param {unknown} cause the original error, for the log only
   */
  constructor(dependency, message, cause) {
    super(503, message);
    this.dependency = dependency;
    this.cause = cause;
  }
}

/** Longest a check waits (the start's, the health answer's), whatever the deadline of a call. */
const CHECK_MS = 5000;
/** The deadline of a check: 5 s, or the deadline of a call when that is shorter. @param {number} timeoutMs */
export const checkMs = (timeoutMs) => Math.min(timeoutMs, CHECK_MS);

/** "1 s", "1.5 s": how a deadline is written in messages. */
export const seconds = (/** @type {number} */ ms) => `${Math.round(ms / 100) / 10} s`;

/** The deadline passed. @param {string} dependency @param {number} ms @param {unknown} [cause] */
export const lateError = (dependency, ms, cause) =>
  new DependencyError(
    dependency,
    `the ${dependency} did not answer within ${seconds(ms)}`,
    cause ?? new Error(`no answer within ${ms} ms`),
  );

/** Anything else that keeps the dependency from serving. @param {string} dependency @param {unknown} cause */
export const unavailableError = (dependency, cause) =>
  new DependencyError(dependency, `the ${dependency} is not available (${causeOf(cause)}): try again in a moment`, cause);

const CODE_CAUSES = /** @type {Record<string, string>} */ ({
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  ECONNABORTED: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'host unreachable',
  // The disk's (health checks its folder).
  ENOENT: 'folder missing',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EIO: 'input/output error',
});

/**
 * A few words on why a call failed, safe to show anyone: a network error's kind, the status the
 * dependency answered, or a known error name. Never its message (which may hold a host or a key).
 * @param {unknown} err
 */
export function causeOf(err) {
  const e = /** @type {{ code?: string, name?: string, message?: string, $metadata?: { httpStatusCode?: number }, cause?: unknown }} */ (
    err
  );
  if (!e || typeof e !== 'object') return 'error';
  if (e.code && CODE_CAUSES[e.code]) return CODE_CAUSES[e.code];
  if (e.message === 'socket hang up') return 'connection reset';
  const status = e.$metadata?.httpStatusCode;
  if (status === 403) return 'access denied';
  if (status) return `answered ${status}`;
  // Some libraries name their errors by class only (node-redis: ClientOfflineError, name 'Error').
  const name = e.name && e.name !== 'Error' ? e.name : e.constructor?.name;
  if (name === 'DeadlineError') return 'no answer in time';
  if (name === 'CredentialsProviderError') return 'no credentials';
  if (name === 'TimeoutError') return 'connection timed out';
  if (name === 'ClientOfflineError' || name === 'ClientClosedError') return 'not connected';
  if (name === 'SocketClosedUnexpectedlyError') return 'connection lost';
  if (e.cause && e.cause !== err) return causeOf(e.cause);
  return 'error';
}
