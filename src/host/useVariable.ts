import { useEffect, useState } from 'react';
import type { VariableSource } from './types';

/**
 * The live value of one host variable, re-rendering on each change; undefined while `name` is
 * empty. Reads once more when subscribing, so a change between render and subscription is not lost.
 */
export function useVariable(variables: VariableSource, name: string | null | undefined): unknown {
  const key = name || '';
  // Values are kept with the source and name they were read from: a variable holding a function
  // is then never taken for a state updater, and a new name or source is read during render
  // (no frame shows the old variable's value).
  const [box, setBox] = useState(() => ({ variables, key, value: key ? variables.read(key) : undefined }));
  let shown = box;
  if (box.variables !== variables || box.key !== key) {
    shown = { variables, key, value: key ? variables.read(key) : undefined };
    setBox(shown);
  }
  const rendered = shown.value;
  useEffect(() => {
    if (!key) return;
    const update = (value: unknown) => setBox({ variables, key, value });
    const off = variables.subscribe(key, update);
    // A change between the render and this subscription would otherwise wait for the next one.
    const now = variables.read(key);
    if (!Object.is(now, rendered)) update(now);
    return off;
    // `rendered` is only compared once, when subscribing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [variables, key]);
  return shown.value;
}
