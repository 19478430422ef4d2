import { SCRIPT_TEMPLATE } from '../../../shared/schema/space';

/** One piece of user code a space holds, as the consent notice names it. */
export type HeldCode =
  | { kind: 'hook'; name: 'onReady' | 'onModelLoaded' }
  | { kind: 'spaceFrame' }
  | { kind: 'spaceScript' }
  | { kind: 'frameScript' | 'shaderCode'; name: string };

const HOOK = /\b(?:function\s*\*?\s*|(?:const|let|var)\s+)(onReady|onModelLoaded)\b/g;

/**
 * What a space script holds, read on the main thread without running it: the hooks it declares
 * (the runner picks up top-level `onReady` / `onModelLoaded`), frame callbacks, or else just code.
 * The untouched template holds nothing: its hooks are empty.
 */
export function describeScript(script: string): HeldCode[] {
  if (!script.trim() || script.trim() === SCRIPT_TEMPLATE.trim()) return [];
  const held: HeldCode[] = [];
  for (const name of new Set([...script.matchAll(HOOK)].map((m) => m[1] as 'onReady' | 'onModelLoaded'))) {
    held.push({ kind: 'hook', name });
  }
  if (/\bonFrame\s*\(/.test(script)) held.push({ kind: 'spaceFrame' });
  // Top-level statements run as the script compiles, hooks or not.
  if (!held.length) held.push({ kind: 'spaceScript' });
  return held;
}
