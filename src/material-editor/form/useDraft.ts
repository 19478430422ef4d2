import { useState } from 'react';

/**
 * What a field shows while the designer types: the typed text, which may be invalid and then is not
 * sent (the material keeps its last valid value). When the value changes from outside (another
 * material chosen, an undo), the draft follows it.
 */
export function useDraft<T>(value: T): [draft: T, setDraft: (next: T) => void, sent: (next: T) => void] {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (!Object.is(value, seen)) {
    setSeen(value);
    setDraft(value);
  }
  // Marks a value as the one just sent, so its return as the new `value` does not reset the draft.
  return [draft, setDraft, setSeen];
}
