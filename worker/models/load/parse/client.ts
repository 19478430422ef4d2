import { wrap, transfer, type Remote } from 'comlink';
import { abortError } from '../fetch';
import type { ParseRequest } from '../env';
import { PARSE_WORKER_NAME, type ParseRefusal, type ParseReply } from './service';
import { ModelProblem } from '../problem';
import { bareWorkerError, withChunkTimeout, workerChunkError } from '../../../../shared/chunks';
import { chunkSettings } from '../../../engine/chunk-settings';

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
 */

interface ParseApi {
  parseModel(bytes: ArrayBuffer, request: ParseRequest): Promise<ParseReply | ParseRefusal>;
  /** Loads the parsers while idle (service.ts). */
  warmParse(): Promise<void>;
  /** The render worker's heartbeat call, exposed by the same script: answers once it has loaded. */
  ping(): number;
}

interface Slot {
  worker: Worker;
  api: Remote<ParseApi>;
  /** Rejects when the worker itself fails (its script did not load, or it crashed). */
  crashed: Promise<never>;
  /** Resolves once its script has loaded; rejects with a ChunkLoadError (spec §8) when it did not. */
  loaded: Promise<void>;
}

/** Parses at once: one core is left for the render worker, and a dashboard's models rarely come in tens. */
const MAX_RUNNING = Math.max(1, Math.min(3, ((typeof navigator !== 'undefined' && navigator.hardwareConcurrency) || 2) - 1));
/** How long an idle parse worker is kept for the next model; STANDBY of them are kept for good. */
const IDLE_MS = 20_000;
const STANDBY = 1;

const idle: Slot[] = [];
let idleTimer: ReturnType<typeof setTimeout> | null = null;
let running = 0;
const waiting: (() => void)[] = [];

/** No parse worker could be started here (a page policy forbids it): the caller parses in place. */
export class ParserUnavailable extends Error {
  constructor(cause: unknown) {
    super(`no parse worker could be started (${cause instanceof Error ? cause.message : String(cause)})`, { cause });
    this.name = 'ParserUnavailable';
  }
}

/**
 * How this worker's own script runs: as a module, or classic where a host's bundler made it one
 * (webpack 5 turns `{ type: 'module' }` into a classic worker that loads its chunks with
 * importScripts). A parse worker runs the same script, so it must start the same way.
 *
 * A module worker refuses importScripts with a TypeError before it looks at the URL (Chromium,
 * Firefox and WebKit alike), while a classic worker parses the URL first: an unparsable one throws
 * a SyntaxError there, and nothing is fetched or checked against the page's policy. importScripts()
 * with no URL is not enough: Firefox returns from it normally in a module worker too.
 *
 * importScripts is reached through `self`: Parcel stops a build that has a bare importScripts(...)
 * call in code it bundles as a module worker ("importScripts() is not supported in module
 * workers"), though this one loads nothing. The package build checks that dist/ has none.
 */
export function ownScriptType(importer: (...urls: string[]) => void = (...urls) => self.importScripts(...urls)): WorkerType {
  try {
    importer('http://[');
    return 'classic';
  } catch (err) {
    return err instanceof TypeError ? 'module' : 'classic';
  }
}

function spawn(): Slot {
  const settings = chunkSettings();
  const url = settings.parseWorkerUrl ?? self.location.href;
  const worker = new Worker(url, { type: settings.parseWorkerUrl ? 'module' : ownScriptType(), name: PARSE_WORKER_NAME });
  let started = false;
  const crashed = new Promise<never>((_, reject) => {
    worker.addEventListener('error', (e) => {
      e.preventDefault();
      // A bare error event (no message) before the script answered: missing, or served but not run.
      if (!started && !e.message) void bareWorkerError('parse-worker', url, 'the model parser').then(reject);
      else
        reject(
          (!started && workerChunkError('parse-worker', e.message, url)) ||
            new Error(`the model parser stopped (${e.message || 'its worker failed'})`),
        );
    });
  });
  crashed.catch(() => {}); // Raced against each parse; nobody else waits on it.
  const api = wrap<ParseApi>(worker);
  const loaded = withChunkTimeout(Promise.race([api.ping(), crashed]), 'parse-worker', () => url, chunkSettings().timeoutMs).then(() => {
    started = true;
  });
  loaded.catch(() => {}); // Awaited by each parse.
  return { worker, api, crashed, loaded };
}

function park(slot: Slot) {
  idle.push(slot);
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    idleTimer = null;
    for (const s of idle.splice(STANDBY)) s.worker.terminate();
  }, IDLE_MS);
}

/**
 * Start a parse worker ahead of need (a load begins with its download): its script and three are
 * ready by the time the file is. Does nothing when one is idle or all slots are busy.
 */
export function warmParser(): Promise<boolean> {
  if (idle.length > 0 || running >= MAX_RUNNING) return Promise.resolve(false);
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
 * Parse in a parse worker. The bytes are moved there (the caller must not use them again).
 * Rejects with an AbortError as soon as `signal` aborts, with the file's own message when the
 * parse fails, or with a message saying the parser stopped.
 */
export async function parseOffThread(bytes: ArrayBuffer, request: ParseRequest, signal: AbortSignal): Promise<ParseReply> {
  if (signal.aborted) throw abortError();
  await turn(signal);
  let slot: Slot;
  try {
    slot = idle.pop() ?? spawn();
  } catch (err) {
    waiting.shift()?.();
    throw new ParserUnavailable(err);
  }
  running++;
  let keep = false;
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortError());
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  let answered = false; // the worker replied with a failure: it is still usable
  // A worker whose script never came fails here, before the bytes move; it is not kept.
  const work = slot.loaded.then((): Promise<ParseReply | ParseRefusal> =>
    slot.api.parseModel(transfer(bytes, [bytes]), request).catch((err: unknown) => {
      answered = true;
      throw err;
    }),
  );
  try {
    const reply = await Promise.race([work, slot.crashed, aborted]);
    keep = true;
    // A refusal (a limit) comes back as data so that its code survives the crossing.
    if ('refused' in reply) throw new ModelProblem(reply.refused.code, reply.refused.params);
    return reply;
  } catch (err) {
    // A file that fails to parse leaves a healthy worker; a cancelled or crashed one does not.
    keep = (answered || err instanceof ModelProblem) && !signal.aborted;
    throw err;
  } finally {
    signal.removeEventListener('abort', onAbort);
    running--;
    if (keep) park(slot);
    else slot.worker.terminate();
    waiting.shift()?.();
  }
}
