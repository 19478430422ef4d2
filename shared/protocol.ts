import type { EngineCalls, SpaceEvent } from './protocol/engine';
import type { ModelCalls, ModelEvent } from './protocol/models';
import type { EditorCalls, EditorEvent } from './protocol/editor';
import type { CardCalls, CardEvent } from './protocol/cards';
import type { PreviewCalls, PreviewEvent } from './protocol/preview';

/*
 * The worker API's TypeScript interface and the worker->main event union: the contract between
 * the threads. Each area declares its calls and events in a file of its own (protocol/: engine,
 * models, editor, cards, material preview); they are joined here, where every importer (and the
 * package's public entry) finds them.
 */

export type { ViewSize, InitOptions, InitResult, PixelReadout, CameraView, ErrorCode, ScriptHook } from './protocol/engine';
export type { ModelInfo, ModelPointerEvent, PickedPoint } from './protocol/models';
export type { GizmoOptions, ModelTransform } from './protocol/editor';
export type { PreviewMaterialResult, ShaderFault, PreviewModelResult } from './protocol/preview';
// Part of the render API's answers (stats, cardRects), declared with the other card types.
export type { CardRect, CardStats, ChildBounds } from './overlays';
// What stats() answers, in a file of its own.
export type { EngineStats } from './stats';

/** Bumped whenever the worker API or the event union changes shape. */
export const PROTOCOL_VERSION = 9;

/**
 * The render worker's API, called over comlink. Every call parses its input again.
 * Methods are written as the worker answers them, synchronously where it can: comlink (and the
 * main-thread fallback's wrapper, src/bridge/connection.ts) makes every call a promise on the
 * main thread, where a throw becomes a rejection.
 */
export interface RenderApi extends EngineCalls, ModelCalls, EditorCalls, CardCalls, PreviewCalls {}

/**
 * RenderApi's method names, for the main thread, which forwards calls without restating them
 * (src/bridge/calls.ts): the worker's own object and the interface carry no names at run time.
 */
export const RENDER_API_METHODS = [
  'init',
  'patchConfig',
  'resize',
  'ping',
  'getView',
  'viewTo',
  'setMotion',
  'pickPoint',
  'settled',
  'readPixels',
  'captureThumbnail',
  'stats',
  'setModel',
  'removeModel',
  'setVariables',
  'setCards',
  'setCardTheme',
  'cardRects',
  'watchChildren',
  'setSelection',
  'setGizmo',
  'setGroups',
  'setPreviewMaterial',
  'setPreviewModel',
  'previewThumbnail',
  'simulateContextLoss',
  'dispose',
] as const satisfies readonly (keyof RenderApi)[];

/** Compiles only while every method of RenderApi is listed above (the error names the missing one). */
type OnlyNever<T extends never> = T;
export type UnlistedRenderMethods = OnlyNever<Exclude<keyof RenderApi, (typeof RENDER_API_METHODS)[number]>>;

export type EngineEvent = SpaceEvent | ModelEvent | EditorEvent | CardEvent | PreviewEvent;
