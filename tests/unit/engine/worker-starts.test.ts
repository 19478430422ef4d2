import { afterEach, describe, expect, it } from 'vitest';
import { startingWorker, tellWorkerStarts } from '../../../worker/engine/worker-starts';

afterEach(() => tellWorkerStarts(null));

// What the main thread's heartbeat reads ('worker-start' events): a start that never returns has said so first.
describe("the render worker's worker starts, told to the main thread", () => {
  it('before and after the start, which answers what it made', () => {
    const told: (boolean | string)[] = [];
    tellWorkerStarts((busy) => told.push(busy));
    expect(startingWorker(() => (told.push('new Worker()'), 'a worker'))).toBe('a worker');
    expect(told).toEqual([true, 'new Worker()', false]);
  });

  it('after a start that throws too (a page policy refusing workers)', () => {
    const told: boolean[] = [];
    tellWorkerStarts((busy) => told.push(busy));
    expect(() =>
      startingWorker(() => {
        throw new Error('SecurityError');
      }),
    ).toThrow('SecurityError');
    expect(told).toEqual([true, false]);
  });

  it('with nobody listening, a start is only a start', () => {
    expect(startingWorker(() => 7)).toBe(7);
  });
});
