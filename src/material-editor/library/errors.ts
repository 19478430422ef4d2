import type { MessageKey } from '../../../shared/i18n/editor';

/**
 * A library action that did not happen: a catalogue key and its parameters, so the panel shows it
 * in the editor's language. Whatever the form holds stays as it was.
 */
export class LibraryError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: Record<string, string> = {},
  ) {
    super(`${key} ${JSON.stringify(params)}`);
    this.name = 'LibraryError';
  }
}

/** The reason text of any failure (a network error, the service's own error text). */
export const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
