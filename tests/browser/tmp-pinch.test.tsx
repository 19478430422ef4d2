import { afterEach, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { mountSpace, unmountAll } from './support/harness';
import { marker, orbit, pixelsAfterInput, SIZE } from './support/marker';

afterEach(unmountAll);

function busyPage() {
  const timer = setInterval(() => {
    const until = performance.now() + 200;
    while (performance.now() < until) {
      // busy
    }
  }, 250);
  return () => clearInterval(timer);
}

describe.each([['worker', false], ['main', true]] as const)('%s', (_p, forceMainThread) => {
  for (const busy of [false, true])
    it(`pinch busy=${busy}`, async () => {
      const m = await mountSpace(orbit(), { ...SIZE, forceMainThread });
      const start = marker(await m.pixels());
      const view0 = await m.handle.getView();
      const stop = busy ? busyPage() : () => {};
      try {
        await commands.touch({ fingers: [[0.4, 0.5, 0.25, 0.5], [0.6, 0.5, 0.75, 0.5]], steps: 5, stepMs: 50 });
      } finally {
        stop();
      }
      const after = marker(await pixelsAfterInput(m));
      const view1 = await m.handle.getView();
      console.log(forceMainThread ? 'main' : 'worker', 'busy', busy, 'share', start.share.toFixed(4), after.share.toFixed(4), 'cx', start.cx.toFixed(3), after.cx.toFixed(3), JSON.stringify(view0.position), JSON.stringify(view1.position));
      expect(after.share).toBeGreaterThan(start.share * 1.3);
    });
});
