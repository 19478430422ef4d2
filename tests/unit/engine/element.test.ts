import { describe, expect, it } from 'vitest';
import { ElementStandIn } from '../../../worker/engine/element';

/** The worker's stand-in for the canvas: the order listeners hear a press in, and a gizmo keeping one. */
describe('the element stand-in', () => {
  it('capture listeners hear first; stopImmediatePropagation keeps the rest from hearing; a throwing one does not', () => {
    const el = new ElementStandIn();
    const heard: string[] = [];
    el.addEventListener('pointerdown', () => heard.push('orbit'));
    el.addEventListener(
      'pointerdown',
      (e) => {
        heard.push('gizmo');
        if (e.button === 0) e.stopImmediatePropagation();
      },
      true,
    );
    el.addEventListener(
      'pointerdown',
      () => {
        heard.push('broken');
        throw new Error('a user script');
      },
      { capture: true },
    );
    el.dispatch({ type: 'pointerdown', button: 2 } as never);
    expect(heard).toEqual(['gizmo', 'broken', 'orbit']);
    heard.length = 0;
    el.dispatch({ type: 'pointerdown', button: 0 } as never);
    expect(heard).toEqual(['gizmo']);
    expect(el.listenerCount()).toBe(3);
  });

  it('a capture listener is removed only as a capture listener', () => {
    const el = new ElementStandIn();
    const fn = () => undefined;
    el.addEventListener('pointermove', fn, true);
    el.removeEventListener('pointermove', fn);
    expect(el.listenerCount()).toBe(1);
    el.removeEventListener('pointermove', fn, { capture: true });
    expect(el.listenerCount()).toBe(0);
    expect(el.pointerLockElement).toBeNull();
  });
});
