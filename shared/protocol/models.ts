import type { SchemaIssue } from '../schema/common';
import type { SceneObjectNode } from '../schema/tree';
import type { ModelNoticeCode, ModelNoticeParams } from '../model-notices';

/* The render protocol's models area: the model widgets of a space, their loads and their pointer events. */

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

/** RenderApi's calls of this area (shared/protocol.ts). */
export interface ModelCalls {
  /**
   * The surface point under canvas pixel (x, y) (CSS px from the canvas's top left): the nearest
   * model along the camera ray through it, else the ground plane y = 0, else null. `exclude` names
   * a model widget left out (a model being placed). With `planeY`, only the horizontal plane at
   * that height is hit (a drag in the scene that keeps its height: on 'ground').
   */
  pickPoint(x: number, y: number, exclude?: string, planeY?: number): PickedPoint | null;
  /** Add or update a model widget of this space (its config is parsed again here). */
  setModel(id: string, config: unknown): { ok: true } | { ok: false; issues: SchemaIssue[] };
  /** Remove a model widget: its load is cancelled and its GPU memory freed. */
  removeModel(id: string): void;
  /**
   * New values of host variables that the models' rules read (issue 40), name -> plain value
   * (number, text, boolean or null). False: the batch was refused whole (not a record, over the cap).
   */
  setVariables(values: Record<string, unknown>): boolean;
}

/** EngineEvent's events of this area (shared/protocol.ts). */
export type ModelEvent =
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
  | { type: 'model-pointer'; id: string; event: ModelPointerEvent; name: string; uuid: string; point: { x: number; y: number; z: number } };
