import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MessageChannel, MessagePort } from 'node:worker_threads';
import { hostParseWorkers } from '../../../src/bridge/parse-host';
import { PARSE_WORKER_NAME, readControlNote, readPortNote, startRequest, terminateNote } from '../../../shared/parse-host';

/*
 * The page's side of the parse workers it starts for a render worker (issue 41): the page decides
 * the script, caps how many, passes on the worker's marks and errors, and ends them. Node's
 * MessageChannel stands in for the render worker's ports; a recording class for the Worker global.
 */

class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: ((e: { message: string; preventDefault(): void }) => void) | null = null;
  terminated = false;
  sent: unknown[] = [];
  constructor(
    readonly url: string,
    readonly options: { type?: string; name?: string },
  ) {
    FakeWorker.made.push(this);
  }
  postMessage(message: unknown) {
    this.sent.push(message);
  }
  terminate() {
    this.terminated = true;
  }
}

const realWorker = (globalThis as { Worker?: unknown }).Worker;
beforeEach(() => {
  FakeWorker.made = [];
  (globalThis as { Worker?: unknown }).Worker = FakeWorker;
});
afterEach(() => {
  (globalThis as { Worker?: unknown }).Worker = realWorker;
});

const tick = () => new Promise((r) => setTimeout(r, 10));
// Node's ports stand in for the DOM's (the same messages and transfer; typed apart).
const isPort = (v: unknown): v is never => v instanceof MessagePort;
const host = (port: MessagePort, url: string) => hostParseWorkers(port, url);

/** The render worker's end: asks for one parse worker and answers its channels' near ends. */
function ask(to: MessagePort, type: 'module' | 'classic' = 'module', extra: Record<string, unknown> = {}) {
  const data = new MessageChannel();
  const control = new MessageChannel();
  const notes: unknown[] = [];
  control.port1.on('message', (data) => notes.push(readControlNote(data)));
  to.postMessage({ ...startRequest({ type, data: data.port2, control: control.port2 }), ...extra }, [data.port2, control.port2]);
  return { data: data.port1, control: control.port1, notes };
}

describe('the page starts parse workers for its render worker', () => {
  it("starts the page's script (never one the render worker names), named as a parse worker, and hands it the render worker's port", async () => {
    const channel = new MessageChannel();
    const stop = host(channel.port1, 'https://app.example/render-worker.js');
    ask(channel.port2, 'classic', { url: 'https://evil.example/x.js' });
    await tick();
    expect(FakeWorker.made).toHaveLength(1);
    const [w] = FakeWorker.made;
    expect(w!.url).toBe('https://app.example/render-worker.js');
    expect(w!.options).toEqual({ type: 'classic', name: PARSE_WORKER_NAME });
    expect(readPortNote(w!.sent[0], isPort)).toBeInstanceOf(MessagePort);
    stop();
    expect(w!.terminated).toBe(true);
    channel.port2.close();
  });

  it("passes on the worker's step marks (its fields only) and its errors, and ends it when asked", async () => {
    const channel = new MessageChannel();
    const stop = host(channel.port1, '/w.js');
    const r = ask(channel.port2);
    await tick();
    const w = FakeWorker.made[0]!;
    w.onmessage!({ data: { dash3dParseStep: 'alive', extra: 'x'.repeat(10) } });
    w.onmessage!({ data: { id: 'comlink reply' } });
    let prevented = false;
    w.onerror!({ message: 'boom', preventDefault: () => (prevented = true) });
    await tick();
    expect(r.notes).toEqual([
      { what: 'step', mark: { dash3dParseStep: 'alive', what: undefined } },
      { what: 'error', message: 'boom' },
    ]);
    expect(prevented).toBe(true);
    r.control.postMessage(terminateNote());
    await tick();
    expect(w.terminated).toBe(true);
    stop();
    channel.port2.close();
    r.control.close();
  });

  it('ignores what is not a request, and refuses more than a few live workers', async () => {
    const channel = new MessageChannel();
    const stop = host(channel.port1, '/w.js');
    channel.port2.postMessage({ dash3dParseHost: 'start', type: 'module', data: 'not a port', control: 1 });
    channel.port2.postMessage('hello');
    const asks = Array.from({ length: 9 }, () => ask(channel.port2));
    await tick();
    expect(FakeWorker.made).toHaveLength(8);
    expect(asks[8]!.notes).toEqual([{ what: 'error', message: 'more than 8 model parsers at once' }]);
    stop();
    expect(FakeWorker.made.every((w) => w.terminated)).toBe(true);
    channel.port2.close();
    for (const a of asks) a.control.close();
  });
});
