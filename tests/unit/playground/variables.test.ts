import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSimulatedVariables } from '../../../playground/host/variables';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** How many temperature or pressure changes the device reports over `seconds`. */
function changesOver(v: ReturnType<typeof createSimulatedVariables>, seconds: number) {
  let n = 0;
  const offs = ['temperature', 'pressure'].map((name) => v.subscribe(name, () => n++));
  vi.advanceTimersByTime(seconds * 1000);
  offs.forEach((off) => off());
  return n;
}

describe('the simulated device', () => {
  it("keeps ticking through StrictMode's mount, clean-up, mount", () => {
    const v = createSimulatedVariables();
    // What React StrictMode does with `useEffect(() => { start(); return stop; })` at mount.
    v.start();
    v.stop();
    v.start();
    // A random walk may repeat a value now and then; over 20 s it cannot stand still.
    expect(changesOver(v, 20)).toBeGreaterThan(5);
    v.stop();
    expect(changesOver(v, 20)).toBe(0);
  });

  it('runs while any user has it started; an extra stop does not go negative', () => {
    const v = createSimulatedVariables();
    v.stop();
    v.start();
    v.start();
    v.stop();
    expect(changesOver(v, 20)).toBeGreaterThan(5);
    v.stop();
    v.stop();
    v.start();
    expect(changesOver(v, 20)).toBeGreaterThan(5);
    v.stop();
  });

  it('write sets a value at once and tells subscribers', () => {
    const v = createSimulatedVariables();
    const seen: unknown[] = [];
    v.subscribe('temperature', (x) => seen.push(x));
    v.write('temperature', 30.5);
    expect(v.read('temperature')).toBe(30.5);
    expect(seen).toEqual([30.5]);
  });
});
