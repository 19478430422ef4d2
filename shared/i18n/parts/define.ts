/**
 * One area's texts in both languages. The Chinese side is typed against the English keys, so a
 * missing or extra key is a type error. Areas live in separate files so that features owned by
 * different people don't edit one catalogue.
 */
export function definePart<const E extends Record<string, string>>(en: E, zh_Hans: { [K in keyof E]: string }) {
  return { en, zh_Hans };
}
