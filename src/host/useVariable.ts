import { useEffect, useState } from 'react';
import type { VariableSource } from './types';

/**
 * The live value of one host variable, re-rendering on each change; undefined while `name` is
 * empty. Reads once more when subscribing, so a change between render and subscription is not lost.
 */
export function useVariable(variables: VariableSource, name: string | null | undefined): unknown {
  const key = name || '';
  // Values are wrapped: a variable holding a function must not be taken for a state updater.
  const [box, setBox] = useState(() => ({ value: key ? variables.read(key) : undefined }));
  useEffect(() => {
    if (!key) {
      setBox({ value: undefined });
      return;
    }
    setBox({ value: variables.read(key) });
    return variables.subscribe(key, (value) => setBox({ value }));
  }, [variables, key]);
  return box.value;
}
