import type { VariableSource } from '../../../src/index';

type Listener = (value: unknown) => void;

/**
 * The host's variable source on the host-path page: the playground's own (playground/host/variables.ts,
 * createSimulatedVariables) without its simulated device. `write` sets a value and calls every
 * subscriber of that name at once, unless the value is the same (Object.is), exactly as the
 * playground's does. A copy, not an import: the playground's file imports the package by its name
 * (`dash3d`), which tests/bench/tsconfig.json does not map.
 */
export function createHostVariables(): VariableSource {
  const values = new Map<string, unknown>();
  const listeners = new Map<string, Set<Listener>>();
  return {
    names: () => [...values.keys()],
    read: (name) => values.get(name),
    subscribe(name, onChange) {
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      set.add(onChange);
      return () => void set.delete(onChange);
    },
    write(name, value) {
      if (Object.is(values.get(name), value)) return;
      values.set(name, value);
      for (const l of listeners.get(name) ?? []) l(value);
    },
  };
}
