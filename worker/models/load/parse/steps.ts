import { PARSE_WORKER_NAME } from './name';
import { readPortNote } from '../../../../shared/parse-host';

/*
 * A parse worker tells its parent when it starts a worker of its own (three's Draco decoder and
 * KTX2 transcoder each start some), and when that call returned. Starting a worker takes
 * milliseconds, but in Firefox ESR 153 on a loaded machine `new Worker()` called in a parse worker
 * now and then never returns: the parse worker's thread stays blocked inside it for minutes, its
 * timers never fire, and the model it was parsing waited for ever (docs/browsers.md). A thread
 * blocked there cannot say so; its parent can tell, from a start without an end (parse/watch.ts).
 *
 * These are plain messages beside comlink's: comlink's own carry an id, and it ignores the rest.
 */

const KEY = 'dash3dParseStep';

export type StepMark = { [KEY]: 'start'; what: string } | { [KEY]: 'end' } | { [KEY]: 'alive' };

export const stepStart = (what: string): StepMark => ({ [KEY]: 'start', what });
export const stepEnd = (): StepMark => ({ [KEY]: 'end' });
/** The parse worker's script has begun to run (its first answer may still be a while: watch.ts). */
export const stepAlive = (): StepMark => ({ [KEY]: 'alive' });

/** The mark a message carries, or null for any other message (comlink's). */
export function readStep(data: unknown): StepMark | null {
  if (!data || typeof data !== 'object') return null;
  const step = (data as Record<string, unknown>)[KEY];
  if (step === 'end') return stepEnd();
  if (step === 'alive') return stepAlive();
  if (step === 'start') {
    const what = (data as { what?: unknown }).what;
    return stepStart(typeof what === 'string' ? what.slice(0, 200) : 'a step');
  }
  return null;
}

/** What this file uses of a worker's global scope (its Worker constructor, loosely typed: tests stand in for it). */
interface Scope {
  name?: string;
  Worker: new (url: string | URL, options?: never) => object;
  postMessage(message: unknown): void;
  addEventListener?(type: 'message', listener: (e: MessageEvent) => void): void;
}

/**
 * In a parse worker the page started for a render worker (shared/parse-host.ts): the page's first
 * message is the port that render worker listens on. Listened for from the entry's first import
 * (worker/boot.ts), so it is not missed while the rest loads, and served (`adoptRenderPort`: the
 * worker's API exposed there) once the API exists. The marks still go to the parent (the page),
 * which passes them on: a stand-in parser that a test loads as a module of its own posts them to
 * its scope too.
 */
let renderPort: MessagePort | null = null;
let serveOn: ((port: MessagePort) => void) | null = null;

export function listenForRenderPort(scope: Scope = self): void {
  if (scope.name !== PARSE_WORKER_NAME || !scope.addEventListener) return;
  scope.addEventListener('message', (e) => {
    const port = readPortNote(e.data, (v): v is MessagePort => v instanceof MessagePort);
    if (!port || renderPort) return;
    renderPort = port;
    serveOn?.(port);
  });
}

export function adoptRenderPort(serve: (port: MessagePort) => void): void {
  serveOn = serve;
  if (renderPort) serve(renderPort);
}

/**
 * In a parse worker (and only there): every `new Worker()` its code makes is told to the parent
 * before and after. Global, so that three's decoders are watched without reaching into them, and
 * whatever else starts a worker here one day is too.
 */
export function watchNestedWorkers(scope: Scope = self): void {
  if (scope.name !== PARSE_WORKER_NAME) return;
  const Original = scope.Worker;
  scope.Worker = class extends Original {
    constructor(url: string | URL, options?: never) {
      scope.postMessage(stepStart('starting a worker of its own (a decoder)'));
      try {
        super(url, options);
      } finally {
        scope.postMessage(stepEnd());
      }
    }
  };
}

/**
 * In a parse worker (and only there): tells its parent that its script has begun to run. Called by
 * the worker entry's first import (worker/boot.ts), before three and the engine are evaluated, so
 * that on a loaded machine the parent hears from a worker that is slow to start, not only from one
 * that has started (parse/watch.ts counts silence, not time).
 */
export function announceAlive(scope: Pick<Scope, 'name' | 'postMessage'> = self): void {
  if (scope.name === PARSE_WORKER_NAME) scope.postMessage(stepAlive());
}
