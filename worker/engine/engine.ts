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
import { SpaceConfigSchema, type SpaceConfig } from '../../shared/schema/space';
import { toIssues, type SchemaIssue } from '../../shared/schema/common';
import { repairParse } from '../../shared/schema/repair';
import type { InputMessage } from '../../shared/input';
import { ElementStandIn } from './element';
import { createLongPress } from './longPress';
import { Stage } from './stage';
import { windowEnd } from './loop';
import { Readiness } from './readiness';
import { createScriptRunner, type ScriptRunner } from '../scripting/hooks';
import { createUserCode, type UserCode } from '../scripting/gate';
import { ModelConfigSchema, type ModelConfig } from '../../shared/schema/model';
import { ModelLimitsSchema, type ModelLimits } from '../../shared/schema/limits';
import { setChunkSettings } from './chunk-settings';
import { KeptOverlays } from '../overlays/kept';
import { captureThumbnail, type ThumbnailSize } from './thumbnail';
import { readCanvas } from './readback';
import { KeptPreview } from '../materials/preview/kept';
import { ParserPrewarm } from './prewarm';

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
  private input: Record<string, unknown>;
  private config: SpaceConfig;
  private stage: Stage;
  private watching = false;
  private selected: string | null = null;
  private gizmoOptions: GizmoOptions = { enabled: false, mode: 'translate', snap: false, space: 'world' };
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
  private loseExt: WEBGL_lose_context | null = null;
  private disposed = false;
  private readonly prewarm = new ParserPrewarm();
  private patches = 0;
  private readonly userCode: UserCode;
  /** Model widgets by id, last valid config each: a rebuilt stage gets them all again. */
  private readonly models = new Map<string, ModelConfig>();
  private readonly limits: ModelLimits;
  /** Data cards, their theme and component groups, last valid input each: a rebuilt stage gets them again. */
  private readonly overlays = new KeptOverlays((e) => this.emit(e));
  /** The material preview's material (a space used as a material preview): a rebuilt stage shows it again. */
  private readonly preview = new KeptPreview();

  constructor(private opts: EngineOptions) {
    const { value, issues } = repairParse(SpaceConfigSchema, opts.config);
    if (issues.length) opts.emit({ type: 'config-rejected', issues });
    this.config = value;
    this.input = structuredClone(value);
    this.size = opts.size;
    // Never trust the main thread: a cap that does not parse leaves the defaults, and says so.
    const limits = repairParse(ModelLimitsSchema, opts.limits ?? {});
    if (limits.issues.length)
      opts.emit({ type: 'config-rejected', issues: limits.issues.map((i) => ({ ...i, path: `limits.${i.path}` })) });
    this.limits = limits.value;
    this.userCode = createUserCode(opts.scriptsEnabled, (e) => this.emit(e));
    const refused = setChunkSettings(opts.chunks);
    if (refused) console.warn(`[dash3d] ${refused}`);
    for (const [id, model] of Object.entries(opts.models ?? {})) {
      const r = ModelConfigSchema.safeParse(model);
      if (r.success) this.models.set(id, r.data);
      else opts.emit({ type: 'model-rejected', id, issues: toIssues(r.error) });
    }
    opts.canvas.addEventListener('webglcontextlost', this.onLost);
    opts.canvas.addEventListener('webglcontextrestored', this.onRestored);
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
      modelLimits: this.limits,
    });
    this.loseExt = stage.renderer.getContext().getExtension('WEBGL_lose_context');
    stage.apply(this.config);
    this.scripts?.stop();
    this.scripts = this.opts.scriptsEnabled
      ? createScriptRunner(stage.ctx, (hook, message, line) => this.emit({ type: 'script-error', hook, message, line }))
      : null;
    this.scripts?.setCode(this.config.script);
    for (const [id, config] of this.models) stage.models.set(id, config);
    this.overlays.restore(stage);
    this.preview.restore(stage.preview);
    stage.childBounds.track(this.watching);
    stage.selection.select(this.selected);
    stage.gizmo.set(this.selected, this.gizmoOptions);
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
    if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
      return { ok: false, issues: [{ path: '(root)', message: 'msg.invalidConfig' }] };
    }
    const merged = { ...this.input, ...(patch as Record<string, unknown>) };
    const r = SpaceConfigSchema.safeParse(merged);
    if (!r.success) {
      const issues = toIssues(r.error);
      this.emit({ type: 'config-rejected', issues });
      return { ok: false, issues };
    }
    const scriptChanged = r.data.script !== this.config.script;
    this.input = merged;
    this.config = r.data;
    if (this.contextLost) return { ok: true };
    if (scriptChanged && this.opts.scriptsEnabled) {
      // A new script starts from a fresh scene: whatever the old one added to it must go, and
      // only a rebuild knows what that was.
      this.stage.dispose();
      this.stage = this.buildStage();
    } else this.stage.apply(r.data);
    return { ok: true };
  }

  /** Add or update a model widget. An invalid config keeps the model's last valid one. */
  setModel(id: string, input: unknown): { ok: true } | { ok: false; issues: SchemaIssue[] } {
    const r = ModelConfigSchema.safeParse(input);
    if (!r.success) {
      const issues = toIssues(r.error);
      this.emit({ type: 'model-rejected', id, issues });
      return { ok: false, issues };
    }
    this.models.set(id, r.data);
    if (!this.contextLost) this.stage.models.set(id, r.data);
    return { ok: true };
  }

  removeModel(id: string): void {
    this.models.delete(id);
    if (!this.contextLost) this.stage.models.remove(id);
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
    this.watching = on;
    if (!this.contextLost) this.stage.childBounds.track(on);
    return on && !this.contextLost ? this.stage.childBounds.current() : {};
  }

  /** The child selected in the host's editor (outlined in the scene), or null; kept across rebuilds. */
  setSelection(id: string | null): void {
    this.selected = id;
    if (this.contextLost) return;
    this.stage.selection.select(id);
    this.stage.gizmo.set(id, this.gizmoOptions);
  }

  /** The gizmo's options (edit mode, mode, snapping, space); kept across rebuilds. */
  setGizmo(options: GizmoOptions): void {
    this.gizmoOptions = options;
    if (!this.contextLost) this.stage.gizmo.set(this.selected, options);
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

  /** The overlay layers drawing now; none while the context is lost (the kept input waits for the rebuild). */
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
    const { x, y, z } = this.stage.camera.position;
    const t = this.stage.view.target();
    return { position: { x, y, z }, target: { x: t.x, y: t.y, z: t.z } };
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
    const info = this.stage.renderer.info;
    return {
      ...this.stage.loop.stats(windowMs, windowEnd(endsAt, performance.now(), performance.timeOrigin)),
      memory: { geometries: info.memory.geometries, textures: info.memory.textures },
      programs: info.programs?.length ?? 0,
      contextLost: this.contextLost,
      scriptsEnabled: this.opts.scriptsEnabled,
      patches: this.patches,
      models: this.stage.models.stats(),
      cards: this.stage.cards.stats(),
      gizmo: this.stage.gizmo.stats(),
      resolution: this.stage.resolution(),
      shadowMapDraws: this.stage.shadowMapDraws(),
    };
  }

  simulateContextLoss(restoreAfterMs: number): boolean {
    const ext = this.loseExt;
    if (!ext) return false;
    ext.loseContext();
    setTimeout(() => ext.restoreContext(), restoreAfterMs);
    return true;
  }

  private onLost = (e: Event) => {
    e.preventDefault(); // without this the browser never offers the context back
    this.contextLost = true;
    this.stage.loop.pause();
    this.emit({ type: 'context-lost' });
  };

  private onRestored = () => {
    // Rebuild from the config rather than trust any GPU object of the lost context. The context
    // object itself is the same one, restored: handed over, not asked of the canvas again (Firefox
    // throws on a second getContext() of a transferred OffscreenCanvas, StageOptions.context).
    const context = this.stage.renderer.getContext() as WebGL2RenderingContext;
    this.stage.dispose();
    this.contextLost = false;
    this.stage = this.buildStage(context);
    this.emit({ type: 'context-restored' });
  };

  dispose() {
    if (this.disposed) return;
    this.disposed = true;
    this.prewarm.dispose();
    this.scripts?.stop();
    this.longPress.dispose();
    this.opts.canvas.removeEventListener('webglcontextlost', this.onLost);
    this.opts.canvas.removeEventListener('webglcontextrestored', this.onRestored);
    this.stage.dispose();
    // Give the context back now rather than when GC gets to it: dashboards mount and unmount often.
    try {
      this.stage.renderer.forceContextLoss();
    } catch {
      // Already lost: nothing to give back.
    }
  }
}
