import { Euler, Group, MathUtils, type Object3D } from 'three';
import type { ModelInfo } from '../../shared/protocol';
import type { ModelConfig } from '../../shared/schema/model';
import { onlyCompanions } from '../../shared/model-files';
import type { EngineContext } from '../engine/context';
import { ModelFeatures } from './node-features';
import { chunkFailureOf } from '../../shared/chunks';
import { loadModel } from './load/index';
import { disposeObject } from './dispose';
import { describeModel } from './features/describe';
import { uploadBeforeShowing } from './load/upload';
import type { LoadedModel, ModelScope } from './types';
import { errorText, isModelProblem } from './load/problem';
import { englishNotice } from '../../shared/model-notices';
import type { ModelLimits } from '../../shared/schema/limits';
import type { VariableReader } from '../engine/variables';

export interface ModelNodeHooks {
  /** A model joined the scene (the space's onModelLoaded hook runs with it). */
  loaded(id: string, object: Object3D): void;
  /** Before a model joins the scene (picking builds its bounding-volume hierarchy here). */
  prepare(object: Object3D): void;
}

const isAbort = (err: unknown) => (err as { name?: string } | null)?.name === 'AbortError';
const message = errorText;

/**
 * One model widget in the scene. The newest source wins (ARCHITECTURE.md example 7): a source
 * change aborts the old load and a stale result is disposed, never shown. A loaded model is
 * compiled and its textures uploaded before it joins the scene, so the frame loop (and the other
 * widgets' motion) does not stall on a heavy model. Features are applied by slice, like the stage's.
 */
export class ModelNode {
  readonly root = new Group();
  /** Parent of `root`: the widget's `position` in the space (root's own transform is the keyframes'). */
  private readonly place = new Group();
  private readonly frame = new Group();
  private config: ModelConfig | null = null;
  private model: LoadedModel | null = null;
  private readonly features: ModelFeatures;
  private loading: AbortController | null = null;
  private refreshTimer: ReturnType<typeof setInterval> | null = null;
  private readonly hoverFns = new Set<(part: Object3D | null) => void>();
  /** The part under the pointer now, for features created while it rests there. */
  private hovered: Object3D | null = null;
  private disposed = false;
  private srcKey = '';
  /** The last full load failed: `update` ticks retry it. */
  private failed = false;
  /** While a load's features are first applied: what they start that lands later (scope.landing). */
  private landings: Promise<unknown>[] | null = null;

  constructor(
    readonly id: string,
    private readonly ctx: EngineContext,
    private readonly hooks: ModelNodeHooks,
    private readonly limits: ModelLimits,
    private readonly variables?: VariableReader,
  ) {
    this.features = new ModelFeatures(id, ctx);
    this.root.name = `model:${id}`;
    this.root.add(this.frame);
    this.place.add(this.root);
    ctx.scene.add(this.place);
  }

  /** Where the widget stands, turns and is scaled in the space (config position, rotation, scale): what the gizmo moves. */
  get placement(): Object3D {
    return this.place;
  }

  /** The loaded file's root, or null while nothing is shown. */
  get object(): Object3D | null {
    return this.model?.object ?? null;
  }

  set(config: ModelConfig): void {
    const prev = this.config;
    this.config = config;
    const { x, y, z } = config.position;
    const r = config.rotation;
    const s = config.scale;
    const turn = new Euler(MathUtils.degToRad(r.x), MathUtils.degToRad(r.y), MathUtils.degToRad(r.z));
    if (!this.place.position.equals({ x, y, z }) || !this.place.rotation.equals(turn) || !this.place.scale.equals(s)) {
      this.place.position.set(x, y, z);
      this.place.rotation.copy(turn);
      this.place.scale.set(s.x, s.y, s.z);
      this.ctx.invalidate();
    }
    const srcKey = JSON.stringify([config.src.filePath, config.src.fileList.map((f) => [f.name, f.url])]);
    if (srcKey !== this.srcKey) {
      this.srcKey = srcKey;
      void this.load(false);
    } else this.applyFeatures();
    if (prev?.update !== config.update) this.schedule(config.update);
  }

  /** The part under the pointer, from picking. */
  hover(part: Object3D | null): void {
    this.hovered = part;
    for (const fn of this.hoverFns) fn(part);
  }

  private schedule(seconds: number) {
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    this.refreshTimer = seconds > 0 ? setInterval(() => void this.load(true), seconds * 1000) : null;
  }

  /** `refresh`: an `update` tick: ask the server whether the file changed, swap only when it did. */
  private async load(refresh: boolean): Promise<void> {
    const config = this.config;
    if (!config || this.disposed) return;
    if (refresh && this.loading) return; // a load is already under way
    if (refresh && !this.model) {
      // Nothing shown: only a source that failed is worth another try (the server file may be
      // fixed by now), and then as a full load that reports its result.
      if (!this.failed) return;
      refresh = false;
    }
    this.loading?.abort();
    const controller = new AbortController();
    this.loading = controller;
    // Companions uploaded without their model (a .bin alone): nothing to draw yet, and no error —
    // the panel already says that none of the files is a model.
    if (onlyCompanions(config.src)) {
      this.loading = null;
      this.failed = false;
      this.swap(null);
      this.ctx.emit({ type: 'model-cleared', id: this.id });
      return;
    }
    const work = loadModel(config.src, {
      signal: controller.signal,
      renderer: this.ctx.renderer,
      limits: this.limits,
      validators: refresh ? { etag: this.model?.etag, lastModified: this.model?.lastModified } : undefined,
      onProgress: (phase, loaded, total) => {
        // A refresh runs behind the shown model: no bar, and no 'loading' state that only a
        // model-loaded would end (a refresh that fails or finds nothing new emits none).
        if (!controller.signal.aborted && !refresh) this.ctx.emit({ type: 'model-progress', id: this.id, phase, loaded, total });
      },
    }).then(async (model) => {
      if (model) await uploadBeforeShowing(model, this.ctx, this.hooks.prepare, controller.signal);
      return model;
    });
    // A refresh happens behind a running scene: it must not bring the loading bar back.
    const tracked = refresh
      ? work
      : this.ctx.track(
          `model ${this.id}`,
          work.catch(() => null),
        );
    try {
      const model = await (refresh ? work : tracked.then(() => work));
      if (controller.signal.aborted || this.disposed || this.ctx.disposed) {
        if (model) disposeObject(model.object);
        return;
      }
      if (model) {
        this.failed = false;
        this.swap(model);
      }
    } catch (err) {
      if (controller.signal.aborted || isAbort(err) || this.disposed) return;
      const text = message(err);
      // A readable text, not the raw value: a decoder's rejection is a plain object.
      console.error(`[dash3d] model ${this.id} failed to load: ${text}`);
      const coded = isModelProblem(err) ? { code: err.code, params: err.params } : {};
      if (refresh) {
        // The shown model stays; the designer learns the refresh failed.
        this.ctx.emit({ type: 'model-warning', id: this.id, message: text, ...coded });
      } else {
        this.failed = true;
        this.swap(null);
        this.ctx.emit({ type: 'model-error', id: this.id, message: text, ...coded });
      }
      // A part of the product that did not load (not the file's fault): the space says so, with a Retry.
      const failure = chunkFailureOf(err);
      if (failure) this.ctx.emit({ type: 'chunk-failed', failure });
    } finally {
      if (this.loading === controller) this.loading = null;
    }
  }

  private swap(model: LoadedModel | null) {
    this.features.dispose(0);
    if (this.model) {
      this.frame.remove(this.model.object);
      disposeObject(this.model.object);
    }
    this.model = model;
    this.hovered = null;
    this.frame.position.set(0, 0, 0);
    this.frame.scale.set(1, 1, 1);
    this.root.position.set(0, 0, 0);
    this.root.rotation.set(0, 0, 0);
    this.root.scale.set(1, 1, 1);
    if (model) {
      this.frame.add(model.object);
      const info: ModelInfo = describeModel(model);
      // model-loaded first: it starts the panel's warning list afresh (a refresh sends no progress),
      // so the file's warnings and those of the features applied below must come after it.
      this.ctx.emit({ type: 'model-loaded', id: this.id, info });
      for (const w of model.warnings) this.ctx.emit({ type: 'model-warning', id: this.id, message: w });
      for (const n of model.notices ?? []) this.ctx.emit({ type: 'model-warning', id: this.id, message: englishNotice(n), ...n });
      this.landings = [];
      this.applyFeatures();
      this.announce(model, this.landings);
      this.landings = null;
    }
    this.ctx.invalidate();
  }

  /**
   * The space's onModelLoaded hook: once per load, with the objects drawn. A library material
   * that the load's features started lands first (it replaces materials: a hook run before it
   * would tint materials about to leave the scene); a load replaced meanwhile gets no call.
   */
  private announce(model: LoadedModel, landings: Promise<unknown>[]) {
    if (!landings.length) return this.hooks.loaded(this.id, model.object);
    const run = Promise.allSettled(landings).then(() => {
      if (this.model !== model || this.disposed || this.ctx.disposed) return;
      this.hooks.loaded(this.id, model.object);
      this.ctx.invalidate();
    });
    void this.ctx.track(`model ${this.id} hook`, run);
  }

  private scope(model: LoadedModel, index: number): ModelScope {
    return {
      id: this.id,
      ctx: this.ctx,
      root: this.root,
      frame: this.frame,
      model,
      variables: this.variables,
      warn: (text) => this.ctx.emit({ type: 'model-warning', id: this.id, message: text }),
      landing: (work) => this.landings?.push(work),
      onHover: (fn) => {
        this.hoverFns.add(fn);
        // Rebuilt under a resting pointer (a library material landed): the highlight shows again.
        if (this.hovered) fn(this.hovered);
        return () => this.hoverFns.delete(fn);
      },
      rebuildLater: (change) => {
        if (this.disposed || this.model !== model) return;
        this.features.dispose(index + 1);
        try {
          change();
        } finally {
          // The disposed entries are gone, so they are created and applied afresh.
          this.applyFeatures();
        }
      },
    };
  }

  private applyFeatures() {
    const { model, config } = this;
    if (model && config) this.features.apply(config, (i) => this.scope(model, i));
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.loading?.abort();
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    this.features.dispose(0);
    if (this.model) disposeObject(this.model.object);
    this.model = null;
    this.hoverFns.clear();
    this.hovered = null;
    this.ctx.scene.remove(this.place);
    this.ctx.invalidate();
  }
}
