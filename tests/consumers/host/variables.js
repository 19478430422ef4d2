// The host's live variables (an IoT value source), in the shape dash3d's VariableSource asks for.
export function createVariables(initial) {
  const values = new Map(Object.entries(initial));
  const listeners = new Map();
  return {
    names: () => [...values.keys()],
    read: (name) => values.get(name),
    subscribe(name, onChange) {
      const set = listeners.get(name) ?? new Set();
      set.add(onChange);
      listeners.set(name, set);
      return () => set.delete(onChange);
    },
    write(name, value) {
      values.set(name, value);
      for (const fn of listeners.get(name) ?? []) fn(value);
    },
  };
}
