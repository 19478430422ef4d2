import { describe, expect, it } from 'vitest';
import { createEditSession } from '../../../playground/editor/editSession';

/** A stand-in for a focused element: a number box, a button, or a read-only box (a select's). */
const field = (kind: 'number' | 'button' | 'readonly') => ({
  matches: (selector: string) => (kind === 'button' ? false : kind === 'readonly' ? true : selector !== '[readonly]'),
});

describe('a field edit session (focus to blur or Enter)', () => {
  it('lasts from focus to blur; Enter ends it and the next key in the field opens another', () => {
    const s = createEditSession();
    expect(s.current()).toBeUndefined();
    const input = field('number');
    s.handlers.onFocus({ target: input });
    const first = s.current();
    expect(first).toBeDefined();
    s.handlers.onKeyDown({ target: input, key: '2' });
    s.handlers.onKeyDown({ target: input, key: '0' });
    expect(s.current()).toBe(first);
    s.handlers.onKeyDown({ target: input, key: 'Enter' });
    expect(s.current()).toBeUndefined();
    s.handlers.onKeyDown({ target: input, key: '4' });
    const second = s.current();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    s.handlers.onBlur();
    expect(s.current()).toBeUndefined();
    // Focus back in the same field: a new session.
    s.handlers.onFocus({ target: input });
    expect([first, second]).not.toContain(s.current());
  });

  it('a button, a switch or a read-only box opens none: their changes keep to the time window', () => {
    const s = createEditSession();
    s.handlers.onFocus({ target: field('button') });
    expect(s.current()).toBeUndefined();
    s.handlers.onKeyDown({ target: field('button'), key: ' ' });
    expect(s.current()).toBeUndefined();
    s.handlers.onFocus({ target: field('readonly') });
    expect(s.current()).toBeUndefined();
    s.handlers.onFocus({ target: null });
    expect(s.current()).toBeUndefined();
  });
});
