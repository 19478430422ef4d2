import { MaterialSchema, type Material } from '../../../shared/schema/material';
import { toIssues } from '../../../shared/schema/common';
import type { PreviewMaterialResult, PreviewModelResult } from '../../../shared/protocol';
import type { PreviewLayer } from './layer';
import { identityOfTree, type ModelIdentity } from './identity';

/**
 * The previewed material as the engine keeps it across stages: checked where it enters (the worker
 * never trusts the main thread), and the newest one not refused shown again on a stage rebuilt after
 * a lost context. A material that does not parse is refused with its fields named; the previous one stays.
 * With a model previewed, the model and each part's edited material are kept the same way.
 */
export class KeptPreview {
  private material: Material | null = null;
  private calls = 0;
  private model: unknown = null;
  /** Edited materials of the previewed model's parts, by the uuid of the material they replace. */
  private parts = new Map<string, Material>();
  private identity: ModelIdentity | undefined;
  private modelCalls = 0;

  async set(input: unknown, layer: PreviewLayer, target: unknown = null): Promise<PreviewMaterialResult> {
    if (target !== null && target !== undefined && typeof target !== 'string')
      return { ok: false, issues: [{ path: 'target', message: 'a material uuid (text) or null' }] };
    let entity: Material | null = null;
    if (input !== null) {
      const r = MaterialSchema.safeParse(input);
      if (!r.success) return { ok: false, issues: toIssues(r.error) };
      entity = r.data;
    }
    const mine = ++this.calls;
    const result = await layer.set(entity, target ?? null);
    if (result.ok && mine === this.calls) {
      if (!target) this.material = entity;
      else if (entity) this.parts.set(target, entity);
      else this.parts.delete(target);
    }
    return result;
  }

  /** A model instead of the box (its source is checked by the layer's model), or null for the box. */
  async setModel(src: unknown, layer: PreviewLayer): Promise<PreviewModelResult> {
    this.model = src ?? null;
    this.parts.clear();
    this.identity = undefined;
    const mine = ++this.modelCalls;
    const result = await layer.setModel(src ?? null);
    if (mine === this.modelCalls && result.ok && result.shown) this.identity = identityOfTree(result.nodes);
    return result;
  }

  /** A fresh stage shows what the old one did. */
  restore(layer: PreviewLayer): void {
    if (this.model === null) {
      if (this.material) void layer.set(this.material);
      return;
    }
    const parts = [...this.parts];
    void layer.setModel(this.model, this.identity).then(() => Promise.all(parts.map(([target, entity]) => layer.set(entity, target))));
  }
}
