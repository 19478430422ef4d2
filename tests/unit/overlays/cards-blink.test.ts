import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CardAlarmLevelSchema } from '../../../shared/schema/card';
import { createCardBlink } from '../../../worker/overlays/cards/blink';
import type { CardNode } from '../../../worker/overlays/cards/card';

/*
 * Issue 40 point 3: a card in a level that blinks goes between the level's colour and its plain
 * look every half period, counted from when it entered the level; one timer for all, set only
 * when a card enters a level or starts or stops blinking.
 */
beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
afterEach(() => void vi.useRealTimers());

const alarm = CardAlarmLevelSchema.parse({ blink: true, blinkMs: 1000 });
const steady = CardAlarmLevelSchema.parse({});
const cardIn = (level: typeof alarm | null) => ({ input: { alarm: level }, blinkSince: 0, blinkOff: false }) as unknown as CardNode;

describe('blinking cards', () => {
  it('toggle every half period from when they entered the level, one repaint and one frame per toggle', () => {
    const repaint = vi.fn();
    const invalidate = vi.fn();
    const blink = createCardBlink(repaint, invalidate);
    const card = cardIn(alarm);
    blink.track(card, null);
    expect(card.blinkOff).toBe(false);
    vi.advanceTimersByTime(510);
    expect([card.blinkOff, repaint.mock.calls.length, invalidate.mock.calls.length]).toEqual([true, 1, 1]);
    vi.advanceTimersByTime(500);
    expect([card.blinkOff, repaint.mock.calls.length]).toEqual([false, 2]);
    blink.dispose();
  });

  it('a new value in the same level keeps the phase; leaving the level stops it, plain, with no timer left', () => {
    const repaint = vi.fn();
    const blink = createCardBlink(repaint, () => {});
    const card = cardIn(alarm);
    blink.track(card, null);
    vi.advanceTimersByTime(300);
    // A value update: the same level (the same object), the phase goes on.
    const was = card.input;
    (card as { input: unknown }).input = { ...was };
    blink.track(card, was);
    vi.advanceTimersByTime(210);
    expect(card.blinkOff).toBe(true);
    // Normal again: shown plain at once, and nothing toggles any more.
    const before = card.input;
    (card as { input: unknown }).input = { alarm: null };
    blink.track(card, before);
    expect(card.blinkOff).toBe(false);
    const n = repaint.mock.calls.length;
    vi.advanceTimersByTime(5000);
    expect(repaint.mock.calls.length).toBe(n);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a level that does not blink sets no timer', () => {
    const blink = createCardBlink(vi.fn(), vi.fn());
    blink.track(cardIn(steady), null);
    expect(vi.getTimerCount()).toBe(0);
  });
});
