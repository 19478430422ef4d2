/**
 * Input forwarded from the main thread to the render worker over a raw MessagePort (no reply):
 * a pointermove must not pay for a request/reply round trip. Only these fields cross; the worker's
 * element stand-in turns each message back into an event-like object for the controls.
 */
/** The pointer events: what the page forwards from the canvas, and all that a finger sends. */
export const POINTER_INPUT_TYPES = ['pointerdown', 'pointermove', 'pointerup', 'pointercancel', 'pointerenter', 'pointerleave'] as const;
export const INPUT_TYPES = [...POINTER_INPUT_TYPES, 'wheel', 'contextmenu', 'keydown', 'keyup', 'lockchange', 'blur'] as const;
export type InputType = (typeof INPUT_TYPES)[number];

export const INPUT_NUMBER_FIELDS = [
  'pointerId',
  'clientX',
  'clientY',
  'pageX',
  'pageY',
  'offsetX',
  'offsetY',
  'button',
  'buttons',
  'deltaX',
  'deltaY',
  'deltaMode',
  'movementX',
  'movementY',
] as const;
/** isPrimary: a touch that lands while no other finger is down (taps and long presses start afresh). */
export const INPUT_BOOLEAN_FIELDS = ['ctrlKey', 'metaKey', 'shiftKey', 'altKey', 'isPrimary', 'locked'] as const;
export const INPUT_STRING_FIELDS = ['pointerType', 'key', 'code'] as const;

export type InputMessage = { type: InputType } & Partial<
  Record<(typeof INPUT_NUMBER_FIELDS)[number], number> &
    Record<(typeof INPUT_BOOLEAN_FIELDS)[number], boolean> &
    Record<(typeof INPUT_STRING_FIELDS)[number], string>
>;

/** Copy only the forwarded fields of a DOM event (or any object) into a cloneable message. */
export function toInputMessage(type: InputType, e: Record<string, unknown>): InputMessage {
  const out: Record<string, unknown> = { type };
  for (const k of INPUT_NUMBER_FIELDS) if (typeof e[k] === 'number') out[k] = e[k];
  for (const k of INPUT_BOOLEAN_FIELDS) if (typeof e[k] === 'boolean') out[k] = e[k];
  for (const k of INPUT_STRING_FIELDS) if (typeof e[k] === 'string') out[k] = e[k];
  return out as InputMessage;
}

/** The worker never trusts the main thread: drop anything that is not a well-formed input message. */
export function readInputMessage(data: unknown): InputMessage | null {
  if (!data || typeof data !== 'object') return null;
  const type = (data as { type?: unknown }).type;
  if (typeof type !== 'string' || !(INPUT_TYPES as readonly string[]).includes(type)) return null;
  return toInputMessage(type as InputType, data as Record<string, unknown>);
}
