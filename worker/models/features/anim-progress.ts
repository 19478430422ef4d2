import type { CustomAnimation } from '../../../shared/schema/model';

export interface Progress {
  /** Where the entry is between its start (0) and end (1) transform. */
  p: number;
  /** True once the entry will never move again (finite plays used up). */
  done: boolean;
}

/**
 * Where a keyframe entry stands `elapsed` ms after its timeline started.
 *
 * Before `time.start` it waits at its start transform; then it plays over `end - start` ms.
 * `repetitions` counts plays (0 = forever); a ping-pong play is one way, so 2 goes there and back
 * and ends at the start (the meaning three's AnimationAction gives it, so both animation lists of
 * the panel agree). `once` plays once whatever `repetitions` says. A finished entry holds where
 * its last play ended; an entry of zero length jumps to its end at `time.start`.
 */
export function progressAt(entry: Pick<CustomAnimation, 'time' | 'loop' | 'repetitions'>, elapsed: number): Progress {
  const { start, end } = entry.time;
  const length = end - start;
  const plays = entry.loop === 'once' ? 1 : entry.repetitions === 0 ? Infinity : entry.repetitions;
  if (elapsed < start) return { p: 0, done: false };
  if (length <= 0) return { p: 1, done: true };
  const k = (elapsed - start) / length;
  if (k >= plays) {
    const backwards = entry.loop === 'pingpong' && (plays - 1) % 2 === 1;
    return { p: backwards ? 0 : 1, done: true };
  }
  const play = Math.floor(k);
  const f = k - play;
  return { p: entry.loop === 'pingpong' && play % 2 === 1 ? 1 - f : f, done: false };
}
