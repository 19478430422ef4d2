import { describe, expect, it } from 'vitest';
import { forwardCalls } from '../../../src/bridge/calls';
import { RENDER_API_METHODS } from '../../../shared/protocol';

describe('forwardCalls: the main thread forwards the protocol without restating it', () => {
  it('has every RenderApi method but the omitted ones, each passing its name and arguments on', () => {
    const seen: [string, unknown[]][] = [];
    const calls = forwardCalls(['init', 'dispose'], (method, args) => {
      seen.push([method, args]);
      return `${method} done`;
    });
    expect(Object.keys(calls).sort()).toEqual(RENDER_API_METHODS.filter((m) => m !== 'init' && m !== 'dispose').sort());
    expect(calls.stats(250)).toBe('stats done');
    expect(seen).toEqual([['stats', [250]]]);
  });
});
