import { useEffect, useState, useSyncExternalStore } from 'react';
import { liveSpaces, NO_VERSION, type LiveSpace } from './liveSpaces';
import type { ScriptError } from './scriptErrors';
import { useSpace } from './SpaceContext';

/*
 * The live-space registry (liveSpaces.ts) as React reads it: widgets placed in a space join it,
 * settings panels find the running scene (and its script's newest error) through it.
 */

/** The running space with this id, or the one the widget with this id is placed in (for settings panels). */
export function useLiveSpace(widgetId: string): LiveSpace | undefined {
  const version = useSyncExternalStore(liveSpaces.subscribe, liveSpaces.version, liveSpaces.serverVersion);
  if (version === NO_VERSION) return undefined;
  return liveSpaces.get(widgetId) ?? liveSpaces.of(widgetId);
}

/** A widget placed in a space announces it, so its settings panel can find the running scene. */
export function useJoinSpace(widgetId: string): void {
  const spaceId = useSpace()?.spaceId;
  useEffect(() => (spaceId === undefined ? undefined : liveSpaces.join(widgetId, spaceId)), [widgetId, spaceId]);
}

/** The running space's newest script error (its panel's script editor), or null. */
export function useScriptError(spaceId: string): ScriptError | null {
  const version = useSyncExternalStore(liveSpaces.subscribe, liveSpaces.version, liveSpaces.serverVersion);
  const handle = version === NO_VERSION ? null : (liveSpaces.get(spaceId)?.handle ?? null);
  const [error, setError] = useState<ScriptError | null>(null);
  useEffect(() => {
    if (!handle) return;
    const stop = handle.watchScriptError(setError);
    return () => {
      stop();
      setError(null);
    };
  }, [handle]);
  return handle ? error : null;
}
