import { transfer } from 'comlink';
import { abortError } from '../fetch';
import type { ParseRequest } from '../env';
import type { ParseRefusal, ParseReply } from './service';
import { ModelProblem } from '../problem';
import { mainFileOf } from '../files';
import { mayStartDecoderWorkers } from '../formats/gltf-check';
import { ParserStalled } from './watch';
import { idleCount, park, spawn, takeIdle, type Slot } from './workers';

// load/index.ts tells a stall from other failures; it loads this module only.
export { ParserStalled };

/*
 * Parse workers: the render worker's own script started again under another name, so three and
 * the loaders are not bundled twice (TOOLCHAIN.md: one render worker entry). A model file is parsed
 * and its picking trees built there, while the render worker keeps drawing the space.
 *
 * One worker per parse under way, up to a few at once; cancelling a parse terminates its worker,
 * which is the only way to stop a synchronous parse and frees its memory at once. A finished
 * worker waits, warm, for the next model, and is let go after a while of idleness, except one:
 * a space starts one as soon as it has drawn (warmParser), so the first model it is asked for
 * does not wait for a worker to boot (half a second on a slow machine), and one stays standing by.
 *
 * A parse worker that goes silent where it should answer at once (its first call; starting a
 * decoder worker, which Firefox sometimes never returns from: watch.ts) is given up on after
 * PARSE_STALL_MS and another is started, once; if that one stalls too the caller parses on the
 * render thread (load/index.ts). A parse that is merely long is never cut short.
 */

/** Parses at once: one core is left for the render worker, and a dashboard's models rarely come in tens. */
const MAX_RUNNING = Math.max(1, Math.min(3, ((typeof navigator !== 'undefined' && navigator.hardwareConcurrency) || 2) - 1));

/** Parse workers tried for one file before the caller parses it on the render thread. */
const ATTEMPTS = 2;

let running = 0;
const waiting: (() => void)[] = [];
/** Parse workers given up on as stalled, since this worker started (stats). */
let stalls = 0;
export const parserStalls = (): number => stalls;

/** No parse worker could be started here (a page policy forbids it): the caller parses in place. */
export class ParserUnavailable extends Error {
  constructor(cause: unknown) {
    super(`no parse worker could be started (${cause instanceof Error ? cause.message : String(cause)})`, { cause });
    this.name = 'ParserUnavailable';
  }
}

/**
 * Start a parse worker ahead of need (a load begins with its download): its script and three are
 * ready by the time the file is. Does nothing when one is idle or all slots are busy.
 */
export function warmParser(): Promise<boolean> {
  if (idleCount() > 0 || running >= MAX_RUNNING) return Promise.resolve(false);
  try {
    const slot = spawn();
    park(slot);
    // True once the worker has loaded and brought in its parsers.
    return slot.loaded.then(() => slot.api.warmParse().then(() => true)).catch(() => false);
  } catch {
    // parseOffThread meets the same failure and reports it.
    return Promise.resolve(false);
  }
}

/** Waits for a free parse slot; an abort while waiting leaves the queue. */
function turn(signal: AbortSignal): Promise<void> {
  if (running < MAX_RUNNING) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const go = () => {
      signal.removeEventListener('abort', stop);
      resolve();
    };
    const stop = () => {
      waiting.splice(waiting.indexOf(go), 1);
      reject(abortError());
    };
    waiting.push(go);
    signal.addEventListener('abort', stop, { once: true });
  });
}

/**
 * Parse in a parse worker. The bytes are moved there (the caller must not use them again), except
 * for a file whose parse may start decoder workers: that is sent as a copy, and the caller keeps
 * it. Rejects with an AbortError as soon as `signal` aborts, with the file's own message when the
 * parse fails, with a message saying the parser stopped, or with a ParserStalled once two parse
 * workers went silent (the file is still the caller's when its `fileKept` says so).
 */
export async function parseOffThread(bytes: ArrayBuffer, request: ParseRequest, signal: AbortSignal): Promise<ParseReply> {
  if (signal.aborted) throw abortError();
  await turn(signal);
  running++;
  try {
    const main = mainFileOf(request.src);
    // Only a decoder worker's start can stall a parse after the file has moved: a copy leaves the
    // file here for another attempt. (A stall before the move keeps it anyway.)
    const copy = (main.format === 'glb' || main.format === 'gltf') && mayStartDecoderWorkers(bytes);
    const size = bytes.byteLength;
    for (let attempt = 1; ; attempt++) {
      let slot: Slot;
      try {
        slot = (attempt === 1 && takeIdle()) || spawn();
      } catch (err) {
        throw new ParserUnavailable(err);
      }
      try {
        return await parseOn(slot, copy ? bytes.slice(0) : bytes, request, signal);
      } catch (err) {
        if (!(err instanceof ParserStalled)) throw err;
        stalls++;
        // Moved to the worker that stalled (a file not expected to start decoders, that did).
        const kept = bytes.byteLength === size;
        if (attempt >= ATTEMPTS || !kept) throw kept ? err : new ParserStalled(err.message, false);
        console.warn(`[dash3d] ${main.name}: ${err.message}; starting another`);
      }
    }
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** One parse on one worker, which is parked for the next model afterwards or let go. */
async function parseOn(slot: Slot, bytes: ArrayBuffer, request: ParseRequest, signal: AbortSignal): Promise<ParseReply> {
  let keep = false;
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortError());
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  let answered = false; // the worker replied with a failure: it is still usable
  // A worker whose script never came (or that never answered) fails here, before the bytes move; it is not kept.
  const work = slot.loaded.then((): Promise<ParseReply | ParseRefusal> =>
    slot.api.parseModel(transfer(bytes, [bytes]), request).catch((err: unknown) => {
      answered = true;
      throw err;
    }),
  );
  try {
    const reply = await Promise.race([work, slot.crashed, slot.stalled, aborted]);
    keep = true;
    // A refusal (a limit) comes back as data so that its code survives the crossing.
    if ('refused' in reply) throw new ModelProblem(reply.refused.code, reply.refused.params);
    return reply;
  } catch (err) {
    // A file that fails to parse leaves a healthy worker; a cancelled, crashed or stalled one does not.
    keep = (answered || err instanceof ModelProblem) && !signal.aborted;
    throw err;
  } finally {
    signal.removeEventListener('abort', onAbort);
    if (keep) park(slot);
    else slot.end();
  }
}
