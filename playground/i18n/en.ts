import type { MessageKey } from 'dash3d';
import { playground } from './parts/playground';
import { links } from './parts/links';
import { session } from './parts/session';
import { example } from './parts/example';

/**
 * The playground's own texts in English; the plug-in's texts stay in its catalogue, which `t`
 * (./index.ts) reads for every other key. A key the plug-in also has would make it ambiguous which
 * text is shown, so `satisfies` makes one a type error.
 */
export const en = {
  ...playground.en,
  ...links.en,
  ...session.en,
  ...example.en,
} as const satisfies Record<string, string> & { [K in MessageKey]?: never };

export type PlaygroundKey = keyof typeof en;
