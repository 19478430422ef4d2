import type { AnimationClip, Group, Object3D, WebGLRenderer } from 'three';
import type { ModelConfig } from '../../shared/schema/model';
import type { EngineContext, Feature } from '../engine/context';
import type { ModelNotice } from '../../shared/model-notices';
import type { ModelLimits } from '../../shared/schema/limits';
import type { VariableReader } from '../engine/variables';

/** Marks objects the engine adds to a model (edge lines, highlight overlays): never reported or picked. */
export const HELPER_FLAG = 'dash3dHelper';
export const isHelperObject = (o: Object3D) => o.userData[HELPER_FLAG] === true;

/** What a format's parser returns; loadModel adds the file facts and warnings. */
export type Parsed = Pick<LoadedModel, 'kind' | 'object'> & { animations?: AnimationClip[] };

/**
 * Which colours a point cloud carries, recorded by the PCD parser in `geometry.userData.colourSource`
 * (load/formats/pcd.ts); pointConfig.hotColor reads it (features/points.ts).
 */
export type ColourSource = 'rgb' | 'intensity' | 'none';

/** What a loader hands to the model node: a parsed file, not yet in any scene. */
export interface LoadedModel {
  kind: 'mesh' | 'points';
  object: Object3D;
  animations: AnimationClip[];
  /** Problems the model lives with (a texture that did not load), in plain words with the file name. */
  warnings: string[];
  /** Coded problems it is drawn with (decimated cloud, damaged embedded data): the scene's corner shows them. */
  notices?: ModelNotice[];
  /** Bytes of the main file. */
  bytes: number;
  /** Parsed in a parse worker rather than on the thread that draws (ModelInfo.parsedOffThread). */
  parsedOffThread: boolean;
  /** Validators of the main file, for `update` refreshes (conditional requests). */
  etag?: string;
  lastModified?: string;
}

export interface LoadOptions {
  signal: AbortSignal;
  /** 'download': bytes received of total (total 0 when unknown); 'parse': fraction 0..1 of 1. */
  onProgress(phase: 'download' | 'parse', loaded: number, total: number): void;
  /** For KTX2 (transcoder target detection). */
  renderer: WebGLRenderer;
  /** When given, the main file is requested conditionally; an unchanged file resolves to null. */
  validators?: { etag?: string; lastModified?: string };
  /** The per-model caps (shared/schema/limits.ts). */
  limits: ModelLimits;
}

/** What one per-model feature sees: the model in the scene and the engine around it. */
export interface ModelScope {
  /** The model widget's id (events carry it). */
  readonly id: string;
  readonly ctx: EngineContext;
  /**
   * The widget's node in the scene. Its transform belongs to the keyframe animations
   * (customAnimationConfig); nothing else moves it.
   */
  readonly root: Group;
  /** Child of `root`, parent of `model.object`: its transform belongs to `adaptive` (fit) alone. */
  readonly frame: Group;
  readonly model: LoadedModel;
  /** Report a problem the model lives with (becomes a 'model-warning' event). */
  warn(message: string): void;
  /**
   * Picking reports the part under the pointer (a Mesh, Points or Line inside `model.object`),
   * or null when the pointer left the model. Returns an unsubscribe function.
   */
  onHover(fn: (part: Object3D | null) => void): () => void;
  /**
   * For a feature that `rebuildsLater` and replaces materials after `apply` returned (an async
   * load finished): runs `change` with the features after it disposed, then creates and applies
   * them again, so they never hold on to a material that was swapped out under them. The model
   * node always provides it; a test scope may leave it out (the change then runs in place).
   */
  rebuildLater?(change: () => void): void;
  /**
   * Work that changes what the model shows and lands after `apply` returned (a library material
   * loading). What the first apply of a load starts is waited for before the space's
   * onModelLoaded hook runs, so the hook gets the materials that are drawn, not ones swapped out
   * under it a moment later. A test scope may leave it out.
   */
  landing?(work: Promise<unknown>): void;
  /** The host variables the page forwards (rules read them); a test scope may leave it out. */
  readonly variables?: VariableReader;
}

/**
 * One area of the model widget's config (the model's counterpart of worker/features). Created when
 * a loaded model joins the scene; `dispose()` must put back everything it changed on the model
 * (materials, transforms, colours) and free what it made: a reload or a change in an earlier
 * feature disposes it and creates it again on the same model.
 */
export interface ModelFeatureBinding<S> {
  name: string;
  select(config: ModelConfig): S;
  create(scope: ModelScope): Feature<S>;
  /**
   * Features after this one in the list are rebuilt (disposed, created, applied afresh) when this
   * one's slice changes, because this one replaces objects they hold on to (materials).
   */
  rebuildsLater?: boolean;
}
