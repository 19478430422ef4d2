import { readControlNote, startRequest, terminateNote } from '../../../../shared/parse-host';
import { readStep } from './steps';
import { parseHost } from '../../../engine/parse-host-port';
import type { Endpoint } from 'comlink';

/*
 * A render worker's parse workers, started by the page (shared/parse-host.ts says why: Firefox's
 * `new Worker()` inside a worker can block this thread for minutes). The page hands the new worker
 * one end of a channel; this side keeps the other and sees it as a worker: comlink's messages over
 * the channel, plus what the page passes on (the worker's step marks and its error events), and
 * terminate() asks the page to end it.
 */

/** A parse worker as this thread sees it: an endpoint for comlink, 'message' and 'error' events, terminate(). */
class PageParseWorker extends EventTarget {
  private ended = false;
  constructor(
    private readonly data: MessagePort,
    private readonly control: MessagePort,
  ) {
    super();
    data.onmessage = (e: MessageEvent<unknown>) => this.dispatchEvent(new MessageEvent('message', { data: e.data }));
    control.onmessage = (e) => {
      const note = readControlNote(e.data);
      if (note?.what === 'step') {
        const mark = readStep(note.mark);
        if (mark) this.dispatchEvent(new MessageEvent('message', { data: mark }));
      } else if (note?.what === 'error') {
        this.dispatchEvent(new ErrorEvent('error', { message: note.message, cancelable: true }));
      }
    };
  }
  postMessage(message: unknown, transfer: Transferable[] = []): void {
    if (!this.ended) this.data.postMessage(message, transfer);
  }
  terminate(): void {
    if (this.ended) return;
    this.ended = true;
    this.control.postMessage(terminateNote());
    this.data.close();
    this.control.close();
  }
}

/**
 * Asks the page for a parse worker running this worker's script, as a module or classic worker
 * (`type`); null where the page does not start them (engine/parse-host-port.ts, set at init).
 */
export function pageParseWorker(type: WorkerType): (Endpoint & { terminate(): void }) | null {
  const host = parseHost();
  if (!host) return null;
  const data = new MessageChannel();
  const control = new MessageChannel();
  host.postMessage(startRequest({ type, data: data.port2, control: control.port2 }), [data.port2, control.port2]);
  return new PageParseWorker(data.port1, control.port1);
}
