import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref holding the latest value of a prop or state, for callbacks and long-lived effects that must
 * see it without re-running when it changes. It is updated once the render is committed: React
 * does not allow writing refs during render (a render may be thrown away).
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
