import type { SchemaIssue } from './schema/common';
import type { SceneObjectNode } from './schema/tree';
import type { ModelNoticeCode, ModelNoticeParams } from './model-notices';
import type { ChunkFailure, ChunkSettings } from './schema/chunks';
import type { CardRect, CardTheme, CardUpdate, CardValueBatch, ChildBounds } from './overlays';
// Part of the render API's answers (stats, cardRects), declared with the other card types.
export type { CardRect, CardStats, ChildBounds } from './overlays';
// What stats() answers, in a file of its own.
export type { EngineStats } from './stats';
import type { EngineStats } from './stats';
import type { GroupPlace, GroupTransform } from './overlays';

/** Bumped whenever the worker API or the event union changes shape. */
export const PROTOCOL_VERSION = 8;

export interface ViewSize {
  /** CSS pixels of the canvas box. */
  width: number;
  height: number;
  /** Device pixel ratio; the engine caps it. */
  pixelRatio: number;
  /** Canvas box position in the page, for controls that read getBoundingClientRect. */
  left?: number;
  top?: number;
}

export interface InitOptions {
  canvas: OffscreenCanvas | HTMLCanvasElement;
  size: ViewSize;
  /** Any stored config: the worker parses it again and fills defaults. */
  config: unknown;
  /** Model widgets by id (each config parsed again); invalid ones are reported and skipped. */
  models?: Record<string, unknown>;
  /** The dashboard page's URL: relative asset URLs in the config resolve against it. */
  baseUrl: string;
  /**
   * Origins (e.g. 'https://media.example.com') assets may load from: the media library's and the
   * ones the host lists (ThreeDHost.media.allowedOrigins). Every other URL a config or a model
   * file names is refused without a request. Absent: the base URL's origin only.
   */
  allowedOrigins?: string[];
  /**
   * False after a restart caused by a hung script, and while the host has not allowed the
   * document's code to run: hooks, frame scripts and shader code are not run.
   */
  scriptsEnabled: boolean;
  /** The host's per-model caps (ThreeDHost.limits, shared/schema/limits.ts); the worker parses them again. */
  limits?: unknown;
  /** How lazily loaded parts are fetched (timeout; tests: the parse worker's URL). Parsed again. */
  chunks?: ChunkSettings;
  /** main -> worker: forwarded pointer/wheel/key events (shared/input.ts). */
  input: MessagePort;
  /** worker -> main: EngineEvent stream. */
  events: MessagePort;
}

export interface InitResult {
  version: number;
  /** Capped pixel ratio in use. */
  pixelRatio: number;
}

export interface PixelReadout {
  width: number;
  height: number;
  /** RGBA bytes, rows from the top. */
  data: Uint8Array;
}

/** The transform gizmo on the selected model (edit mode): on or off, and how it moves the model. */
export interface GizmoOptions {
  enabled: boolean;
  mode: 'translate' | 'rotate' | 'scale';
  /** Steps of 10 units, 15° or 0.1. */
  snap: boolean;
  space: 'local' | 'world';
}

/** A model's placement as its config states it (position, rotation in degrees, scale). */
export interface ModelTransform {
  id: string;
  position: { x: number; y: number; z: number };
  rotation: { x: number; y: number; z: number };
  scale: { x: number; y: number; z: number };
}

/** What the worker tells the main thread about a loaded model (tree selector, panels, tests). */
export interface ModelInfo {
  /** 'points' for .pcd point clouds. */
  kind: 'mesh' | 'points';
  /** The file's object tree (spec §3 Scene object node), edge lines and helpers left out. */
  nodes: SceneObjectNode[];
  /** Clip names baked into the file, in file order. */
  animations: string[];
  /** Distinct material names of the file's meshes, in first-seen order (materialsConfig keys). */
  materials: string[];
  /** Vertices drawn (points for a cloud). */
  vertices: number;
  /** Bytes of the main file. */
  bytes: number;
  /**
   * True when the file was parsed (and its picking trees built) in a parse worker, so the thread
   * that draws the space never stopped for it; false when the drawing thread parsed it (the
   * main-thread fallback engine, or a page that forbids nested workers).
   */
  parsedOffThread: boolean;
}

export type ModelPointerEvent = 'click' | 'dblclick' | 'mouseenter' | 'mouseleave';

/**
 * What became of a material sent to a preview (RenderApi.setPreviewMaterial). Refused (`ok: false`:
 * a field of the wrong type, shader code that failed): the previous material stays on screen and
 * the issues name the field. `shown` is false when a newer material replaced this one before it
 * was ready, or when there is nothing to show (null, a shader type without shader code yet).
 * `problems` are values the material is drawn without (an image that did not load), in plain words.
 */
export type PreviewMaterialResult =
  { ok: true; shown: boolean; problems: string[] } | { ok: false; issues: SchemaIssue[]; shader?: ShaderFault };

/**
 * Why a shader material's code was refused (the last good material stays on screen): its
 * JavaScript threw ('code'), or the GLSL it returned did not compile ('vertex', 'fragment') or link.
 * `line` is the 1-based line in the shaderCode text (what the designer edits), null when it cannot
 * be told (a GLSL string built up in code rather than written out); `shaderLine` is the line in the
 * GLSL string of that stage, as the driver counts it without three's prefix.
 */
export interface ShaderFault {
  stage: 'code' | 'vertex' | 'fragment' | 'link';
  line: number | null;
  shaderLine: number | null;
  message: string;
}

/**
 * What became of a model sent to a preview (RenderApi.setPreviewModel): its object tree (spec §3,
 * each material reference a Material entity snapshot of the model's material), or why it failed.
 * `shown` is false for null (the box again) or when a newer model replaced it before it was ready.
 */
export type PreviewModelResult = { ok: true; shown: boolean; nodes: SceneObjectNode[] } | { ok: false; message: string };

/** A camera pose: where the camera is and the point it looks at. */
export interface CameraView {
  position: { x: number; y: number; z: number };
  target: { x: number; y: number; z: number };
}

/** What "Pick in scene" found under a canvas pixel (RenderApi.pickPoint). */
export interface PickedPoint {
  /** The surface point, in the space's coordinates. */
  point: { x: number; y: number; z: number };
  /** A model's surface, or the ground plane y = 0 (the ray missed every model). */
  on: 'model' | 'ground';
  /** The model widget hit, and the name of its part (when the file names it). */
  modelId?: string;
  objectName?: string;
}

/**
 * The render worker's API, called over comlink. Every call parses its input again.
 * Methods are written as the worker answers them, synchronously where it can: comlink (and the
 * main-thread fallback's wrapper, src/bridge/connection.ts) makes every call a promise on the
 * main thread, where a throw becomes a rejection.
 */
export interface RenderApi {
  init(options: InitOptions): InitResult;
  /** Replace whole top-level sections of the config (only the ones that changed are sent). */
  patchConfig(patch: unknown): { ok: true } | { ok: false; issues: SchemaIssue[] };
  resize(size: ViewSize): void;
  /** Heartbeat: answers at once unless a script hogs the worker. */
  ping(): number;
  /** The current camera pose (to store as a snapshot). */
  getView(): CameraView;
  /** Move the camera to a pose over durationMs (a snapshot; absent: at once); the controls carry on from there. */
  viewTo(view: CameraView, durationMs?: number): void;
  /**
   * The surface point under canvas pixel (x, y) (CSS px from the canvas's top left): the nearest
   * model along the camera ray through it, else the ground plane y = 0, else null. `exclude` names
   * a model widget left out (a model being placed). With `planeY`, only the horizontal plane at
   * that height is hit (a drag in the scene that keeps its height: on 'ground').
   */
  pickPoint(x: number, y: number, exclude?: string, planeY?: number): PickedPoint | null;
  /**
   * Resolves after a frame was drawn with no asset load pending and showing every change sent
   * before: at once when the last frame drawn already was such a frame.
   */
  settled(): Promise<void>;
  /** Draw now and read back the canvas (tests and thumbnails). */
  readPixels(): PixelReadout;
  /**
   * Draw now and answer the bytes of a small JPEG of the view, cropped to width x height pixels (at
   * most 1024 each; quality 0..1, default 0.8): a snapshot's thumbnail. Bytes, not a Blob: shared/
   * knows no DOM types, and a few kilobytes cost nothing to copy.
   */
  captureThumbnail(width: number, height: number, quality?: number): Promise<ArrayBuffer>;
  /**
   * The engine's figures. The window's (`windowFrames`, `longestGapMs`, `windowGapsMs`) cover the
   * `windowMs` (default 1000) before `endsAt`: performance.timeOrigin + performance.now() where the
   * caller measured, ms since the epoch. Default, and for an `endsAt` that is not a number, is
   * ahead of the engine's clock, is over 10 minutes old or is before the oldest frame the engine
   * keeps (4096): when the engine answers, which may be a frame later than the call. `frames` is
   * the total when the engine answers.
   */
  stats(windowMs?: number, endsAt?: number): EngineStats;
  /** Add or update a model widget of this space (its config is parsed again here). */
  setModel(id: string, config: unknown): { ok: true } | { ok: false; issues: SchemaIssue[] };
  /** Remove a model widget: its load is cancelled and its GPU memory freed. */
  removeModel(id: string): void;
  /**
   * Add, update (a CardDraw, its config left out when unchanged: CardUpdate) or remove (null) data
   * cards, in one batch. Each card's config is parsed again here (unless its JSON text is the one
   * parsed last time); a card whose config is invalid is left as it was. `values`: cards whose
   * values alone changed, after `changes`.
   */
  setCards(changes: Record<string, CardUpdate | null>, values?: CardValueBatch): void;
  /** The look of every card (read from the host theme's selectors); until one is sent, the schema's defaults. */
  setCardTheme(theme: CardTheme): void;
  /** Test support: where each card is on screen after the last drawn frame. */
  cardRects(): Record<string, CardRect>;
  /**
   * Report where the space's 3D children (models, cards, groups, by widget id) are drawn, as
   * 'child-bounds' events after drawn frames that moved one, or stop (false). Answers what is known now.
   */
  watchChildren(on: boolean): Record<string, ChildBounds>;
  /** The child selected in the host's editor (a widget id; null: none): a model is outlined in the scene. */
  setSelection(id: string | null): void;
  /** The transform gizmo on the selected model: 'model-transform' events while it is dragged. */
  setGizmo(options: GizmoOptions): void;
  /**
   * Add, update (a GroupPlace) or remove (null) component groups by widget id; each config is parsed
   * again here. Their element transforms come back as 'group-transforms' events.
   */
  setGroups(changes: Record<string, GroupPlace | null>): void;
  /**
   * Show a material (spec §3 Material, any stored form: parsed again here) on the preview object:
   * the box, or points for the points type; null takes it away. The newest call wins.
   */
  setPreviewMaterial(material: unknown, target?: string | null): Promise<PreviewMaterialResult>;
  /**
   * Preview a model (spec §3 src {filePath, fileList}, loaded as a model widget's) instead of the
   * box, framed by the camera; null shows the box again. With a model shown, setPreviewMaterial's
   * `target` is the uuid of the model material to replace (wherever it sits, material lists
   * included); material null for a target restores that part's own material. The newest call wins.
   */
  setPreviewModel(src: unknown): Promise<PreviewModelResult>;
  /**
   * The previewed material on the sphere (radius 1.3, 32x32), as the bytes of a JPEG of exactly
   * width x height pixels (at most 1024 each; quality 0..1, default 0.8). Rejects while no material is shown.
   */
  previewThumbnail(width: number, height: number, quality?: number): Promise<ArrayBuffer>;
  /** Test support: lose / restore the WebGL context through WEBGL_lose_context. */
  simulateContextLoss(restoreAfterMs: number): boolean;
  dispose(): void;
}

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
  'pickPoint',
  'settled',
  'readPixels',
  'captureThumbnail',
  'stats',
  'setModel',
  'removeModel',
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

export type ErrorCode = 'webgl-unavailable' | 'config-invalid' | 'asset-failed' | 'internal';
export type ScriptHook = 'compile' | 'onReady' | 'onModelLoaded' | 'frame';

export type EngineEvent =
  | { type: 'progress'; loaded: number; total: number; label: string }
  /** The first frame with every pending asset settled has been drawn. */
  | { type: 'ready' }
  | { type: 'error'; code: ErrorCode; message: string; fatal: boolean }
  | { type: 'config-rejected'; issues: SchemaIssue[] }
  | { type: 'context-lost' }
  | { type: 'context-restored' }
  /** `line`: where in the space's script it was thrown, when the error's stack tells it. */
  | { type: 'script-error'; hook: ScriptHook; message: string; line?: number | null }
  /**
   * User code is running now (a hook, a frame callback, a material's frame script or shader code;
   * merely registered callbacks do not count). Sent before the code runs and again as soon as it
   * returned, so a worker that then hangs has already said why: the heartbeat treats silence during
   * script activity as a hang (measured against the worker's own pace), and other silence (a big
   * decode, a shader compile on a starved machine) as slowness.
   */
  | { type: 'script-activity'; busy: boolean }
  /**
   * The render worker is starting a worker of its own (a model parser): sent before `new Worker()`
   * and again once it returned. Firefox ESR 153 on a loaded machine sometimes never returns from it
   * (docs/browsers.md), so the heartbeat takes silence meanwhile for a stuck worker after a short
   * bound (worker/engine/worker-starts.ts), not for slow work.
   */
  | { type: 'worker-start'; busy: boolean }
  | { type: 'log'; level: 'log' | 'warn' | 'error'; message: string }
  /**
   * The previewed material's frame script threw (spec §8: swallowed, but counted): errors since the
   * material was shown and the newest message. Sent at most four times a second, only on a change.
   */
  | { type: 'frame-script-errors'; count: number; message: string; line?: number | null }
  /** User code was not run because user code is off (a material file's shaderCode or frameScript). */
  | { type: 'user-code-held'; what: 'shaderCode' | 'frameScript'; file: string }
  /** A lazily loaded part (parse worker, decoder, loader, environment preset) did not load (spec §8). */
  | { type: 'chunk-failed'; failure: ChunkFailure }
  /** A model's load: bytes received ('download'), then parsing and GPU upload ('parse', 0..1). */
  | { type: 'model-progress'; id: string; phase: 'download' | 'parse'; loaded: number; total: number }
  /** A model's (re)load finished and the model is in the scene. */
  | { type: 'model-loaded'; id: string; info: ModelInfo }
  /** The model shows nothing now and nothing is loading (its source has no model file). */
  | { type: 'model-cleared'; id: string }
  /**
   * The model's file failed (damaged, truncated, missing, over a limit): the model is empty, the
   * rest runs on. `message` is English; with a `code` the main thread shows it translated.
   */
  | { type: 'model-error'; id: string; message: string; code?: ModelNoticeCode; params?: ModelNoticeParams }
  /**
   * Something the model lives without (a missing texture, a material that failed to load); with a
   * `code` (a decimated cloud, damaged embedded data) the scene's corner shows it too.
   */
  | { type: 'model-warning'; id: string; message: string; code?: ModelNoticeCode; params?: ModelNoticeParams }
  /** The model config was rejected: the last valid one stays. */
  | { type: 'model-rejected'; id: string; issues: SchemaIssue[] }
  /** Picking in the worker found the pointer on a part of the model. */
  | { type: 'model-pointer'; id: string; event: ModelPointerEvent; name: string; uuid: string; point: { x: number; y: number; z: number } }
  /** A click (not a drag) on a data card's body in the scene: the card in front wins. */
  | { type: 'card-click'; id: string }
  /**
   * Where the component groups' elements go now, sent after a drawn frame in which the view or a
   * group changed, holding only the groups whose transform changed (never sent on idle frames).
   */
  | { type: 'group-transforms'; transforms: Record<string, GroupTransform> }
  /** While watched (watchChildren): the children whose drawn bounds changed on a drawn frame; null: gone. */
  | { type: 'child-bounds'; bounds: Record<string, ChildBounds | null> }
  /** The gizmo moved the model (live, the panel shows it); `final`: the drag ended (the host's one change). */
  | ({ type: 'model-transform'; final: boolean } & ModelTransform)
  /** The pointer came onto a gizmo handle (its axis) or left them (null): a press there is the gizmo's. */
  | { type: 'gizmo-hover'; axis: string | null }
  /**
   * A finger's first press while the gizmo is on: whether a handle took it. A finger does not hover,
   * so the page holds such a press from the host until this answer (src/widgets/space/useGizmo.tsx).
   */
  | { type: 'gizmo-press'; taken: boolean };
