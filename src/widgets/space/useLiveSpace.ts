import { useEffect, useSyncExternalStore } from 'react';
import { liveSpaces, NO_VERSION, type LiveSpace } from './liveSpaces';
import { useSpace } from './SpaceContext';

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
