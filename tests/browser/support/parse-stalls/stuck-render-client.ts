/*
 * The parse client as a test's `moduleUrls['model-parse-client']` (tests/browser/models/stalls.test.tsx),
 * loaded by the render worker. The first render worker the test page tells to ('block', over a
 * BroadcastChannel) does what Firefox ESR 153's did on a loaded machine: it says it starts its model
 * parser and never comes back from `new Worker()`, its thread blocked (here by a loop, bounded so
 * that a failing test does not leave a core spinning). Any later render worker is the real client.
 */
import * as real from '../../../../worker/models/load/parse/client';
import { startingWorker } from '../../../../worker/engine/worker-starts';

export * from '../../../../worker/models/load/parse/client';

const block = await new Promise<boolean>((resolve) => {
  const channel = new BroadcastChannel('dash3d-test-stuck-worker-start');
  channel.onmessage = (e) => {
    channel.close();
    resolve(e.data === 'block');
  };
  channel.postMessage('ask');
  setTimeout(() => resolve(false), 10_000);
});

let blocked = false;
export function warmParser(): Promise<boolean> {
  if (block && !blocked) {
    blocked = true;
    startingWorker(() => {
      const until = Date.now() + 60_000;
      while (Date.now() < until) {
        // Blocked, as inside Firefox's Worker constructor: no timer fires, no message is read.
      }
    });
  }
  return real.warmParser();
}
