import { MaterialSchema, type Material } from '../../../shared/schema/material';
import { toIssues } from '../../../shared/schema/common';
import type { PreviewMaterialResult } from '../../../shared/protocol';
import type { PreviewLayer } from './layer';

/**
 * The previewed material as the engine keeps it across stages: checked where it enters (the worker
 * never trusts the main thread), and the newest one not refused shown again on a stage rebuilt after
 * a lost context. A material that does not parse is refused with its fields named; the previous one stays.
 */
export class KeptPreview {
  private material: Material | null = null;
  private calls = 0;

  async set(input: unknown, layer: PreviewLayer): Promise<PreviewMaterialResult> {
    let entity: Material | null = null;
    if (input !== null) {
      const r = MaterialSchema.safeParse(input);
      if (!r.success) return { ok: false, issues: toIssues(r.error) };
      entity = r.data;
    }
    const mine = ++this.calls;
    const result = await layer.set(entity);
    if (result.ok && mine === this.calls) this.material = entity;
    return result;
  }

  /** A fresh stage shows what the old one did. */
  restore(layer: PreviewLayer): void {
    if (this.material) void layer.set(this.material);
  }
}
