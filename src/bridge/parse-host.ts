import { isTerminateNote, PARSE_WORKER_NAME, errorNote, portNote, readStartRequest, stepNote } from '../../shared/parse-host';

/*
 * The page's side of shared/parse-host.ts: it starts a render worker's parse workers, because a
 * `new Worker()` made here returns at once, where Firefox's inside a worker can block that worker
 * for minutes. The render worker is not trusted: the script is the one this page chose (the render
 * worker's own, or the host's parseWorkerUrl), never a URL it names, and it has a few at a time.
 */

/** Parse workers alive at once for one render worker: it runs up to three and keeps one warm (worker/models/load/parse/). */
const MAX_LIVE = 8;

/** Serves `port` (the render worker's end stays there) until the returned stop, which ends every worker started. */
export function hostParseWorkers(port: MessagePort, scriptUrl: string): () => void {
  const live = new Set<() => void>();
  port.onmessage = (e) => {
    const ask = readStartRequest(e.data, (v): v is MessagePort => v instanceof MessagePort);
    if (!ask) return;
    const { data, control } = ask;
    if (live.size >= MAX_LIVE) {
      control.postMessage(errorNote(`more than ${MAX_LIVE} model parsers at once`));
      return;
    }
    let worker: Worker;
    try {
      worker = new Worker(scriptUrl, { type: ask.type, name: PARSE_WORKER_NAME });
    } catch (err) {
      // The page's policy forbids it: the render worker hears an error, as from a worker that failed.
      control.postMessage(errorNote(err instanceof Error ? err.message : String(err)));
      return;
    }
    const end = () => {
      worker.terminate();
      control.close();
      live.delete(end);
    };
    live.add(end);
    worker.onmessage = (m) => {
      const note = stepNote(m.data);
      if (note) control.postMessage(note);
    };
    worker.onerror = (ev) => {
      ev.preventDefault();
      control.postMessage(errorNote(ev.message ?? ''));
    };
    control.onmessage = (m) => {
      if (isTerminateNote(m.data)) end();
    };
    worker.postMessage(portNote(data), [data]);
  };
  return () => {
    port.close();
    for (const end of [...live]) end();
  };
}
