import type { Material } from 'three';
import type { ModelConfig } from '../../../shared/schema/model';
import type { Feature } from '../../engine/context';
import type { ModelScope } from '../types';
import { loadBitmap } from '../../util/images';
import { AirmError, airmUrl, fetchAirm } from '../../materials/airm';
import { buildMaterial, USER_CODE_OFF, type BuiltMaterial } from '../../materials/build';
import { freeBuilt as free, runFrameScript } from '../../materials/lifecycle';
import { materialKind } from '../../../shared/schema/material';
import { urlPath } from '../../../shared/paths';
import { materialsByName, replaceByUuid, restoreSwaps, type Swap } from './materials-replace';

type Slice = ModelConfig['materialsConfig'];

/** A library material on the model now. */
interface Shown {
  built: BuiltMaterial;
  swaps: Swap[];
  stopFrame: (() => void) | null;
}

/** One model material name with a library material assigned. */
interface Assignment {
  path: string;
  /** The newest load, until it lands; an older one is aborted and its result dropped. */
  loading: AbortController | null;
  shown: Shown | null;
}

const fileName = (path: string) => urlPath(path).split('/').pop() || path;

/**
 * Library materials on model parts (spec §3 materialsConfig, §4, §5): each model material name may
 * be given an `.airm` file, loaded and built in the worker, which then replaces every material of
 * that name (found by uuid, also inside material lists). Until a file has loaded the part keeps
 * what it shows; a file that fails is reported and the part keeps its original material. Removing
 * a name, and dispose, put the model's original material objects back.
 *
 * Loads finish after `apply` returned, so the swap goes through `scope.rebuildLater`: the features
 * after this one (part colours clone materials, the highlight remembers them) are taken down and
 * built again around the new materials.
 */
export function createMaterials(scope: ModelScope): Feature<Slice> {
  const { ctx, model } = scope;
  // The file's own materials, before anything is swapped: what "restore" gives back.
  const originals = materialsByName(model.object);
  const assignments = new Map<string, Assignment>();
  let disposed = false;

  const rebuild = (change: () => void) => (scope.rebuildLater ? scope.rebuildLater(change) : change());

  function unshow(a: Assignment) {
    const shown = a.shown;
    if (!shown) return;
    a.shown = null;
    shown.stopFrame?.();
    restoreSwaps(shown.swaps);
    free(shown.built);
  }

  function clear(a: Assignment) {
    a.loading?.abort();
    a.loading = null;
    unshow(a);
  }

  function show(name: string, a: Assignment, built: BuiltMaterial) {
    unshow(a);
    const uuids = new Set((originals.get(name) ?? []).map((m: Material) => m.uuid));
    // The part still answers to its material name (the tree, the next assignment) after the swap;
    // the entity's own name is not passed to the material (spec §5).
    built.material.name = name;
    const swaps = replaceByUuid(model.object, uuids, built.material);
    a.shown = { built, swaps, stopFrame: runFrameScript(ctx, built) };
  }

  function load(name: string, a: Assignment) {
    const controller = new AbortController();
    a.loading = controller;
    const file = fileName(a.path);
    const stale = () => controller.signal.aborted || disposed || ctx.disposed;
    // airmUrl refuses a path outside the allowed origins (engine/urls.ts): reported like a failed
    // load. An async function, so that the request still starts before load() returns.
    const work = (async () => {
      const url = airmUrl(a.path);
      const entity = await fetchAirm(url, controller.signal);
      // With user code off the frame script is dropped without a word by buildMaterial: say so.
      if (!ctx.userCode.enabled) {
        // The consent notice names what was held back; a shader's own failure says the rest.
        if (materialKind(entity.type) === 'shader') ctx.emit({ type: 'user-code-held', what: 'shaderCode', file });
        if (entity.frameScript.trim()) {
          ctx.emit({ type: 'user-code-held', what: 'frameScript', file });
          if (materialKind(entity.type) !== 'shader') scope.warn(`material file ${file}: its frameScript is not run (${USER_CODE_OFF})`);
        }
      }
      return buildMaterial(entity, {
        baseUrl: url,
        // Decoded upside down for flipY = false (TOOLCHAIN.md); a stale load stops fetching.
        loadImage: (src) => loadBitmap(src, { flipY: true, signal: controller.signal }),
        userCode: ctx.userCode,
      });
    })();
    const landed = work.then(
      (built) => {
        if (stale()) return free(built);
        a.loading = null;
        // Upload before the part shows it, so the first frame with it does not stall.
        for (const t of built.textures) ctx.renderer.initTexture(t);
        rebuild(() => show(name, a, built));
        for (const p of built.problems) scope.warn(`material file ${file}: ${p}`);
        ctx.invalidate();
      },
      (err: unknown) => {
        if (stale()) return;
        a.loading = null;
        // An AirmError names the file already; anything else gets the file name put in front.
        if (err instanceof AirmError) scope.warn(err.message);
        else scope.warn(`material file ${file}: ${err instanceof Error ? err.message : String(err)}`);
        // The part keeps (gets back) its original material.
        if (a.shown) rebuild(() => unshow(a));
        ctx.invalidate();
      },
    );
    // Tracked, so settled() waits until the material is on the model; the hook waits for it too.
    void ctx.track(`material ${file}`, landed);
    scope.landing?.(landed);
  }

  return {
    apply(next) {
      const wanted = next.materials;
      // A name no longer assigned (or assigned '') gets its original material back now: the
      // node has already taken the later features down for this change.
      for (const [name, a] of assignments) {
        if (!wanted[name]) {
          clear(a);
          assignments.delete(name);
        }
      }
      for (const [name, path] of Object.entries(wanted)) {
        if (!path) continue;
        let a = assignments.get(name);
        if (a?.path === path) continue;
        if (!a) assignments.set(name, (a = { path, loading: null, shown: null }));
        a.path = path;
        a.loading?.abort();
        a.loading = null;
        if (!originals.has(name)) {
          unshow(a);
          scope.warn(`material "${name}" is not in this model: ${fileName(path)} is not applied`);
          continue;
        }
        // What shows stays until the new file is ready (no flash of the original in between).
        load(name, a);
      }
      ctx.invalidate();
    },
    dispose() {
      disposed = true;
      for (const a of assignments.values()) clear(a);
      assignments.clear();
      ctx.invalidate();
    },
  };
}
