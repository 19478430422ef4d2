import { describe, expect, it } from 'vitest';
import { keyAction } from '../../shared/camera-keys';

describe('the camera keys (shared/camera-keys.ts)', () => {
  it('arrows orbit, with Shift they pan; + - = _ and the page keys zoom; Home goes back', () => {
    expect(keyAction({ key: 'ArrowLeft' })).toEqual({ kind: 'orbit', dx: -1, dy: 0 });
    expect(keyAction({ key: 'ArrowDown' })).toEqual({ kind: 'orbit', dx: 0, dy: 1 });
    expect(keyAction({ key: 'ArrowUp', shiftKey: true })).toEqual({ kind: 'pan', dx: 0, dy: -1 });
    for (const key of ['+', '=', 'PageUp']) expect(keyAction({ key })).toEqual({ kind: 'zoom', in: true });
    for (const key of ['-', '_', 'PageDown']) expect(keyAction({ key })).toEqual({ kind: 'zoom', in: false });
    expect(keyAction({ key: 'Home' })).toEqual({ kind: 'home' });
  });

  it("are never the host's shortcuts (Ctrl, Alt, Meta) nor other keys", () => {
    expect(keyAction({ key: 'ArrowLeft', ctrlKey: true })).toBeNull();
    expect(keyAction({ key: '+', metaKey: true })).toBeNull();
    expect(keyAction({ key: 'Home', altKey: true })).toBeNull();
    for (const key of ['z', 'Enter', 'Tab', 'Escape', ' ', 'End']) expect(keyAction({ key })).toBeNull();
    expect(keyAction({})).toBeNull();
  });
});
