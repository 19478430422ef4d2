import type { PlaygroundKey } from './en';
import { playground } from './parts/playground';
import { links } from './parts/links';
import { session } from './parts/session';
import { example } from './parts/example';

/** Simplified Chinese. Typed against the English keys: a missing key is a type error. */
export const zh_Hans: Record<PlaygroundKey, string> = {
  ...playground.zh_Hans,
  ...links.zh_Hans,
  ...session.zh_Hans,
  ...example.zh_Hans,
};
