// @ts-check
// Deadlines on waiting for a dependency, so that no request of the service waits unbounded on a
// store that accepts connections and answers nothing. The work is told to stop (its AbortSignal),
// which frees the socket it holds; the caller gets the deadline's error at once either way, even
// when the work ignores the signal.
import { Readable } from 'node:stream';

/**
 * @template T
 * @param {(signal: AbortSignal, progress: () => void) => Promise<T>} work `progress()`: it moved
 *   on (took the next bytes of what it sends): the deadline starts again
 * @param {number} ms the longest it may go without answering or moving on
 * @param {(ms: number) => Error} late the error when the deadline passes, told which one
 * @param {number} [capMs] the longest it may take in all, moving on or not (default `ms`)
 * @returns {Promise<T>}
 */
export function withDeadline(work, ms, late, capMs = ms) {
  const controller = new AbortController();
  const started = Date.now();
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  /** @type {(err: Error) => void} */
  let fail = () => {};
  const timeout = new Promise((_resolve, reject) => (fail = reject));
  const arm = () => {
    clearTimeout(timer);
    const left = started + capMs - Date.now();
    const capped = left <= ms;
    timer = setTimeout(
      () => {
        const err = late(capped ? capMs : ms);
        controller.abort(err);
        fail(err);
      },
      Math.max(0, capped ? left : ms),
    );
  };
  arm();
  const running = work(controller.signal, arm);
  // Settling after the deadline answered is nobody's business: not an unhandled rejection.
  running.catch(() => undefined);
  return /** @type {Promise<T>} */ (Promise.race([running, timeout])).finally(() => clearTimeout(timer));
}

/**
 * The bytes of `source` (a store's answer body) as a stream that fails when the store has not
 * sent the next chunk within `ms` of being asked for it. Time the reader takes does not count:
 * the stream asks for more only when its buffer has room, so a slow download is not cut, only a
 * store that stopped sending. A failure of `source` becomes `failed(err)`.
 * @param {Readable} source
 * @param {number} ms
 * @param {(ms: number) => Error} late
 * @param {(err: unknown) => Error} failed
 */
export function idleDeadline(source, ms, late, failed) {
  async function* chunks() {
    const it = source[Symbol.asyncIterator]();
    try {
      for (;;) {
        /** @type {IteratorResult<Uint8Array>} */
        let next;
        /** @type {WeakSet<Error>} the deadline's own errors, passed on as they are */
        const missed = new WeakSet();
        try {
          next = await withDeadline(
            () => it.next(),
            ms,
            (t) => {
              const err = late(t);
              missed.add(err);
              return err;
            },
          );
        } catch (err) {
          throw err instanceof Error && missed.has(err) ? err : failed(err);
        }
        if (next.done) return;
        yield next.value;
      }
    } finally {
      source.destroy();
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
