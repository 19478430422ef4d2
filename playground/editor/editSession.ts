/**
 * Fields one types into, where one edit is a change per key: text and number boxes, code. Not
 * buttons, switches, sliders or a select's read-only box: their changes keep to the history's
 * time window (store/history.ts), so two drags of one slider stay two steps.
 */
const TYPED_INTO =
  'textarea, [contenteditable]:not([contenteditable="false"]), [role="spinbutton"], ' +
  'input:not([type]), input[type="text"], input[type="number"], input[type="search"], input[type="url"], input[type="email"]';

const typedInto = (target: unknown) => {
  const el = target as { matches?: (selector: string) => boolean } | null;
  return typeof el?.matches === 'function' && el.matches(TYPED_INTO) && !el.matches('[readonly]');
};

/** What the handlers read of React's focus and key events (their target, the key). */
interface FieldEvent {
  target: unknown;
  key?: string;
}

export interface EditSession {
  /** For the element holding the fields: React's focus and key events bubble to it (portals too). */
  readonly handlers: { onFocus(e: FieldEvent): void; onBlur(): void; onKeyDown(e: FieldEvent): void };
  /** The open session's number, or undefined when no field is being edited. */
  current(): number | undefined;
}

/**
 * A field's edit session (issue 34 point 4): from the moment a field takes the focus until it
 * loses it or Enter is pressed in it; typing again after the Enter opens the next one. The changes
 * made in one session are one undo step (store/history.ts) however long the page took to handle
 * the keys: on a busy machine the keys of "20" may be handled seconds apart.
 */
export function createEditSession(): EditSession {
  let open: number | undefined;
  let count = 0;
  return {
    handlers: {
      onFocus(e) {
        open = typedInto(e.target) ? ++count : undefined;
      },
      onBlur() {
        open = undefined;
      },
      // Bubbling up from the field, after its own handler: a change Enter commits is still this session's.
      onKeyDown(e) {
        if (e.key === 'Enter') open = undefined;
        else if (open === undefined && typedInto(e.target)) open = ++count;
      },
    },
    current: () => open,
  };
}
