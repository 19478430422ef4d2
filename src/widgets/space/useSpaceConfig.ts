import { useEffect, useRef, useState, type RefObject } from 'react';
import { SpaceConfigSchema, type SpaceConfig } from '../../../shared/schema/space';
import type { SchemaIssue } from '../../../shared/schema/common';
import type { RenderHandle } from '../../bridge/connection';
import { createPatchQueue } from '../../bridge/coalesce';
import { parseConfig, repairConfig } from '../../host/parsed';
import { useLatest } from '../../host/useLatest';

/**
 * A space's own config on its way to the engine. Every change is parsed here first (once per
 * config object: a settings panel's edit arrives parsed already); an invalid one is shown, never
 * sent, and the scene keeps the last valid one. Valid changes leave as patches of the sections that
 * changed, at most one per frame.
 */
export function useSpaceConfig(config: unknown, handle: RefObject<RenderHandle | null>, scriptEdited: () => boolean) {
  const [issues, setIssues] = useState<SchemaIssue[]>([]);
  const lastValid = useRef<SpaceConfig | null>(null);
  // The last valid config as state, for the overlays drawn from it (loading screen, snapshot bar).
  const [valid, setValid] = useState<SpaceConfig>(() => repairConfig(SpaceConfigSchema, config).value);
  const [queue] = useState(() => createPatchQueue((patch) => void handle.current?.patchConfig(patch)));
  const edited = useLatest(scriptEdited);

  useEffect(() => {
    const r = parseConfig(SpaceConfigSchema, config, lastValid.current ?? undefined);
    if (!r.success) {
      if (!lastValid.current) lastValid.current = repairConfig(SpaceConfigSchema, config).value;
      setIssues(r.issues);
      return;
    }
    setIssues([]);
    const scriptChanged = lastValid.current !== null && lastValid.current.script !== r.data.script;
    lastValid.current = r.data;
    setValid(r.data);
    // A script edited after it hung starts a fresh engine (with the new config) instead.
    if (scriptChanged && edited.current()) return;
    queue.push(r.data);
  }, [config, queue, edited]);

  return {
    issues,
    /** Issues found elsewhere: the engine refused the config, the host's limits are broken. */
    setIssues,
    valid,
    /** The newest valid config (read by input forwarding, e.g. whether pointer lock is on). */
    latest: () => lastValid.current,
    /** An engine starts: the config it starts with. */
    starting: (): SpaceConfig => lastValid.current ?? valid,
    /** The engine started with `atStart`: from now on changes go to it as patches. */
    started(atStart: SpaceConfig) {
      queue.reset(atStart);
      // Changes made while the engine was starting.
      if (lastValid.current && lastValid.current !== atStart) queue.push(lastValid.current);
    },
    stopped: () => queue.dispose(),
  };
}
