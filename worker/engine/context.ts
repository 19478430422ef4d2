import type { PerspectiveCamera, Scene, WebGLRenderer, WebGLRenderTarget } from 'three';
import type { EngineEvent } from '../../shared/protocol';
import type { ElementStandIn } from './element';
import type { ViewHub } from './view';
import type { UserCode } from './user-code';

/** What every feature gets: the stage it draws on and the loop it asks for frames. */
export interface EngineContext {
  readonly scene: Scene;
  /**
   * What is drawn over the scene at the screen's full pixel ratio, whatever the scene's (cards,
   * pins, badges, the editor's outline and gizmo: engine/compose.ts). Never hidden by the scene's depth.
   */
  readonly overlay: Scene;
  readonly camera: PerspectiveCamera;
  readonly renderer: WebGLRenderer;
  /** The stand-in the controls listen on; forwarded input is dispatched to it. */
  readonly element: ElementStandIn;
  /** The camera pose shared by controls and snapshots. */
  readonly view: ViewHub;
  /**
   * The view's size in CSS pixels; `pixelRatio` is the scene's drawing ratio now (adaptive
   * resolution lowers it while the view moves), `devicePixelRatio` the screen's (capped): text drawn
   * into textures and the overlays use that one, so a change of scale redraws nothing.
   */
  readonly size: { width: number; height: number; pixelRatio: number; devicePixelRatio: number };
  /**
   * Ask for one frame. Cheap: many calls before the next frame are one frame. `unfinished`, from a
   * frame: what it draws is not complete yet (work spread over frames); settled() waits for more.
   */
  invalidate(unfinished?: boolean): void;
  /** Run `fn(dtSeconds)` before each drawn frame; call invalidate() from it to keep frames coming. */
  onFrame(fn: (dt: number) => void): () => void;
  /** Run `fn(width, height)` after the view is resized (cameras, composers). */
  onResize(fn: (width: number, height: number) => void): () => void;
  /**
   * Replace how the scene is drawn (bloom draws through a composer). The drawer draws into `target`
   * (null: the canvas) what the canvas would show: tone mapped, in the output colour space. The
   * overlays are drawn after it by the stage. Pass null to restore the plain
   * `renderer.render(scene, camera)`.
   */
  setDrawer(draw: ((dt: number, target: WebGLRenderTarget | null) => void) | null): void;
  /** Track an asset load for the loading bar; the engine reports progress and readiness. */
  track<T>(label: string, work: Promise<T>): Promise<T>;
  /**
   * Draw no frame until `gpuWork` settles. Presenting a frame waits for every GPU command queued
   * before it, so a frame drawn during a long GPU job (prefiltering an environment takes seconds
   * on a software rasterizer) freezes the thread for that long; held, the thread stays responsive.
   */
  holdFrames(gpuWork: Promise<unknown>): void;
  emit(event: EngineEvent): void;
  /** The switch and activity signal for user code (hooks, shader code, frame scripts). */
  readonly userCode: UserCode;
  /** True once this stage was disposed: async work finishing later must drop its result. */
  readonly disposed: boolean;
}

/** One area of configuration (ARCHITECTURE.md example 1). */
export interface Feature<T> {
  /** Called with the new slice when it differs from the previous one (prev undefined the first time). */
  apply(next: T, prev: T | undefined): void;
  dispose(): void;
}
