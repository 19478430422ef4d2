/*
 * Parse workers started by the page for a render worker (issue 41). In Firefox ESR 153 on a busy
 * page, `new Worker()` called inside a worker now and then never returns (docs/browsers.md): the
 * render worker that started a model parser stayed blocked in the call for over a minute and the
 * heartbeat restarted the space (1 load in 5 of a space on a page busy 200 ms of every 250). The
 * same call made by the page returns at once. So a render worker asks the page for each parse
 * worker over a port it got at init: the page starts the script and hands the new worker one end of
 * a channel whose other end the render worker keeps, and from then on the two talk directly. A
 * second channel between the render worker and the page carries what only the page sees of that
 * worker (its error events, and the step marks it posts to its parent: worker/models/load/parse/
 * steps.ts) and the request to terminate it.
 *
 * Plain messages under one key, read defensively on both sides: neither trusts the other.
 */

/** The name a parse worker is started with (the render worker's own script, which tells by its name which one it is). */
export const PARSE_WORKER_NAME = 'dash3d-parse';

const KEY = 'dash3dParseHost';

const field = (data: unknown, name: string): unknown =>
  data && typeof data === 'object' ? (data as Record<string, unknown>)[name] : undefined;

/** render worker -> page, on the init port: start a parse worker, give it `data`, report on `control`. */
export interface StartRequest {
  type: 'module' | 'classic';
  data: MessagePort;
  control: MessagePort;
}
/** page -> render worker (control): a step mark the worker posted to the page (read again there), or its error event. */
export type ControlNote = { what: 'step'; mark: unknown } | { what: 'error'; message: string };

export const startRequest = ({ type, data, control }: StartRequest) => ({ [KEY]: 'start', type, data, control });
/** The step mark a parse worker posted to the page, passed on as its two fields (steps.ts reads them again). */
export const stepNote = (data: unknown) => {
  const step = field(data, 'dash3dParseStep');
  const what = field(data, 'what');
  return typeof step === 'string'
    ? { [KEY]: 'step', mark: { dash3dParseStep: step.slice(0, 20), what: typeof what === 'string' ? what.slice(0, 200) : undefined } }
    : null;
};
export const errorNote = (message: string) => ({ [KEY]: 'error', message: message.slice(0, 500) });
/** render worker -> page (control): terminate it. */
export const terminateNote = () => ({ [KEY]: 'terminate' });
/** page -> parse worker: the port its render worker listens on. */
export const portNote = (port: MessagePort) => ({ [KEY]: 'port', port });

/** Tells a real port (this file is thread-neutral: each side passes `(v) => v instanceof MessagePort`). */
type IsPort = (value: unknown) => value is MessagePort;

export function readStartRequest(data: unknown, isPort: IsPort): StartRequest | null {
  if (field(data, KEY) !== 'start') return null;
  const [port1, port2] = [field(data, 'data'), field(data, 'control')];
  if (!isPort(port1) || !isPort(port2)) return null;
  return { type: field(data, 'type') === 'classic' ? 'classic' : 'module', data: port1, control: port2 };
}

export function readControlNote(data: unknown): ControlNote | null {
  const what = field(data, KEY);
  if (what === 'step') return { what, mark: field(data, 'mark') };
  if (what === 'error') {
    const message = field(data, 'message');
    return { what, message: typeof message === 'string' ? message.slice(0, 500) : '' };
  }
  return null;
}

export const isTerminateNote = (data: unknown) => field(data, KEY) === 'terminate';

export function readPortNote(data: unknown, isPort: IsPort): MessagePort | null {
  const port = field(data, KEY) === 'port' ? field(data, 'port') : null;
  return isPort(port) ? port : null;
}
