import type {
  CameraView,
  CardRect,
  GizmoOptions,
  ChildBounds,
  EngineEvent,
  EngineStats,
  PickedPoint,
  PixelReadout,
  ViewSize,
} from '../../shared/protocol';
import type { SchemaIssue } from '../../shared/schema/common';
import type { InputMessage } from '../../shared/input';
import { ElementStandIn } from '../engine/element';
import { createLongPress } from '../engine/longPress';
import { Stage } from './stage';
import { Readiness } from '../engine/readiness';
import { createScriptRunner, type ScriptRunner } from '../scripting/hooks';
import { createUserCode, type UserCode } from '../engine/user-code';
import { setChunkSettings } from '../engine/chunk-settings';
import { KeptOverlays } from '../overlays/kept';
import { captureThumbnail, type ThumbnailSize } from '../engine/thumbnail';
import { readCanvas } from '../engine/readback';
import { KeptPreview } from '../materials/preview/kept';
import { KeptConfig, KeptEditing, KeptModels } from './kept';
import { ContextLossWatch } from './context-loss';
import { ParserPrewarm } from './prewarm';
import { tellWorkerStarts } from '../engine/worker-starts';
import { CardTints, withoutCardLevels } from './card-tints';
import { VariableHub } from '../engine/variables';
import type { VariableValue } from '../../shared/schema/variables';

export interface EngineOptions {
  canvas: OffscreenCanvas | HTMLCanvasElement;
  size: ViewSize;
  config: unknown;
  models?: Readonly<Record<string, unknown>>;
  scriptsEnabled: boolean;
  /** The host's per-model caps, as sent (parsed here again; invalid ones are reported and the defaults used). */
  limits?: unknown;
  /** How lazily loaded parts are fetched (shared/schema/chunks.ts); checked again here. */
  chunks?: unknown;
  emit(event: EngineEvent): void;
}

/**
 * One engine per 3D space. The same class runs in the render worker and, where OffscreenCanvas
 * WebGL is missing, on the main thread (ARCHITECTURE.md example 10): one engine, two hosts.
 */
export class Engine {
  /** The space's config, last valid and as sent: a rebuilt stage applies it again. */
  private readonly config: KeptConfig;
  private stage: Stage;
  private scripts: ScriptRunner | null = null;
  private readonly element = new ElementStandIn();
  /** A finger resting on the canvas becomes the right button (longPress.ts) before the stand-in hears it. */
  private readonly longPress = createLongPress((m) => this.element.dispatch(m));
  private size: ViewSize;
  private readonly readiness = new Readiness(
    (e) => this.emit(e),
    () => this.stage.loop.invalidate(),
    () => !this.contextLost && this.stage.current(),
  );
  private contextLost = false;
  private readonly contextLoss: ContextLossWatch;
  private disposed = false;
  private readonly prewarm = new ParserPrewarm();
  private patches = 0;
  private readonly userCode: UserCode;
  /** Model widgets by id, last valid config each, and their caps: a rebuilt stage gets them all again. */
  private readonly models: KeptModels;
  /** The host editor's selection, gizmo and watch of the children: a rebuilt stage gets them again. */
  private readonly editing = new KeptEditing();
  /** The host variables the page forwarded (rules read them), and the cards' levels that tint parts (card-tints.ts): a rebuilt stage reads the same. */
  private readonly variables = new VariableHub();
  private readonly cardTints = new CardTints(this.variables, (ids) => this.models.refresh(ids, this.layers()?.models ?? null));
  /** Data cards, their theme and component groups, last valid input each: a rebuilt stage gets them again. */
  private readonly overlays = new KeptOverlays((e) => this.emit(e), this.cardTints);
  /** The material preview's material (a space used as a material preview): a rebuilt stage shows it again. */
  private readonly preview = new KeptPreview();
  constructor(private opts: EngineOptions) {
    this.config = new KeptConfig(opts.config, (e) => this.emit(e));
    this.size = opts.size;
    this.models = new KeptModels(opts.limits, (e) => this.emit(e), this.cardTints);
    this.userCode = createUserCode(opts.scriptsEnabled, (e) => this.emit(e));
    tellWorkerStarts((busy) => this.emit({ type: 'worker-start', busy }));
    const refused = setChunkSettings(opts.chunks);
    if (refused) console.warn(`[dash3d] ${refused}`);
    for (const [id, model] of Object.entries(opts.models ?? {})) this.models.set(id, model, null);
    this.contextLoss = new ContextLossWatch(opts.canvas, { lost: () => this.onLost(), restored: () => this.onRestored() });
    this.stage = this.buildStage();
  }

  /** `context`: the restored context of the stage being replaced (see StageOptions.context). */
  private buildStage(context?: WebGL2RenderingContext): Stage {
    const stage = new Stage({
      canvas: this.opts.canvas,
      context,
      size: this.size,
      element: this.element,
      emit: (e) => this.emit(e),
      track: (label, work) => this.readiness.track(label, work),
      afterDraw: () => this.readiness.drawn(),
      modelLoaded: (_id, object) => this.scripts?.modelLoaded(object),
      userCode: this.userCode,
      modelLimits: this.models.limits,
      variables: this.variables,
    });
    this.contextLoss.attach(stage.renderer);
    stage.apply(this.config.current);
    this.scripts?.stop();
    this.scripts = this.opts.scriptsEnabled
      ? createScriptRunner(stage.ctx, (hook, message, line) => this.emit({ type: 'script-error', hook, message, line }), this.variables)
      : null;
    this.scripts?.setCode(this.config.current.script);
    this.models.restore(stage.models);
    this.overlays.restore(stage);
    this.preview.restore(stage.preview);
    this.editing.restore(stage);
    return stage;
  }

  private emit(e: EngineEvent) {
    if (this.disposed) return;
    // The space has drawn and stays: the model parser starts, ready before a model is asked for (a
    // model given at start began loading already; this then finds its parser busy or warm).
    if (e.type === 'ready') this.prewarm.drawn();
    this.opts.emit(e);
  }

  /** Replace top-level sections. An invalid patch keeps the last valid scene and names the fields. */
  patchConfig(patch: unknown): { ok: true } | { ok: false; issues: SchemaIssue[] } {
    this.patches++;
    const r = this.config.patch(patch);
    if (!r.ok) return r;
    const scriptChanged = r.previous.script !== this.config.current.script;
    if (this.contextLost) return { ok: true };
    if (scriptChanged && this.opts.scriptsEnabled) {
      // A new script starts from a fresh scene: whatever the old one added to it must go, and
      // only a rebuild knows what that was.
      this.stage.dispose();
      this.stage = this.buildStage();
    } else this.stage.apply(this.config.current);
    return { ok: true };
  }

  /** Add or update a model widget. An invalid config keeps the model's last valid one. */
  setModel(id: string, input: unknown): { ok: true } | { ok: false; issues: SchemaIssue[] } {
    return this.models.set(id, input, this.layers()?.models ?? null);
  }

  removeModel(id: string): void {
    this.models.remove(id, this.layers()?.models ?? null);
  }

  /** New values of host variables, checked in api.ts (shared/schema/variables.ts). */
  setVariables(batch: ReadonlyMap<string, VariableValue>): void {
    this.variables.set(withoutCardLevels(batch));
  }

  /** Add, update or remove (null) data cards (checked in KeptOverlays). */
  setCards(changes: unknown, values?: unknown): void {
    this.overlays.setCards(changes, this.layers());
    if (values !== undefined) this.overlays.setCardValues(values, this.layers());
  }

  setCardTheme(theme: unknown): void {
    this.overlays.setCardTheme(theme, this.layers());
  }

  cardRects(): Record<string, CardRect> {
    return this.stage.cards.rects();
  }

  /** Report where the 3D children are drawn ('child-bounds' events), or stop; kept across rebuilds. */
  watchChildren(on: boolean): Record<string, ChildBounds> {
    return this.editing.watchChildren(on, this.layers());
  }

  /** The child selected in the host's editor (outlined in the scene), or null; kept across rebuilds. */
  setSelection(id: string | null): void {
    this.editing.select(id, this.layers());
  }

  /** The gizmo's options (edit mode, mode, snapping, space); kept across rebuilds. */
  setGizmo(options: GizmoOptions): void {
    this.editing.setGizmo(options, this.layers());
  }

  /** Add, update or (null) remove component groups. An invalid config keeps the group's last valid one. */
  setGroups(changes: ReadonlyMap<string, { config: unknown } | null>): void {
    this.overlays.setGroups(changes, this.layers());
  }

  /** Show a material on the preview object (null: none), or on the previewed model's material `target`; checked in KeptPreview. */
  setPreviewMaterial(input: unknown, target?: unknown) {
    return this.preview.set(input, this.stage.preview, target);
  }

  /** Preview a model instead of the box (null: the box again). */
  setPreviewModel(src: unknown) {
    return this.preview.setModel(src, this.stage.preview);
  }

  /** The previewed material on the sphere, as a JPEG of exactly the asked size. */
  previewThumbnail(size: ThumbnailSize): Promise<Blob> {
    if (this.contextLost) return Promise.reject(new Error('the WebGL context is lost'));
    return this.stage.preview.thumbnail(size);
  }

  /** The stage drawing now, for the kept input; none while the context is lost (the kept input waits for the rebuild). */
  private layers() {
    return this.contextLost ? null : this.stage;
  }

  resize(size: ViewSize) {
    this.size = size;
    if (!this.contextLost) this.stage.resize(size);
  }

  input_(message: InputMessage) {
    this.longPress.input(message);
  }

  getView(): CameraView {
    const [p, t] = [this.stage.camera.position, this.stage.view.target()];
    return { position: { x: p.x, y: p.y, z: p.z }, target: { x: t.x, y: t.y, z: t.z } };
  }

  viewTo(view: CameraView, durationMs: number): void {
    this.stage.view.moveTo(view.position, view.target, durationMs);
  }

  pickPoint(x: number, y: number, exclude?: string, planeY?: number): PickedPoint | null {
    return this.contextLost ? null : this.stage.models.pickPoint(x, y, exclude, planeY);
  }

  /** Resolves after a frame has been drawn with no asset load pending. */
  settled(): Promise<void> {
    return this.readiness.settled();
  }

  readPixels(): PixelReadout {
    return readCanvas(this.stage.renderer, () => this.stage.loop.drawNow());
  }

  /** A small JPEG of the view as drawn now (a snapshot's thumbnail). */
  captureThumbnail(size: ThumbnailSize): Promise<Blob> {
    if (this.contextLost) return Promise.reject(new Error('the WebGL context is lost'));
    return captureThumbnail(this.opts.canvas, () => this.stage.loop.drawNow(), size);
  }

  /** `endsAt` as RenderApi.stats has it (shared/protocol.ts), checked by windowEnd (loop.ts). */
  stats(windowMs = 1000, endsAt?: number): EngineStats {
    const own = {
      contextLost: this.contextLost,
      scriptsEnabled: this.opts.scriptsEnabled,
      patches: this.patches,
      variables: this.variables.stats(),
    };
    return { ...this.stage.stats(windowMs, endsAt), ...own };
  }

  simulateContextLoss(restoreAfterMs: number): boolean {
    return this.contextLoss.simulate(restoreAfterMs);
  }

  private onLost() {
    this.contextLost = true;
    this.stage.loop.pause();
    this.emit({ type: 'context-lost' });
  }

  private onRestored() {
    // Rebuild from the config rather than trust any GPU object of the lost context. The context
    // object itself is the same one, restored: handed over, not asked of the canvas again (Firefox
    // throws on a second getContext() of a transferred OffscreenCanvas, StageOptions.context).
    const context = this.stage.renderer.getContext() as WebGL2RenderingContext;
    this.stage.dispose();
    this.contextLost = false;
    this.stage = this.buildStage(context);
    this.emit({ type: 'context-restored' });
  }

  dispose() {
    if (this.disposed) return;
    this.disposed = true;
    this.prewarm.dispose();
    this.scripts?.stop();
    this.longPress.dispose();
    this.contextLoss.dispose();
    this.stage.dispose();
    // Give the context back now rather than when GC gets to it: dashboards mount and unmount often.
    try {
      this.stage.renderer.forceContextLoss();
    } catch {
      // Already lost: nothing to give back.
    }
  }
}
