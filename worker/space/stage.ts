import { PerspectiveCamera, Scene, WebGLRenderer, type WebGLRenderTarget } from 'three';
import type { EngineEvent, ViewSize } from '../../shared/protocol';
import type { SpaceConfig } from '../../shared/schema/space';
import { CameraConfigSchema } from '../../shared/schema/scene';
import type { EngineContext, Feature } from '../engine/context';
import { ElementStandIn } from '../engine/element';
import { createLoop, type FrameInfo, type Loop } from '../engine/loop';
import { AdaptiveScale } from '../engine/resolution';
import { FEATURES } from '../features';
import { ViewHub } from '../engine/view';
import { isSoftwareRenderer } from '../engine/gpu';
import { ModelRegistry } from '../models/registry';
import { createCardLayer, type CardLayer } from '../overlays/cards';
import { createGroupOverlays, type GroupOverlays } from '../overlays/groups';
import { createPreviewLayer, type PreviewLayer } from '../materials/preview/layer';
import { previewModelLoader } from './preview-model';
import { createChildBounds, type ChildBoundsTracker } from './childBounds';
import { createSelectionOutline, type SelectionOutline } from './selection';
import { createGizmo, type Gizmo } from './gizmo';
import { ShadowCache } from '../engine/shadows';
import { FrameComposer, hasOverlays } from '../engine/compose';

/** Sharper than 2 costs fill rate on dashboards full of widgets and is hardly visible. */
const MAX_PIXEL_RATIO = 2;

/** The pixel ratio the stage draws at for the one the page asked for. */
export function pixelRatioFor(requested: number): number {
  return Math.min(Math.max(requested || 1, 0.5), MAX_PIXEL_RATIO);
}

/** The lens before the camera feature applies cameraConfig (the schema's defaults). */
const LENS = CameraConfigSchema.parse({});

export interface StageOptions {
  canvas: OffscreenCanvas | HTMLCanvasElement;
  size: ViewSize;
  element: ElementStandIn;
  emit(event: EngineEvent): void;
  track<T>(label: string, work: Promise<T>): Promise<T>;
  /** Called after each drawn frame (readiness bookkeeping). */
  afterDraw(): void;
  userCode: import('../engine/user-code').UserCode;
  /** A model widget's file joined the scene (the space's onModelLoaded hook). */
  modelLoaded(id: string, object: import('three').Object3D): void;
  /** Per-model caps (shared/schema/limits.ts), parsed. */
  modelLimits: import('../../shared/schema/limits').ModelLimits;
  /**
   * The canvas's context when it has one already (a stage rebuilt after a context restore): drawn
   * with as it is, never asked for again. Firefox (ESR 153) throws InvalidStateError ("Cannot update
   * created context to different thread") on a second getContext() of a transferred OffscreenCanvas,
   * where the spec and Chromium return the same context.
   */
  context?: WebGL2RenderingContext;
}

/**
 * Everything that owns GPU resources: one renderer, its scene, camera and feature instances.
 * A lost-and-restored context throws the whole stage away and builds a fresh one from the config
 * (ARCHITECTURE.md example 9), so no feature has to know how to recover.
 */
export class Stage {
  readonly renderer: WebGLRenderer;
  readonly scene = new Scene();
  /** Drawn after the scene at the screen's full ratio, whatever the scene's (compose.ts). */
  readonly overlay = new Scene();
  readonly camera = new PerspectiveCamera(LENS.fov, 1, LENS.near, LENS.far);
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
  private resizeCallbacks = new Set<(w: number, h: number) => void>();
  private drawer: ((dt: number, target: WebGLRenderTarget | null) => void) | null = null;
  /** The scene's own target when it is drawn at a lower ratio than the overlays over it. */
  private readonly composer: FrameComposer;
  /** The canvas' ratio: the scene's, or the screen's when overlays are drawn over a scaled scene. */
  private canvasRatio = 1;
  /** The last frame drew the scene into its own target (stats). */
  private split = false;
  private isDisposed = false;
  private holds = 0;
  /** Adaptive resolution (resolution.ts) and the fixed ratio of renderConfig. */
  private readonly adaptive = new AdaptiveScale();
  /** Shadow maps drawn only when a light or a caster changed (shadows.ts). */
  private readonly shadows: ShadowCache;
  private fixedRatio: number | null = null;
  /** CSS size, the ratio the scene is drawn at now, and the screen's own ratio (capped). */
  size: { width: number; height: number; pixelRatio: number; devicePixelRatio: number };

  constructor(private opts: StageOptions) {
    this.renderer = new WebGLRenderer({
      canvas: opts.canvas,
      context: opts.context,
      // Multisampling only where a GPU does it (engine/gpu.ts).
      antialias: !isSoftwareRenderer(),
      alpha: true,
      powerPreference: 'high-performance',
    });
    this.shadows = new ShadowCache(this.renderer);
    this.composer = new FrameComposer(this.renderer);
    this.size = { width: 1, height: 1, pixelRatio: 1, devicePixelRatio: 1 };
    this.loop = createLoop(
      (dt, info) => this.draw(dt, info),
      () => this.sharpen(),
    );
    this.view = new ViewHub(
      this.camera,
      (fn) => this.loop.onFrame(fn),
      () => this.loop.invalidate(),
    );
    // The context's getters read the stage's live values (arrows keep `this`).
    const size = () => this.size;
    const disposed = () => this.isDisposed;
    this.ctx = {
      scene: this.scene,
      overlay: this.overlay,
      camera: this.camera,
      renderer: this.renderer,
      element: opts.element,
      view: this.view,
      get size() {
        return size();
      },
      invalidate: (unfinished) => this.loop.invalidate(unfinished),
      onFrame: (fn) => this.loop.onFrame(fn),
      onResize: (fn) => {
        this.resizeCallbacks.add(fn);
        return () => this.resizeCallbacks.delete(fn);
      },
      setDrawer: (draw) => {
        this.drawer = draw;
        this.loop.invalidate();
      },
      track: (label, work) => opts.track(label, work),
      holdFrames: (work) => {
        this.holds++;
        const release = () => {
          this.holds--;
          this.loop.invalidate();
        };
        work.then(release, release);
      },
      emit: (e) => opts.emit(e),
      userCode: opts.userCode,
      get disposed() {
        return disposed();
      },
    };
    this.resize(opts.size);
    for (const f of FEATURES) this.features.push({ name: f.name, select: f.select, feature: f.create(this.ctx) });
    // A click on a data card is the card's alone, even with a model behind it (cards are drawn on top).
    this.models = new ModelRegistry(
      this.ctx,
      (id, object) => opts.modelLoaded(id, object),
      opts.modelLimits,
      (p) => this.cards.cardAt(p) !== null,
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
    const render = config.renderConfig;
    this.adaptive.configure(render);
    this.fixedRatio = render.resolution === 'fixed' ? Math.min(render.pixelRatio, MAX_PIXEL_RATIO) : null;
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
    const devicePixelRatio = pixelRatioFor(size.pixelRatio);
    this.adaptive.setDevicePixelRatio(devicePixelRatio);
    const width = Math.max(1, Math.round(size.width));
    const height = Math.max(1, Math.round(size.height));
    this.size = { width, height, pixelRatio: this.fixedRatio ?? devicePixelRatio, devicePixelRatio };
    this.canvasRatio = this.size.pixelRatio;
    this.renderer.setPixelRatio(this.canvasRatio);
    // false: an OffscreenCanvas has no style to update.
    this.renderer.setSize(width, height, false);
    this.opts.element.setRect(width, height, size.left ?? 0, size.top ?? 0);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    for (const cb of this.resizeCallbacks) cb(width, height);
    this.loop.invalidate();
  }

  /** The scene's ratio for a frame: fixed, or the screen's, scaled down while the view moves. */
  private ratioFor(moving: boolean): number {
    if (this.fixedRatio !== null) return this.fixedRatio;
    return this.size.devicePixelRatio * (moving ? this.adaptive.scale : 1);
  }

  /**
   * A frame's ratios: the scene's (what features size their buffers by) and the canvas' drawing
   * buffer's. The canvas keeps its CSS size, so picking and overlays are unchanged.
   */
  private setRatio(scene: number, canvas: number): void {
    const { width, height } = this.size;
    if (canvas !== this.canvasRatio) {
      this.canvasRatio = canvas;
      this.renderer.setPixelRatio(canvas);
      this.renderer.setSize(width, height, false);
    }
    if (scene === this.size.pixelRatio) return;
    this.size = { ...this.size, pixelRatio: scene };
    for (const cb of this.resizeCallbacks) cb(width, height);
  }

  /** The scene stopped: drawn once more at full resolution if the last frame was scaled down. */
  private sharpen(): void {
    if (this.ratioFor(false) !== this.size.pixelRatio) this.loop.invalidate();
  }

  /** The last frame shows everything asked for (Loop.current()), and no frame is being held back. */
  current(): boolean {
    return this.holds === 0 && this.loop.current();
  }

  /** Adaptive resolution's state, for stats(). */
  resolution() {
    // Read from the context and the target, not worked out: what the GPU really fills.
    const gl = this.renderer.getContext();
    const canvas: [number, number] = [gl.drawingBufferWidth, gl.drawingBufferHeight];
    const target = this.split ? this.composer.current() : null;
    return {
      mode: this.fixedRatio === null ? ('auto' as const) : ('fixed' as const),
      scale: this.adaptive.scale,
      pixelRatio: this.size.pixelRatio,
      devicePixelRatio: this.size.devicePixelRatio,
      changes: this.adaptive.changes,
      buffer: target ? ([target.width, target.height] as [number, number]) : canvas,
      canvas,
    };
  }

  /** Times the shadow maps were drawn since the stage was built, for stats(). */
  shadowMapDraws(): number {
    return this.shadows.draws;
  }

  draw(dt: number, info: FrameInfo = { continuing: false, intervalMs: 0 }): void {
    if (this.isDisposed || this.holds > 0) return;
    // Frames back to back at the moving scale tell how long a frame takes at it.
    if (info.continuing && this.size.pixelRatio === this.ratioFor(true)) this.adaptive.sample(info.intervalMs, performance.now());
    const ratio = this.ratioFor(info.continuing);
    // After every frame callback moved the camera: cards sit where this very frame shows their anchors.
    this.cards.place();
    this.selection.beforeDraw();
    this.gizmo.beforeDraw();
    // Text is read at the screen's ratio: a scene drawn with fewer pixels goes to a target of its
    // own, stretched under the overlays (compose.ts). Without overlays the canvas itself is smaller.
    const overlays = hasOverlays(this.overlay);
    this.adaptive.setComposed(overlays);
    const { width, height, devicePixelRatio } = this.size;
    this.split = overlays && ratio < devicePixelRatio;
    this.setRatio(ratio, this.split ? devicePixelRatio : ratio);
    const target = this.split ? this.composer.sceneTarget(Math.floor(width * ratio), Math.floor(height * ratio)) : null;
    const restore = this.shadows.prepare(this.scene, this.camera);
    try {
      this.renderer.setRenderTarget(target);
      if (this.drawer) this.drawer(dt, target);
      else this.renderer.render(this.scene, this.camera);
    } finally {
      restore();
      this.renderer.setRenderTarget(null);
    }
    if (this.split) this.composer.present();
    if (overlays) this.composer.drawOverlays(this.overlay, this.camera);
    // No overlay left (the last card went): the target's memory goes with them.
    else this.composer.release();
    this.gizmo.afterDraw();
    this.groups.update();
    this.childBounds.update();
    this.opts.afterDraw();
  }

  dispose(): void {
    if (this.isDisposed) return;
    this.isDisposed = true;
    this.loop.dispose();
    this.cards.dispose();
    this.models.dispose();
    this.groups.dispose();
    this.selection.dispose();
    this.gizmo.dispose();
    this.preview.dispose();
    this.composer.dispose();
    for (const f of this.features.reverse()) {
      try {
        f.feature.dispose();
      } catch (err) {
        console.error('[dash3d] dispose failed:', f.name, err);
      }
    }
    this.features = [];
    this.view.dispose();
    this.resizeCallbacks.clear();
    this.renderer.renderLists.dispose();
    this.renderer.dispose();
  }
}
