import { Box3, Group, Mesh, Points, Sphere, type BufferGeometry, type Material, type Object3D } from 'three';
import { ModelSrcSchema, type ModelConfig } from '../../../shared/schema/model';
import type { SceneObjectNode } from '../../../shared/schema/tree';
import { materialKind, type Material as MaterialEntity } from '../../../shared/schema/material';
import type { PreviewMaterialResult, PreviewModelResult } from '../../../shared/protocol';
import type { EngineContext } from '../../engine/context';
import { materialsOf } from '../../util/materials';
import { PREVIEW } from '../../../shared/schema/preview';
import { ShaderCodeError, type BuiltMaterial } from '../build';
import { freeBuilt, runFrameScript } from '../lifecycle';
import { describePreviewTree, swapMaterial } from './tree';
import { applyIdentity, type ModelIdentity } from './identity';
import { renderThumbnail } from './thumbnail';
import type { ThumbnailSize } from '../../engine/thumbnail';

/**
 * What the preview needs of the model widget's loader, handed over by the stage: a material does
 * not reach into the model room (ARCHITECTURE.md 14), and there is one loader, not a second copy.
 */
export interface PreviewModelLoader {
  /** Fetch (origin checks, size caps), parse and upload a source; null when there was nothing to show. Rejects with a readable Error. */
  load(src: ModelConfig['src'], signal: AbortSignal): Promise<Object3D | null>;
  /** Free everything a loaded model owns on the GPU. */
  dispose(object: Object3D): void;
  /** Spec §3 Scene object node of the loaded model, as the model widget reports it. */
  describe(object: Object3D): SceneObjectNode;
  /** A failure in words that name the file. */
  errorText(err: unknown): string;
}

/** A model material replaced by an edited one: the original is kept to restore (spec §4 Clear). */
interface Swap {
  original: Material;
  built: BuiltMaterial;
  stopFrame: (() => void) | null;
}

/** The box's bounding sphere: a model is scaled to it, so the camera that frames the box frames the model. */
const FRAME_RADIUS = (PREVIEW.box * Math.sqrt(3)) / 2;
const NOTHING: PreviewMaterialResult = { ok: true, shown: false, problems: [] };
const isAbort = (err: unknown) => (err as { name?: string } | null)?.name === 'AbortError';

/**
 * A model from the media library shown in the material preview instead of the box (issue 11 point
 * 2), loaded by the model widget's loader (origin checks, size caps). Edited materials replace one
 * of its materials by uuid wherever it sits (spec §4); clearing puts the original back. The newest
 * model wins, and per material the newest edit wins; whatever loses is freed unseen.
 */
export function createPreviewModel(
  ctx: EngineContext,
  loader: PreviewModelLoader,
  build: (entity: MaterialEntity, signal: AbortSignal) => Promise<BuiltMaterial>,
) {
  const holder = new Group();
  holder.name = 'material-preview-model';
  /** The loaded model's root, or null. */
  let model: Object3D | null = null;
  let originals = new Map<string, Material>();
  const swaps = new Map<string, Swap>();
  const edits = new Map<string, AbortController>();
  let loading: AbortController | null = null;
  /** The part edited last: its material is the one a thumbnail shows. */
  let lastEdited: string | null = null;
  /** The load under way: a material for one of its parts waits for it. */
  let ready: Promise<unknown> = Promise.resolve();

  function restore(target: string) {
    edits.get(target)?.abort();
    edits.delete(target);
    const swap = swaps.get(target);
    if (!swap || !model) return;
    swapMaterial(model, swap.built.material.uuid, swap.original);
    swap.stopFrame?.();
    freeBuilt(swap.built);
    swaps.delete(target);
    ctx.invalidate();
  }

  function unload() {
    for (const target of [...swaps.keys(), ...edits.keys()]) restore(target);
    if (model) loader.dispose(model);
    holder.removeFromParent();
    model = null;
    lastEdited = null;
    originals = new Map();
    ctx.invalidate();
  }

  /** Centre the model on the origin and scale it to the box's size. */
  function frame(object: Object3D) {
    object.updateMatrixWorld(true);
    const sphere = new Box3().setFromObject(object).getBoundingSphere(new Sphere());
    const scale = sphere.radius > 0 && Number.isFinite(sphere.radius) ? FRAME_RADIUS / sphere.radius : 1;
    holder.scale.setScalar(scale);
    holder.position.copy(sphere.center).multiplyScalar(-scale);
    holder.add(object);
    holder.updateMatrixWorld(true);
  }

  /** `identity`: the uuids the same model had on a stage before this one (identity.ts). */
  async function load(input: unknown, identity?: ModelIdentity): Promise<PreviewModelResult> {
    loading?.abort();
    loading = null;
    unload();
    if (input === null || input === undefined) return { ok: true, shown: false, nodes: [] };
    const parsed = ModelSrcSchema.safeParse(input);
    if (!parsed.success) return { ok: false, message: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
    const controller = new AbortController();
    loading = controller;
    const { signal } = controller;
    const work = loader.load(parsed.data, signal);
    ready = work.catch(() => null);
    try {
      const loaded = await ctx.track('preview model', work);
      if (signal.aborted || ctx.disposed || !loaded) {
        if (loaded) loader.dispose(loaded);
        return { ok: true, shown: false, nodes: [] };
      }
      loading = null;
      model = loaded;
      if (identity) applyIdentity(loaded, identity);
      loaded.traverse((o) => materialsOf(o).forEach((m) => originals.set(m.uuid, m)));
      frame(loaded);
      ctx.scene.add(holder);
      ctx.invalidate();
      return { ok: true, shown: true, nodes: describePreviewTree(loaded, loader.describe(loaded)) };
    } catch (err) {
      if (signal.aborted || isAbort(err)) return { ok: true, shown: false, nodes: [] };
      loading = null;
      return { ok: false, message: loader.errorText(err) };
    }
  }

  async function setMaterial(entity: MaterialEntity | null, target: string | null): Promise<PreviewMaterialResult> {
    await ready;
    if (!target || !model) return NOTHING;
    const original = originals.get(target);
    // A part of a model shown before (the editor still on it while the new tree arrives): nothing to do.
    if (!original) return { ok: true, shown: false, problems: [`target: no material ${target} in the previewed model`] };
    // Spec §4: a shader material shows nothing until its shader properties exist; the part keeps its own.
    if (!entity || (materialKind(entity.type) === 'shader' && !entity.shaderCode.trim())) {
      restore(target);
      return NOTHING;
    }
    edits.get(target)?.abort();
    const controller = new AbortController();
    edits.set(target, controller);
    const shownModel = model;
    const stale = () => controller.signal.aborted || model !== shownModel || ctx.disposed;
    let built: BuiltMaterial;
    try {
      built = await ctx.track('preview material', build(entity, controller.signal));
    } catch (err) {
      if (stale()) return NOTHING;
      edits.delete(target);
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof ShaderCodeError)
        return { ok: false, issues: [{ path: 'shaderCode', message: message.replace(/^shaderCode: /, '') }] };
      return { ok: false, issues: [{ path: '(root)', message }] };
    }
    if (stale()) {
      freeBuilt(built);
      return { ok: true, shown: false, problems: built.problems };
    }
    edits.delete(target);
    const previous = swaps.get(target);
    swapMaterial(shownModel, previous ? previous.built.material.uuid : target, built.material);
    if (previous) {
      previous.stopFrame?.();
      freeBuilt(previous.built);
    }
    for (const t of built.textures) ctx.renderer.initTexture(t);
    swaps.set(target, { original, built, stopFrame: runFrameScript(ctx, built) });
    lastEdited = target;
    ctx.invalidate();
    return { ok: true, shown: true, problems: built.problems };
  }

  return {
    load,
    setMaterial,
    /** The material a part wears now (tests): the edited one, or the model's own. */
    materialOf: (target: string): Material | null => swaps.get(target)?.built.material ?? originals.get(target) ?? null,
    /**
     * The material edited last on the sphere (the box's thumbnail, spec §9), the model hidden while
     * it is drawn: what the library shows for the material being saved.
     */
    thumbnail(size: ThumbnailSize, sphere: BufferGeometry, drawNow: () => void): Promise<Blob> {
      const material = (lastEdited && swaps.get(lastEdited)?.built.material) || null;
      if (!material) return Promise.reject(new Error('no edited material is shown in the preview'));
      const ball = (material as { isPointsMaterial?: boolean }).isPointsMaterial
        ? new Points(sphere, material)
        : new Mesh(sphere, material);
      holder.visible = false;
      ctx.scene.add(ball);
      try {
        return renderThumbnail(ctx, size);
      } finally {
        ball.removeFromParent();
        holder.visible = true;
        // Still in the task that drew the sphere: the frame the page gets is the usual view again.
        drawNow();
      }
    },

    dispose() {
      loading?.abort();
      loading = null;
      unload();
    },
  };
}
