import { useEffect, useState, type RefObject } from 'react';
import type { RenderHandle } from '../../bridge/connection';
import type { VariableSource } from '../../host/types';
import type { VariableForwarder } from './variableForwarder';

/**
 * A space's host variables on their way to its engine (issue 40; the forwarder itself:
 * variableForwarder.ts). The forwarder is loaded the first time something needs a variable (a
 * rule names one, the space script asks for one, the rules panel tries a value): a dashboard
 * without rules carries no code for them. Until it is there, this keeps what it was told and hands
 * it over as it arrives.
 */
export function useSpaceVariables(handle: RefObject<RenderHandle | null>, variables: VariableSource | undefined) {
  const [space] = useState(() => createLazyForwarder(handle));
  useEffect(() => space.attach(variables ?? null), [space, variables]);
  // The names the rules read come from the models (useSpaceModels' onVariableNames calls watch).
  useEffect(() => () => space.dispose(), [space]);
  return space;
}

type Forwarding = Pick<VariableForwarder, 'attach' | 'watch' | 'want' | 'override' | 'started' | 'stopped' | 'dispose'> & {
  /** Send what is gathering now; while the forwarder is still loading, once it has arrived and been told everything. */
  flushNow(): Promise<void>;
};

/**
 * Before the forwarder is loaded, the last call of each kind is kept (a value tried: per variable)
 * and replayed in the order they came as it arrives. It is loaded by the first call that needs it:
 * names to watch, or a value to try.
 */
function createLazyForwarder(handle: RefObject<RenderHandle | null>): Forwarding {
  let impl: Record<string, (...a: unknown[]) => void> | null = null;
  let loading: Promise<void> | null = null;
  const pending = new Map<string, unknown[]>();
  const load = () =>
    (loading ??= import('./variableForwarder').then(
      ({ createVariableForwarder }) => {
        // Fire and forget: an engine that just went away gets everything again when the next one starts.
        const f = createVariableForwarder((batch) => void handle.current?.setVariables(batch).catch(() => undefined));
        impl = f as unknown as Record<string, (...a: unknown[]) => void>;
        for (const [key, args] of pending) impl[key.split(':')[0]!]!(...args);
        pending.clear();
      },
      (err: unknown) => {
        // Asked again by the next call that needs it.
        loading = null;
        console.error('[dash3d] the variable forwarder did not load:', err);
      },
    ));
  return new Proxy({} as Forwarding, {
    get:
      (_, name: string) =>
      (...args: unknown[]) => {
        if (impl) return impl[name]!(...args);
        // settled() waits for this: a value asked for before the forwarder arrived still leaves before the frame it waits on.
        if (name === 'flushNow') return loading ? loading.then(() => impl?.flushNow!()) : Promise.resolve();
        const key = name === 'override' ? `override:${String(args[0])}` : name;
        pending.delete(key);
        pending.set(key, args);
        if (name === 'override' || ((name === 'watch' || name === 'want') && Array.isArray(args[0]) && args[0].length > 0)) void load();
      },
  });
}
