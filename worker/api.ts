import type { CameraView, EngineEvent, GizmoOptions, InitOptions, RenderApi, ViewSize } from '../shared/protocol';
import { PROTOCOL_VERSION } from '../shared/protocol';
import { echoFlushMark } from '../shared/protocol/events-flush';
import type { CardTheme, CardUpdate, CardValueBatch } from '../shared/overlays';
import type { GroupPlace } from '../shared/overlays';
import { readInputMessage } from '../shared/input';
import * as z from 'zod';
import { Vec3Schema } from '../shared/schema/common';
import { Engine } from './space/engine';
import { readVariableBatch } from '../shared/schema/variables';
import { pixelRatioFor } from './engine/surface';
import { baseUrl, setAllowedOrigins, setBaseUrl } from './engine/urls';
import { setParseHost } from './engine/parse-host-port';
import { setReducedMotion } from './engine/motion';

/*
 * The render API: the one implementation of shared/protocol.ts's RenderApi. The worker entry
 * exposes one over comlink; the main-thread fallback (src/bridge/connection.ts) calls one in place.
 * The worker never trusts the main thread: every argument is checked again here before the engine
 * sees it, and failures leave as codes and messages, never as a dead worker.
 */

const SizeSchema = z.object({
  width: z.number().finite().min(0),
  height: z.number().finite().min(0),
  pixelRatio: z.number().finite().positive().default(1),
  left: z.number().finite().optional(),
  top: z.number().finite().optional(),
});

const OriginsSchema = z.array(z.string().max(2048)).max(100).optional();
const ModelIdSchema = z.string().min(1).max(200);
const ViewSchema = z.object({ position: Vec3Schema, target: Vec3Schema });
/** A group change: its place (the config inside is parsed by the engine) or null to remove it. */
const GroupChangesSchema = z.record(ModelIdSchema, z.object({ config: z.unknown() }).nullable());
/** A pixel of the canvas (CSS px; a little room for a box measured a pixel apart) and the model left out. */
const GizmoSchema = z.object({
  enabled: z.boolean(),
  mode: z.enum(['translate', 'rotate', 'scale']),
  snap: z.boolean(),
  space: z.enum(['local', 'world']),
});
const PickSchema = z.tuple([
  z.number().finite().min(-1).max(1e5),
  z.number().finite().min(-1).max(1e5),
  ModelIdSchema.optional(),
  z.number().finite().min(-1e7).max(1e7).optional(),
]);
/** A thumbnail, not a screenshot: the size is capped so a bad call cannot allocate a huge canvas. */
const ThumbnailSchema = z.object({
  width: z.number().int().min(1).max(1024),
  height: z.number().int().min(1).max(1024),
  quality: z.number().min(0).max(1).default(0.8),
});

/** Answers at once unless a script hogs the thread (the heartbeat; also the workers' load probe). */
export function ping(): number {
  return performance.now();
}

/** One engine's API, its state its own: a page may run several fallback spaces side by side. */
export function createRenderApi() {
  let engine: Engine | null = null;
  let eventsPort: MessagePort | null = null;
  let inputPort: MessagePort | null = null;

  const emit = (event: EngineEvent) => eventsPort?.postMessage(event);
  const need = (): Engine => {
    if (!engine) throw new Error('engine-not-initialised');
    return engine;
  };

  return {
    init(options: InitOptions) {
      if (engine) throw new Error('engine-already-initialised');
      const size = SizeSchema.parse(options.size);
      if (!(options.events instanceof MessagePort) || !(options.input instanceof MessagePort)) {
        throw new Error('init needs input and events MessagePorts');
      }
      if (typeof options.baseUrl === 'string') setBaseUrl(options.baseUrl);
      const origins = OriginsSchema.safeParse(options.allowedOrigins);
      // Absent or malformed: only the base URL's own origin (the safe side, never "anything").
      setAllowedOrigins(origins.success && origins.data ? origins.data : [baseUrl()]);
      eventsPort = options.events;
      // The page's flush marks come back behind every event sent so far (shared/protocol/events-flush.ts).
      eventsPort.onmessage = (e) => echoFlushMark(e.data, options.events);
      inputPort = options.input;
      setReducedMotion(options.reducedMotion);
      // One engine per render worker: its parse workers are started by the page when it offers to.
      setParseHost(options.parsers instanceof MessagePort ? options.parsers : null);
      try {
        engine = new Engine({
          canvas: options.canvas,
          size,
          config: options.config,
          models: options.models && typeof options.models === 'object' && !Array.isArray(options.models) ? options.models : {},
          scriptsEnabled: options.scriptsEnabled === true,
          limits: options.limits,
          chunks: options.chunks,
          emit,
        });
      } catch (err) {
        // Typically no WebGL2 in this worker: say so with a code the main thread can act on.
        const message = err instanceof Error ? err.message : String(err);
        emit({ type: 'error', code: 'webgl-unavailable', message, fatal: true });
        throw new Error(`webgl-unavailable: ${message}`, { cause: err });
      }
      const e = engine;
      inputPort.onmessage = (ev) => {
        const msg = readInputMessage(ev.data);
        if (msg) e.input_(msg);
      };
      return { version: PROTOCOL_VERSION, pixelRatio: pixelRatioFor(size.pixelRatio) };
    },

    setMotion(reduced: boolean) {
      setReducedMotion(reduced);
    },

    patchConfig(patch: unknown) {
      return need().patchConfig(patch);
    },

    setModel(id: string, config: unknown) {
      const r = ModelIdSchema.safeParse(id);
      if (!r.success) return { ok: false as const, issues: [{ path: '(id)', message: 'msg.invalidConfig' }] };
      return need().setModel(r.data, config);
    },

    removeModel(id: string) {
      if (typeof id === 'string') need().removeModel(id);
    },

    setVariables(values: Record<string, unknown>) {
      // Not a record of plain values, or over the cap: refused whole; a value of another kind is null.
      const batch = readVariableBatch(values);
      if (!batch) return false;
      need().setVariables(batch);
      return true;
    },

    setCards(changes: Record<string, CardUpdate | null>, values?: CardValueBatch) {
      // Checked card by card in the engine (worker/overlays/cards/input.ts): the batch is only looked at.
      need().setCards(changes, values);
    },

    setCardTheme(theme: CardTheme) {
      need().setCardTheme(theme);
    },

    cardRects() {
      return need().cardRects();
    },

    watchChildren(on: boolean) {
      return need().watchChildren(on === true);
    },

    setGizmo(options: GizmoOptions) {
      const r = GizmoSchema.safeParse(options);
      if (!r.success) throw new Error('setGizmo: ' + r.error.issues.map((i) => i.path.join('.') + ' ' + i.message).join('; '));
      need().setGizmo(r.data);
    },

    setSelection(id: string | null) {
      need().setSelection(typeof id === 'string' && id.length <= 200 ? id : null);
    },

    setGroups(changes: Record<string, GroupPlace | null>) {
      const r = GroupChangesSchema.safeParse(changes);
      if (!r.success) throw new Error('setGroups: ' + r.error.issues.map((i) => i.path.join('.') + ' ' + i.message).join('; '));
      need().setGroups(new Map(Object.entries(r.data)));
    },

    resize(size: ViewSize) {
      const r = SizeSchema.safeParse(size);
      if (r.success) need().resize(r.data);
    },

    ping,

    getView() {
      return need().getView();
    },

    viewTo(view: CameraView, durationMs?: number) {
      const r = ViewSchema.safeParse(view);
      if (!r.success) throw new Error('viewTo: ' + r.error.issues.map((i) => i.path.join('.') + ' ' + i.message).join('; '));
      need().viewTo(r.data, Math.min(Math.max(Number(durationMs) || 0, 0), 10_000));
    },

    pickPoint(x: number, y: number, exclude?: string, planeY?: number) {
      const r = PickSchema.safeParse([x, y, exclude, planeY]);
      if (!r.success) throw new Error('pickPoint: ' + r.error.issues.map((i) => i.path.join('.') + ' ' + i.message).join('; '));
      const [px, py, without, height] = r.data;
      return need().pickPoint(px, py, without, height);
    },

    async settled() {
      return need().settled();
    },

    readPixels() {
      return need().readPixels();
    },

    async captureThumbnail(width: number, height: number, quality?: number) {
      const r = ThumbnailSchema.safeParse({ width, height, quality });
      if (!r.success) throw new Error('captureThumbnail: ' + r.error.issues.map((i) => i.path.join('.') + ' ' + i.message).join('; '));
      const blob = await need().captureThumbnail(r.data);
      return blob.arrayBuffer();
    },

    setPreviewMaterial(material: unknown, target?: string | null) {
      // Parsed by the engine (shared/schema/material.ts), which answers the issues.
      return need().setPreviewMaterial(material, target);
    },

    setPreviewModel(src: unknown) {
      // Checked by the preview's model (shared/schema/model.ts ModelSrcSchema) and the model loader.
      return need().setPreviewModel(src);
    },

    async previewThumbnail(width: number, height: number, quality?: number) {
      const r = ThumbnailSchema.safeParse({ width, height, quality });
      if (!r.success) throw new Error('previewThumbnail: ' + r.error.issues.map((i) => i.path.join('.') + ' ' + i.message).join('; '));
      const blob = await need().previewThumbnail(r.data);
      return blob.arrayBuffer();
    },

    stats(windowMs?: number, endsAt?: number) {
      return need().stats(typeof windowMs === 'number' && windowMs > 0 ? windowMs : 1000, typeof endsAt === 'number' ? endsAt : undefined);
    },

    simulateContextLoss(restoreAfterMs: number) {
      return need().simulateContextLoss(Math.max(0, Number(restoreAfterMs) || 0));
    },

    dispose() {
      engine?.dispose();
      engine = null;
      if (inputPort) inputPort.onmessage = null;
      inputPort?.close();
      eventsPort?.close();
      inputPort = eventsPort = null;
    },
  } satisfies RenderApi;
}
