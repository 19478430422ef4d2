import { PerspectiveCamera, Scene, WebGLRenderer, type WebGLRenderTarget } from 'three';
import type { EngineEvent, ViewSize } from '../../shared/protocol';
import type { SpaceConfig } from '../../shared/schema/space';
import { CameraConfigSchema } from '../../shared/schema/scene';
import type { EngineContext } from './context';
import type { ElementStandIn } from './element';
import { createGpuPace } from './gpuPace';
import { createLoop, type FrameInfo, type Loop } from './loop';
import { AdaptiveScale } from './resolution';
import { ViewHub } from './view';
import { isSoftwareRenderer } from './gpu';
import { ShadowCache } from './shadows';
import { FrameComposer, hasOverlays } from './compose';
import type { UserCode } from './user-code';

/** Sharper than 2 costs fill rate on dashboards full of widgets and is hardly visible. */
const MAX_PIXEL_RATIO = 2;

/** The pixel ratio the stage draws at for the one the page asked for. */
export function pixelRatioFor(requested: number): number {
  return Math.min(Math.max(requested || 1, 0.5), MAX_PIXEL_RATIO);
}

/** The lens before the camera feature applies cameraConfig (the schema's defaults). */
const LENS = CameraConfigSchema.parse({});

export interface SurfaceOptions {
  canvas: OffscreenCanvas | HTMLCanvasElement;
  /**
   * The canvas's context when it has one already (a stage rebuilt after a context restore): drawn
   * with as it is, never asked for again. Firefox (ESR 153) throws InvalidStateError ("Cannot update
   * created context to different thread") on a second getContext() of a transferred OffscreenCanvas,
   * where the spec and Chromium return the same context.
   */
  context?: WebGL2RenderingContext;
  size: ViewSize;
  element: ElementStandIn;
  emit(event: EngineEvent): void;
  track<T>(label: string, work: Promise<T>): Promise<T>;
  userCode: UserCode;
  /** Before each frame is drawn, after every frame callback moved the camera (what follows the view). */
  beforeDraw(): void;
  /** After each drawn frame (what reads where things were drawn, readiness bookkeeping). */
  afterDraw(): void;
}

/**
 * What one space draws with: the renderer on its canvas, the scene, the overlay scene and the
 * camera, the loop that draws on demand, the context every feature gets, and each frame's pixel
 * ratio (adaptive resolution), shadow maps and composition. It knows nothing of what stands in
 * the scene: the stage (space/stage.ts) puts the features, models and overlays on it.
 */
export class Surface {
  readonly renderer: WebGLRenderer;
  readonly scene = new Scene();
  /** Drawn after the scene at the screen's full ratio, whatever the scene's (compose.ts). */
  readonly overlay = new Scene();
  readonly camera = new PerspectiveCamera(LENS.fov, 1, LENS.near, LENS.far);
  readonly loop: Loop;
  readonly ctx: EngineContext;
  readonly view: ViewHub;
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

  constructor(private opts: SurfaceOptions) {
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
      createGpuPace(this.renderer.getContext()),
    );
    this.view = new ViewHub(
      this.camera,
      (fn) => this.loop.onFrame(fn),
      () => this.loop.invalidate(),
    );
    // The context's getters read the surface's live values (arrows keep `this`).
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
  }

  /** renderConfig's resolution: adaptive, or a fixed ratio. */
  configure(render: SpaceConfig['renderConfig']): void {
    this.adaptive.configure(render);
    this.fixedRatio = render.resolution === 'fixed' ? Math.min(render.pixelRatio, MAX_PIXEL_RATIO) : null;
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

  /** Times the shadow maps were drawn since the surface was built, for stats(). */
  shadowMapDraws(): number {
    return this.shadows.draws;
  }

  draw(dt: number, info: FrameInfo = { continuing: false, intervalMs: 0 }): void {
    if (this.isDisposed || this.holds > 0) return;
    // Frames back to back at the moving scale tell how long a frame takes at it.
    if (info.continuing && this.size.pixelRatio === this.ratioFor(true)) this.adaptive.sample(info.intervalMs, performance.now());
    const ratio = this.ratioFor(info.continuing);
    this.opts.beforeDraw();
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
    this.opts.afterDraw();
  }

  get disposed(): boolean {
    return this.isDisposed;
  }

  /** The first half of disposing: no frame is drawn from now on and ctx.disposed is true. */
  stop(): void {
    if (this.isDisposed) return;
    this.isDisposed = true;
    this.loop.dispose();
  }

  /** The second half, once what stood on the surface is gone: its GPU memory and the renderer. */
  dispose(): void {
    this.stop();
    this.composer.dispose();
    this.view.dispose();
    this.resizeCallbacks.clear();
    this.renderer.renderLists.dispose();
    this.renderer.dispose();
  }
}
