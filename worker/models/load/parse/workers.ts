import { wrap, type Endpoint, type Remote } from 'comlink';
import type { ParseRequest } from '../env';
import type { ParseRefusal, ParseReply } from './service';
import { PARSE_WORKER_NAME } from './name';
import { bareWorkerError, withChunkTimeout, workerChunkError } from '../../../../shared/chunks';
import { PARSE_STALL_MS } from '../../../../shared/schema/chunks';
import { chunkSettings, chunkTimeout } from '../../../engine/chunk-settings';
import { startingWorker } from '../../../engine/worker-starts';
import { watchHandshake, watchSteps } from './watch';
import { pageParseWorker } from './page-starts';

/*
 * The parse workers themselves (parse/client.ts decides which one parses what): starting one, the
 * watch on it (watch.ts), and the ones waiting, warm, for the next model.
 */

export interface ParseApi {
  parseModel(bytes: ArrayBuffer, request: ParseRequest): Promise<ParseReply | ParseRefusal>;
  /** Loads the parsers while idle (service.ts). */
  warmParse(): Promise<void>;
  /** The render worker's heartbeat call, exposed by the same script: answers once it has loaded. */
  ping(): number;
}

/** What the parse client uses of a worker: comlink's endpoint, and terminate (a unit test's stand-in has just these). */
export type ParseWorker = Endpoint & { terminate(): void };

export interface Slot {
  worker: ParseWorker;
  api: Remote<ParseApi>;
  /** Rejects when the worker itself fails (its script did not load, or it crashed). */
  crashed: Promise<never>;
  /**
   * Resolves once its script has loaded and answered; rejects with a ChunkLoadError (spec §8) when
   * it did not arrive in the chunk timeout, or a ParserStalled when it did not answer sooner.
   */
  loaded: Promise<void>;
  /** Rejects with a ParserStalled when a step that should take milliseconds did not end (watch.ts). */
  stalled: Promise<never>;
  /** Terminates the worker and stops watching it. */
  end(): void;
}

/** Starts a parse worker: the real one, or a unit test's stand-in (setParseWorkerStarter). */
export type ParseWorkerStarter = () => { worker: ParseWorker; url: string };

/** How long an idle parse worker is kept for the next model; STANDBY of them are kept for good. */
const IDLE_MS = 20_000;
const STANDBY = 1;

const idle: Slot[] = [];
let idleTimer: ReturnType<typeof setTimeout> | null = null;

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

function startWorker(): { worker: ParseWorker; url: string } {
  const settings = chunkSettings();
  const url = settings.parseWorkerUrl ?? self.location.href;
  const type = settings.parseWorkerUrl ? 'module' : ownScriptType();
  // Started by the page where it offers to (page-starts.ts): this thread then never calls `new Worker()`.
  const fromPage = pageParseWorker(type);
  if (fromPage) return { worker: fromPage, url };
  // The main thread is told: this thread itself may never come back from the call (worker-starts.ts).
  return { worker: startingWorker(() => new Worker(url, { type, name: PARSE_WORKER_NAME })), url };
}
let starter: ParseWorkerStarter = startWorker;

/** Unit tests: start parse workers with `start` (null: the real ones again); idle workers are let go. */
export function setParseWorkerStarter(start: ParseWorkerStarter | null): void {
  starter = start ?? startWorker;
  for (const s of idle.splice(0)) s.end();
}

/** Starts a parse worker and watches it; throws when the page forbids workers. */
export function spawn(): Slot {
  const { worker, url } = starter();
  const stallMs = chunkSettings().parseStallMs ?? PARSE_STALL_MS;
  const startMs = chunkSettings().parseStartMs ?? stallMs;
  let started = false;
  const crashed = new Promise<never>((_, reject) => {
    worker.addEventListener('error', (event) => {
      const e = event as ErrorEvent;
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
  const steps = watchSteps(worker, stallMs);
  const api = wrap<ParseApi>(worker);
  // The spec's chunk timeout for a script that does not arrive; the shorter stall bound for a
  // worker that says nothing at all (a test's short chunk timeout comes first and is reported as such).
  const answered = withChunkTimeout(Promise.race([api.ping(), crashed]), 'parse-worker', () => url, chunkTimeout('parse-worker'));
  const loaded = watchHandshake(worker, answered, startMs).then(() => {
    started = true;
  });
  const slot: Slot = {
    worker,
    api,
    crashed,
    loaded,
    stalled: steps.stalled,
    end() {
      steps.stop();
      worker.terminate();
    },
  };
  // One that fails while it waits, warm, is let go at once; a parse under way sees it itself.
  const evict = () => {
    const at = idle.indexOf(slot);
    if (at < 0) return;
    idle.splice(at, 1);
    slot.end();
  };
  loaded.catch(evict);
  steps.stalled.catch(evict);
  return slot;
}

/** Keeps a worker that parsed well (or was started ahead) for the next model. */
export function park(slot: Slot) {
  idle.push(slot);
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    idleTimer = null;
    for (const s of idle.splice(STANDBY)) s.end();
  }, IDLE_MS);
}

/** A worker waiting for a model, if one is. */
export const takeIdle = (): Slot | undefined => idle.pop();
export const idleCount = (): number => idle.length;
