import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY, mountSpace, pixelAt, unmountAll } from './support/harness';
afterEach(unmountAll);
describe('simple', () => {
  it('colour', async () => {
    const t0 = performance.now();
    const m = await mountSpace({ ...EMPTY, sceneConfig: { ...EMPTY.sceneConfig, background: '#336699' } });
    const p = await m.pixels();
    console.log(performance.now() - t0, pixelAt(p, 0.5, 0.5), JSON.stringify(m.events.filter(e => e.type !== 'progress')));
    expect(1).toBe(1);
  });
});
