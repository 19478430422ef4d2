import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { echoFlushMark, eventFlusher, EVENTS_FLUSH, flushMarkOf } from '../../shared/protocol/events-flush';

/**
 * settled() answers on the calls' channel and events come on their own: the flush waits for the
 * engine's echo, which comes behind every event it sent first (shared/protocol/events-flush.ts).
 */
const channels: MessageChannel[] = [];
afterEach(() => {
  for (const c of channels.splice(0)) {
    c.port1.close();
    c.port2.close();
  }
});

function pair() {
  const c = new MessageChannel();
  channels.push(c);
  const seen: unknown[] = [];
  const flusher = eventFlusher(c.port1);
  // Node's ports stand in for the DOM's (the same messages; typed apart, listened to with on()).
  c.port1.on('message', (data: unknown) => {
    if (!flusher.received(data)) seen.push(data);
  });
  // The engine's end (worker/api.ts): marks echoed, in order with the events.
  c.port2.on('message', (data: unknown) => echoFlushMark(data, c.port2));
  return { engine: c.port2, flusher, seen };
}

describe('the events channel flush', () => {
  it('resolves after the events the engine sent before the mark, and hands on no echo', async () => {
    const { engine, flusher, seen } = pair();
    for (let i = 0; i < 50; i++) engine.postMessage({ type: 'log', level: 'log', message: `hook ${i}` });
    await flusher.flush();
    expect(seen).toHaveLength(50);
    expect(seen.at(-1)).toEqual({ type: 'log', level: 'log', message: 'hook 49' });
  });

  it('keeps two flushes apart, and lets nobody wait once the channel is stopped', async () => {
    const { engine, flusher, seen } = pair();
    engine.postMessage({ type: 'ready' });
    const first = flusher.flush();
    const second = flusher.flush();
    await Promise.all([first, second]);
    expect(seen).toEqual([{ type: 'ready' }]);
    // A mark nobody will answer (the channel is going): stop() lets it go.
    engine.removeAllListeners('message');
    const late = flusher.flush();
    flusher.stop();
    await expect(late).resolves.toBeUndefined();
  });

  it('reads only well-formed marks', () => {
    expect(flushMarkOf({ [EVENTS_FLUSH]: 3 })).toBe(3);
    for (const bad of [null, 3, 'x', {}, { [EVENTS_FLUSH]: '3' }, { [EVENTS_FLUSH]: 1.5 }, { [EVENTS_FLUSH]: Infinity }])
      expect(flushMarkOf(bad)).toBeNull();
  });
});
