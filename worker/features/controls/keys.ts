import type { ElementStandIn, StandInEvent } from '../../engine/element';

/**
 * Keys held down, by KeyboardEvent.code (layout-independent: WASD stays where it is on AZERTY).
 * Cleared when the canvas loses focus, or a key released elsewhere would keep the walker walking.
 */
export interface KeyState {
  held(...codes: string[]): boolean;
  /** +1, -1 or 0 from two groups of keys (e.g. forward / back). */
  axis(positive: string[], negative: string[]): number;
  /** Ignore input and forget what is held (controls disabled). */
  setEnabled(enabled: boolean): void;
  dispose(): void;
}

export function createKeyState(element: ElementStandIn, onInput: () => void): KeyState {
  const down = new Set<string>();
  let enabled = true;
  const onKeyDown = (e: StandInEvent) => {
    if (!enabled || !e.code || e.ctrlKey || e.metaKey || e.altKey) return;
    down.add(e.code);
    onInput();
  };
  const onKeyUp = (e: StandInEvent) => {
    if (e.code) down.delete(e.code);
  };
  const onBlur = () => down.clear();
  element.addEventListener('keydown', onKeyDown);
  element.addEventListener('keyup', onKeyUp);
  element.addEventListener('blur', onBlur);

  const held = (...codes: string[]) => codes.some((c) => down.has(c));
  return {
    held,
    axis: (positive, negative) => (held(...positive) ? 1 : 0) - (held(...negative) ? 1 : 0),
    setEnabled(value) {
      enabled = value;
      if (!value) down.clear();
    },
    dispose() {
      element.removeEventListener('keydown', onKeyDown);
      element.removeEventListener('keyup', onKeyUp);
      element.removeEventListener('blur', onBlur);
      down.clear();
    },
  };
}

export const FORWARD = ['KeyW', 'ArrowUp'];
export const BACK = ['KeyS', 'ArrowDown'];
export const LEFT = ['KeyA', 'ArrowLeft'];
export const RIGHT = ['KeyD', 'ArrowRight'];
