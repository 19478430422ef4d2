/**
 * Events the model widget emits for the host's actions: spec §2's pointer events, then its load.
 * A leaf: the model widget's descriptor names them, and the space that makes them from its
 * engine's findings (space/modelEvents.ts) types them, without either importing the other.
 */
export const MODEL_EVENTS = ['click', 'dblclick', 'mouseenter', 'mouseleave', 'progress', 'loaded', 'error'] as const;
export type ModelWidgetEvent = (typeof MODEL_EVENTS)[number];
