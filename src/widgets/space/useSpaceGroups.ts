import { useEffect, useRef, useState, type RefObject } from 'react';
import type { GroupPlace, GroupTransform } from '../../../shared/overlays';
import type { RenderHandle } from '../../bridge/connection';
import { createFrameQueue } from '../../bridge/coalesce';
import { useLatest } from '../../host/useLatest';

const NO_GROUPS: Readonly<Record<string, unknown>> = Object.freeze({});

/**
 * The component groups of one 3D space on their way to the engine: one setGroups per animation
 * frame with only the groups that changed (null for the ones that left), and all of them again to
 * each engine that starts (a restart, or the space back in view). Configs compare by reference:
 * each group registers its config parsed once.
 */
export function useSpaceGroups(
  handle: RefObject<RenderHandle | null>,
  groups: Readonly<Record<string, unknown>> | undefined,
  onTransforms: ((t: Record<string, GroupTransform>) => void) | undefined,
) {
  const latest = useRef(groups ?? NO_GROUPS);
  const receive = useLatest(onTransforms);
  const [queue] = useState(() =>
    createFrameQueue((changed, gone) => {
      const changes: Record<string, GroupPlace | null> = {};
      for (const id of gone) changes[id] = null;
      for (const [id, config] of Object.entries(changed)) changes[id] = { config };
      // Fire and forget: an engine that went away meanwhile gets them all when the next one starts.
      if (Object.keys(changes).length) void handle.current?.setGroups(changes).catch(() => undefined);
    }),
  );

  useEffect(() => {
    latest.current = groups ?? NO_GROUPS;
    if (handle.current) queue.push(latest.current);
  }, [groups, queue, handle]);

  return {
    /** An engine started: it knows no group yet. */
    started() {
      queue.reset(NO_GROUPS);
      queue.push(latest.current);
    },
    stopped() {
      queue.dispose();
    },
    /** The engine's 'group-transforms' event. */
    transforms(t: Record<string, GroupTransform>) {
      receive.current?.(t);
    },
  };
}
