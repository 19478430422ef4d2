import { useEffect, useState, useSyncExternalStore } from 'react';
import type { UserCodePolicy } from './types';
import { sha256Hex } from './hash';

/*
 * The designer's consent to run the code of a document that came from a link or a file (issue 8
 * §1). Remembered for the browser session (sessionStorage) per SHA-256 of the document, so a reload
 * does not ask again and an edited or different document does. Shared by every space of the page:
 * pressing Run scripts in one runs the scripts of every space of that document.
 */

const STORAGE_PREFIX = 'dash3d.userCode.allowed.';
/** Also kept here: sessionStorage can be unavailable (privacy modes) or full. */
const granted = new Set<string>();
const listeners = new Set<() => void>();
const hashes = new Map<string, Promise<string>>();

/**
 * The key consent is stored under: the SHA-256 of the text, hex. Where SubtleCrypto is missing (a
 * page not served over https or from localhost) the text itself is the key, kept in memory only.
 */
export function contentKey(text: string): Promise<string> {
  let p = hashes.get(text);
  if (!p) {
    p = sha256Hex(text).then((hex) => hex ?? 'text:' + text);
    hashes.set(text, p);
  }
  return p;
}

export function isGranted(key: string): boolean {
  if (granted.has(key)) return true;
  try {
    return !key.startsWith('text:') && sessionStorage.getItem(STORAGE_PREFIX + key) === '1';
  } catch {
    return false;
  }
}

export function grant(key: string): void {
  granted.add(key);
  try {
    if (!key.startsWith('text:')) sessionStorage.setItem(STORAGE_PREFIX + key, '1');
  } catch {
    // Remembered for this page only.
  }
  listeners.forEach((fn) => fn());
}

const notGranted = () => false;

function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

export interface Consent {
  /** Whether the space may run user code now. */
  allowed: boolean;
  /** Give consent for the whole document (every space of it); null while there is nothing to ask. */
  grant: (() => void) | null;
}

/**
 * A space's answer: trusted documents run; others run once consent for their content was given.
 * No policy is the safe side (untrusted). `fallbackText` keys consent when the host names no
 * document (the space's own script).
 */
export function useUserCodeConsent(policy: UserCodePolicy | undefined, fallbackText: string): Consent {
  const trusted = policy?.trusted === true;
  const text = policy?.document ?? fallbackText;
  const [key, setKey] = useState<{ text: string; key: string } | null>(null);
  useEffect(() => {
    if (trusted) return;
    let live = true;
    void contentKey(text).then((k) => live && setKey({ text, key: k }));
    return () => void (live = false);
  }, [trusted, text]);
  const current = key && key.text === text ? key.key : null;
  // The server knows no consent (sessionStorage is the browser's), nor does a first render: the key
  // comes from an effect.
  const ok = useSyncExternalStore(subscribe, () => (current === null ? false : isGranted(current)), notGranted);
  if (trusted) return { allowed: true, grant: null };
  return { allowed: ok, grant: current === null ? null : () => grant(current) };
}
