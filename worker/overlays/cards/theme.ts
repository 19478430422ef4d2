import { CardThemeSchema } from '../../../shared/schema/card-theme';

/** The card look the worker draws with: parsed from what the main thread sent, or the schema's defaults. */
export type CardTheme = ReturnType<typeof CardThemeSchema.parse>;

/** Never throws: every field that does not parse takes its default (shared/schema/card-theme.ts). */
export function parseTheme(value: unknown): CardTheme {
  const r = CardThemeSchema.safeParse(value ?? {});
  return r.success ? r.data : CardThemeSchema.parse({});
}

export const defaultTheme = (): CardTheme => CardThemeSchema.parse({});
