import { Mesh, Points, ShaderMaterial, type BufferGeometry, type Material } from 'three';
import { materialKind, type Material as MaterialEntity } from '../../../shared/schema/material';
import type { EngineEvent, PreviewMaterialResult, PreviewModelResult } from '../../../shared/protocol';
import type { EngineContext } from '../../engine/context';
import { baseUrl } from '../../engine/urls';
import { loadBitmap } from '../../util/images';
import { buildMaterial, ShaderCodeError, type BuiltMaterial } from '../build';
import { freeBuilt, runFrameScript } from '../lifecycle';
import { createShapes, type PreviewShape } from './shapes';
import { renderThumbnail } from './thumbnail';
import { checkShader, refuseShader } from './shaderCheck';
import { scriptFault } from './shaderLines';
import { createFrameErrors, type FrameErrorTally } from './frameErrors';
import { createPreviewModel, type PreviewModelLoader } from './model';
import type { ModelIdentity } from './identity';
import type { ThumbnailSize } from '../../engine/thumbnail';

interface Shown {
  built: BuiltMaterial;
  object: Mesh | Points;
  stopFrame: (() => void) | null;
}

export type PreviewLayer = ReturnType<typeof createPreviewLayer>;

const shapeOf = (entity: MaterialEntity): PreviewShape => (materialKind(entity.type) === 'points' ? 'points' : 'box');

/**
 * The material preview's one object (spec §2, §9): a 100-unit box, or 1000 random points for the
 * points type, wearing a material built by the same code as a model part's (worker/materials/build.ts).
 * Building is asynchronous (textures, shader code), so the newest material wins: an older one that
 * finishes later is freed unseen. A material that fails to build leaves the previous one on screen.
 * Nothing is made until a material is first shown: a space that never previews pays nothing.
 */
export function createPreviewLayer(ctx: EngineContext, drawNow: () => void, loader: PreviewModelLoader) {
  const shapes = createShapes();
  let shown: Shown | null = null;
  let generation = 0;
  let loading: AbortController | null = null;
  const emit = (event: EngineEvent) => ctx.emit(event);
  const frameErrors = createFrameErrors(emit);
  // A model previewed instead of the box (issue 11 point 2): materials then go to its parts. Their
  // frame scripts' errors are swallowed but not counted there (the badge counts the box's material).
  const model = createPreviewModel(ctx, loader, (entity, signal) => build(entity, signal, frameErrors.tally()));
  let modelMode = false;

  function unshow() {
    if (!shown) return;
    shown.stopFrame?.();
    shown.object.removeFromParent();
    freeBuilt(shown.built);
    shown = null;
  }

  function show(entity: MaterialEntity, built: BuiltMaterial, tally: FrameErrorTally) {
    unshow();
    frameErrors.show(tally);
    const geometry = shapes.get(shapeOf(entity));
    const object = materialKind(entity.type) === 'points' ? new Points(geometry, built.material) : new Mesh(geometry, built.material);
    object.name = 'material-preview';
    // Upload before the first frame that shows it, so that frame does not stall on it.
    for (const t of built.textures) ctx.renderer.initTexture(t);
    ctx.scene.add(object);
    shown = { built, object, stopFrame: runFrameScript(ctx, built) };
    ctx.invalidate();
  }

  async function build(entity: MaterialEntity, signal: AbortSignal, tally: FrameErrorTally): Promise<BuiltMaterial> {
    return buildMaterial(entity, {
      // Relative texture paths are relative to the page, as everything else a host hands the preview.
      baseUrl: baseUrl(),
      loadImage: (src) => loadBitmap(src, { flipY: true, signal }),
      userCode: ctx.userCode,
      onFrameError: tally.add,
    });
  }

  return {
    /**
     * Show a model (a ModelSource, checked by the model) instead of the box, or null for the box
     * again. Answers the model's object tree, its materials' snapshots included.
     */
    setModel(src: unknown, identity?: ModelIdentity): Promise<PreviewModelResult> {
      modelMode = src !== null && src !== undefined;
      if (modelMode) {
        // The box's build in flight must not bring it back over the model.
        generation++;
        loading?.abort();
        loading = null;
        unshow();
      }
      return model.load(src, identity);
    },

    /**
     * Show `entity` (parsed already), or nothing for null. Resolves once it is on screen, replaced
     * or refused. With a model shown it replaces the model material whose uuid is `target` (null
     * restores that one's own); without a target it goes nowhere.
     */
    async set(entity: MaterialEntity | null, target: string | null = null): Promise<PreviewMaterialResult> {
      if (modelMode) return model.setMaterial(entity, target);
      const mine = ++generation;
      loading?.abort();
      loading = null;
      // Spec §4: a shader material shows nothing until its shader properties exist.
      if (!entity || (materialKind(entity.type) === 'shader' && !entity.shaderCode.trim())) {
        unshow();
        if (!entity) shapes.dispose();
        ctx.invalidate();
        return { ok: true, shown: false, problems: [] };
      }
      const controller = new AbortController();
      loading = controller;
      const stale = () => mine !== generation || ctx.disposed;
      let built: BuiltMaterial;
      const tally = frameErrors.tally();
      try {
        built = await ctx.track('preview material', build(entity, controller.signal, tally));
      } catch (err) {
        if (stale()) return { ok: true, shown: false, problems: [] };
        loading = null;
        // The last good material stays on screen (spec §8: shader code errors were logged by build).
        const message = err instanceof Error ? err.message : String(err);
        if (err instanceof ShaderCodeError) {
          const issue = message.replace(/^shaderCode: /, '');
          // Code that ran and threw is located for the editor; code not run (user code off) is not.
          if (err.cause !== undefined) return refuseShader(emit, scriptFault(err.cause), issue);
          return { ok: false, issues: [{ path: 'shaderCode', message: issue }] };
        }
        return { ok: false, issues: [{ path: '(root)', message }] };
      }
      if (stale()) {
        freeBuilt(built);
        return { ok: true, shown: false, problems: built.problems };
      }
      loading = null;
      // A shader that does not compile would draw nothing: it is refused, the last good one stays.
      const fault =
        built.material instanceof ShaderMaterial &&
        checkShader(ctx.renderer, ctx.camera, shapes.get(shapeOf(entity)), built.material, shapeOf(entity) === 'points', entity.shaderCode);
      if (fault) {
        freeBuilt(built);
        return refuseShader(emit, fault);
      }
      show(entity, built, tally);
      return { ok: true, shown: true, problems: built.problems };
    },

    /** The shown material on the sphere, as a JPEG of exactly `size`; the canvas on screen never shows the sphere. */
    thumbnail(size: ThumbnailSize): Promise<Blob> {
      if (modelMode) return model.thumbnail(size, shapes.get('sphere'), drawNow);
      if (!shown) return Promise.reject(new Error('no material is shown in the preview'));
      const object = shown.object;
      const geometry: BufferGeometry = object.geometry;
      object.geometry = shapes.get('sphere');
      try {
        return renderThumbnail(ctx, size);
      } finally {
        object.geometry = geometry;
        // Still in the task that drew the sphere: the frame the page gets is the usual view again.
        drawNow();
      }
    },

    /** The material on show (tests, the material tree). */
    material: (): Material | null => shown?.built.material ?? null,

    dispose() {
      model.dispose();
      generation++;
      loading?.abort();
      loading = null;
      unshow();
      shapes.dispose();
      frameErrors.dispose();
    },
  };
}
