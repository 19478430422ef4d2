// @ts-check
// Every request to the S3-compatible store goes through `send` here, with a deadline: a store that
// accepts connections and answers nothing (overloaded, cut off) costs a request at most the
// deadline, then 503 `the media store did not answer within N s`. Failures of the store itself
// (no connection, a reset, a 5xx after the SDK's own retries, access denied) become one 503 naming
// the media store; the answers a caller reads (404 missing, 412 taken, 501 not supported) pass
// through unchanged. Each failure and each answer is told to the outage log (outages.mjs).
import { Readable } from 'node:stream';
import { MEDIA_STORE, DependencyError, lateError, unavailableError } from './dependency.mjs';
import { idleDeadline, withDeadline } from './deadline.mjs';

/**
 * A call that sends bytes may take this much more per MiB in all: while the store takes them the
 * deadline starts again with each slice, so only a store that takes them slower than 1 MiB/s ends
 * there (and one that stops taking them, or answering, ends at the deadline as any call).
 */
export const MS_PER_MIB = 1000;
const MIB = 1024 * 1024;
/** What a call's body is handed to the connection in: each slice taken is progress. */
const SLICE_BYTES = 64 * 1024;

/** `bytes` as a stream that calls `progress` each time the connection takes a slice. @param {Uint8Array} bytes @param {() => void} progress */
function paced(bytes, progress) {
  let offset = 0;
  return new Readable({
    read() {
      progress();
      const end = Math.min(offset + SLICE_BYTES, bytes.length);
      this.push(offset < end ? bytes.subarray(offset, end) : null);
      offset = end;
    },
  });
}

/**
 * Has each attempt of `command` (the SDK retries) hand its body to the connection paced, after it
 * was signed as the bytes it is: the signature and the length stay those of the bytes.
 * @param {{ middlewareStack: { add: Function } }} command @param {Uint8Array} bytes @param {() => void} progress
 */
function sendPaced(command, bytes, progress) {
  command.middlewareStack.add(
    (/** @type {(args: { request: { body?: unknown } }) => Promise<unknown>} */ next) =>
      (/** @type {{ request: { body?: unknown } }} */ args) => {
        args.request.body = paced(bytes, progress);
        return next(args);
      },
    { step: 'deserialize', priority: 'low', name: 'dash3dPacedBody' },
  );
}

/** @param {unknown} err */
export const statusOf = (err) => /** @type {{ $metadata?: { httpStatusCode?: number } }} */ (err)?.$metadata?.httpStatusCode;

/** Whether an error means the store is failing, rather than answering something the caller reads. @param {unknown} err */
const isStoreFailure = (err) => {
  const status = statusOf(err);
  return status === undefined || status >= 500 || status === 403;
};

/**
 * @typedef {import('@aws-sdk/client-s3').ServiceInputTypes} In
 * @typedef {import('@aws-sdk/client-s3').ServiceOutputTypes} Out
 * @typedef {{ timeoutMs?: number, body?: Uint8Array }} CallOptions `timeoutMs`: this call's own
 *   deadline instead of the store's; `body`: the bytes the command sends (its Body): while the
 *   store takes them the deadline starts again with each slice (see MS_PER_MIB)
 */

/**
 * @typedef {object} StoreCalls
 * @property {<I extends In, O extends Out>(command: import('@smithy/types').Command<In, I, Out, O, import('@aws-sdk/client-s3').S3ClientResolvedConfig>, o?: CallOptions) => Promise<O>} send
 * @property {(body: import('node:stream').Readable) => import('node:stream').Readable} body an answer's
 *   bytes, failing (503) when the store stops sending them for the deadline
 * @property {(body: unknown) => Promise<string>} text an answer's bytes as UTF-8, the same way
 * @property {number} timeoutMs the store's deadline for one call
 */

/**
 * @param {import('@aws-sdk/client-s3').S3Client} client
 * @param {{ timeoutMs: number, outages: import('./outages.mjs').Outages, where: string }} o
 *   `where`: the store for the log (bucket and endpoint; never shown to callers)
 * @returns {StoreCalls}
 */
export function storeCalls(client, { timeoutMs, outages, where }) {
  /** @param {import('node:stream').Readable} stream */
  const body = (stream) =>
    idleDeadline(
      stream,
      timeoutMs,
      (t) => {
        const late = lateError(MEDIA_STORE, t);
        outages.failed(MEDIA_STORE, where, late);
        return late;
      },
      (err) => {
        const failure = unavailableError(MEDIA_STORE, err);
        outages.failed(MEDIA_STORE, where, failure);
        return failure;
      },
    );
  /**
   * @template T
   * @param {(signal: AbortSignal, progress: () => void) => Promise<T>} work @param {number} ms @param {number} [capMs]
   * @returns {Promise<T>}
   */
  const call = async (work, ms, capMs) => {
    try {
      const answer = await withDeadline(work, ms, (t) => lateError(MEDIA_STORE, t), capMs);
      outages.answered(MEDIA_STORE, where);
      return answer;
    } catch (err) {
      if (!(err instanceof DependencyError) && !isStoreFailure(err)) {
        outages.answered(MEDIA_STORE, where);
        throw err;
      }
      const failure = err instanceof DependencyError ? err : unavailableError(MEDIA_STORE, err);
      outages.failed(MEDIA_STORE, where, failure);
      throw failure;
    }
  };
  return {
    timeoutMs,
    body,
    async text(stream) {
      const chunks = [];
      for await (const chunk of body(/** @type {import('node:stream').Readable} */ (stream))) chunks.push(chunk);
      return Buffer.concat(chunks).toString('utf8');
    },
    send(command, { timeoutMs: own, body: bytes } = {}) {
      const ms = own ?? timeoutMs;
      if (!bytes) return call((abortSignal) => client.send(command, { abortSignal }), ms);
      return call(
        (abortSignal, progress) => {
          sendPaced(command, bytes, progress);
          return client.send(command, { abortSignal });
        },
        ms,
        ms + Math.ceil((bytes.length / MIB) * MS_PER_MIB),
      );
    },
  };
}
