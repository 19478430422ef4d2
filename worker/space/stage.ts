import type { Object3D, PerspectiveCamera, WebGLRenderer } from 'three';
import type { EngineEvent, EngineStats, ViewSize } from '../../shared/protocol';
import type { SpaceConfig } from '../../shared/schema/space';
import type { ModelLimits } from '../../shared/schema/limits';
import type { EngineContext, Feature } from '../engine/context';
import type { ElementStandIn } from '../engine/element';
import { windowEnd, type Loop } from '../engine/loop';
import type { ViewHub } from '../engine/view';
import type { UserCode } from '../engine/user-code';
import type { VariableReader } from '../engine/variables';
import { Surface } from '../engine/surface';
import { FEATURES } from '../features';
import { ModelRegistry } from '../models/registry';
import { createCardLayer, type CardLayer } from '../overlays/cards';
import { createGroupOverlays, type GroupOverlays } from '../overlays/groups';
import { createPreviewLayer, type PreviewLayer } from '../materials/preview/layer';
import { previewModelLoader } from './preview-model';
import { createChildBounds, type ChildBoundsTracker } from './childBounds';
import { createSelectionOutline, type SelectionOutline } from './selection';
import { createGizmo, type Gizmo } from './gizmo';

export interface StageOptions {
  canvas: OffscreenCanvas | HTMLCanvasElement;
  size: ViewSize;
  element: ElementStandIn;
  emit(event: EngineEvent): void;
  track<T>(label: string, work: Promise<T>): Promise<T>;
  /** Called after each drawn frame (readiness bookkeeping). */
  afterDraw(): void;
  userCode: UserCode;
  /** A model widget's file joined the scene (the space's onModelLoaded hook). */
  modelLoaded(id: string, object: Object3D): void;
  /** Per-model caps (shared/schema/limits.ts), parsed. */
  modelLimits: ModelLimits;
  /** The canvas's context when it has one already (a stage rebuilt after a context restore): SurfaceOptions.context. */
  context?: WebGL2RenderingContext;
  /** The host variables the page forwards (kept by the engine across rebuilds), for the models' rules. */
  variables?: VariableReader;
}

/**
 * Everything that owns GPU resources: the surface (renderer, scenes, camera, loop: engine/surface.ts)
 * and what stands on it, the feature instances, models, overlays, the material preview and the
 * editor's aids. A lost-and-restored context throws the whole stage away and builds a fresh one
 * from the config (ARCHITECTURE.md example 9), so no feature has to know how to recover.
 */
export class Stage {
  /** What the stage draws with; its renderer, loop, context, view and camera are the stage's own below. */
  readonly surface: Surface;
  readonly renderer: WebGLRenderer;
  readonly camera: PerspectiveCamera;
  readonly loop: Loop;
  readonly ctx: EngineContext;
  readonly view: ViewHub;
  /** The space's model widgets; the engine hands them over again after a rebuild. */
  readonly models: ModelRegistry;
  /** The space's data cards, drawn in the scene; the engine hands them over again after a rebuild. */
  readonly cards: CardLayer;
  /** The space's component groups: placed after each drawn frame; the engine hands them over again after a rebuild. */
  readonly groups: GroupOverlays;
  /** The material preview's object (a space used as a material preview); the engine hands it its material again after a rebuild. */
  readonly preview: PreviewLayer;
  /** Where the 3D children are drawn, for the host's edit frames (reported only while watched). */
  readonly childBounds: ChildBoundsTracker;
  /** The child selected in the host's editor, outlined in the scene (a model). */
  readonly selection: SelectionOutline;
  /** The transform gizmo on the selected model, in edit mode. */
  readonly gizmo: Gizmo;
  private features: { name: string; select(c: SpaceConfig): unknown; feature: Feature<unknown>; last?: string }[] = [];

  constructor(private opts: StageOptions) {
    this.surface = new Surface({
      canvas: opts.canvas,
      context: opts.context,
      size: opts.size,
      element: opts.element,
      emit: (e) => opts.emit(e),
      track: (label, work) => opts.track(label, work),
      userCode: opts.userCode,
      beforeDraw: () => this.beforeDraw(),
      afterDraw: () => this.afterDraw(),
    });
    this.renderer = this.surface.renderer;
    this.camera = this.surface.camera;
    this.loop = this.surface.loop;
    this.ctx = this.surface.ctx;
    this.view = this.surface.view;
    for (const f of FEATURES) this.features.push({ name: f.name, select: f.select, feature: f.create(this.ctx) });
    // A click on a data card is the card's alone, even with a model behind it (cards are drawn on top).
    this.models = new ModelRegistry(
      this.ctx,
      (id, object) => opts.modelLoaded(id, object),
      opts.modelLimits,
      (p) => this.cards.cardAt(p) !== null,
      opts.variables,
    );
    this.cards = createCardLayer(this.ctx);
    this.groups = createGroupOverlays(this.ctx);
    this.preview = createPreviewLayer(this.ctx, () => this.loop.drawNow(), previewModelLoader(this.ctx, opts.modelLimits));
    this.childBounds = createChildBounds(this.ctx, this.models, this.cards, this.groups);
    this.selection = createSelectionOutline(this.ctx, this.models);
    this.gizmo = createGizmo(this.ctx, this.models);
  }

  /** Apply a parsed config: each feature sees only its own slice, and only when it changed. */
  apply(config: SpaceConfig): void {
    this.surface.configure(config.renderConfig);
    for (const f of this.features) {
      const slice = f.select(config);
      const key = JSON.stringify(slice);
      if (key === f.last) continue;
      const prev: unknown = f.last === undefined ? undefined : JSON.parse(f.last);
      f.last = key;
      try {
        f.feature.apply(slice, prev);
      } catch (err) {
        // One broken area must not take the others down; the designer sees which one failed.
        const message = `${f.name}: ${err instanceof Error ? err.message : String(err)}`;
        console.error('[dash3d]', message, err);
        this.opts.emit({ type: 'error', code: 'internal', message, fatal: false });
      }
    }
    this.loop.invalidate();
  }

  resize(size: ViewSize): void {
    this.surface.resize(size);
  }

  /** The last frame shows everything asked for (Loop.current()), and no frame is being held back. */
  current(): boolean {
    return this.surface.current();
  }

  /** What stats() answers of this stage (the engine adds its own state); `endsAt` as windowEnd (loop.ts) reads it. */
  stats(windowMs: number, endsAt: number | undefined): Omit<EngineStats, 'contextLost' | 'scriptsEnabled' | 'patches' | 'variables'> {
    const info = this.renderer.info;
    return {
      ...this.loop.stats(windowMs, windowEnd(endsAt, performance.now(), performance.timeOrigin)),
      memory: { geometries: info.memory.geometries, textures: info.memory.textures },
      programs: info.programs?.length ?? 0,
      models: this.models.stats(),
      cards: this.cards.stats(),
      gizmo: this.gizmo.stats(),
      resolution: this.surface.resolution(),
      shadowMapDraws: this.surface.shadowMapDraws(),
    };
  }

  /** After every frame callback moved the camera: cards sit where this very frame shows their anchors. */
  private beforeDraw(): void {
    this.cards.place();
    this.selection.beforeDraw();
    this.gizmo.beforeDraw();
  }

  private afterDraw(): void {
    this.gizmo.afterDraw();
    this.groups.update();
    this.childBounds.update();
    this.opts.afterDraw();
  }

  dispose(): void {
    if (this.surface.disposed) return;
    this.surface.stop();
    this.cards.dispose();
    this.models.dispose();
    this.groups.dispose();
    this.selection.dispose();
    this.gizmo.dispose();
    this.preview.dispose();
    for (const f of this.features.reverse()) {
      try {
        f.feature.dispose();
      } catch (err) {
        console.error('[dash3d] dispose failed:', f.name, err);
      }
    }
    this.features = [];
    this.surface.dispose();
  }
}
