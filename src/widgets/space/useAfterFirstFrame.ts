import { useEffect, useState } from 'react';

/**
 * True from a task after `ready` first turned true: the parts a space asks for once it has drawn
 * (the keys' help, the description, the alarm announcer) start loading after the commit that shows
 * the first frame, not in it. Asked for in that commit, a chunk served fast (loopback, a warm cache)
 * could arrive before the page noted its first frame, and a viewer page's script before the first
 * frame is held to 200 kB (tests/consumers/support/checks.ts).
 */
export function useAfterFirstFrame(ready: boolean): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (!ready || after) return;
    const timer = setTimeout(() => setAfter(true), 0);
    return () => clearTimeout(timer);
  }, [ready, after]);
  return after && ready;
}
