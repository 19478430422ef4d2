/**
 * One area's texts in both languages, typed as the package's parts are (shared/i18n/parts/
 * define.ts): the Chinese side must have exactly the English keys. Restated here, not imported,
 * because the playground reads the plug-in only through its public entry, as any host does.
 */
export function definePart<const E extends Record<string, string>>(en: E, zh_Hans: { [K in keyof E]: string }) {
  return { en, zh_Hans };
}
