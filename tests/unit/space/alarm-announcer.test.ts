import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANNOUNCE_GAP_MS, GATHER_MS, REPEAT_MS, createAnnouncer } from '../../../src/widgets/space/alarmAnnouncer';
import { CardAlarmLevelSchema } from '../../../shared/schema/card';

/* Issue 42 point 3: what a space's live region says, and how seldom (fake timers; the page's half is tests/browser/widgets/card-alarm-words.test.tsx). */

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const above30 = CardAlarmLevelSchema.parse({ mode: 'above', high: 30 });
const said: string[] = [];
const announcer = () => {
  said.length = 0;
  return createAnnouncer(
    'en',
    (text) => said.push(text),
    () => Date.now(),
  );
};

describe('the alarm announcer', () => {
  it('gathers cards entering together, names three and counts the rest', () => {
    const a = announcer();
    for (const id of ['a', 'b', 'c', 'd', 'e']) a.enter(id, above30, id.toUpperCase(), '31');
    expect(said).toEqual([]);
    vi.advanceTimersByTime(GATHER_MS);
    expect(said).toEqual(['A 31, in alarm: above 30; B 31, in alarm: above 30; C 31, in alarm: above 30; and 2 more']);
  });

  it('says at most one thing per gap, and a card back in the same level within a minute not again', () => {
    const a = announcer();
    a.enter('a', above30, 'A', '31');
    vi.advanceTimersByTime(GATHER_MS);
    a.enter('a', above30, 'A', '35');
    a.enter('b', above30, 'B', '40');
    vi.advanceTimersByTime(ANNOUNCE_GAP_MS - 1);
    expect(said).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(said).toEqual(['A 31, in alarm: above 30', 'B 40, in alarm: above 30']);
    vi.advanceTimersByTime(REPEAT_MS);
    a.enter('a', above30, 'A', '33');
    vi.advanceTimersByTime(GATHER_MS);
    expect(said.at(-1)).toBe('A 33, in alarm: above 30');
  });

  it('says nothing once disposed', () => {
    const a = announcer();
    a.enter('a', above30, 'A', '31');
    a.dispose();
    vi.advanceTimersByTime(ANNOUNCE_GAP_MS);
    expect(said).toEqual([]);
  });
});
