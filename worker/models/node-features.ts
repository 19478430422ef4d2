import type { ModelConfig } from '../../shared/schema/model';
import type { EngineContext, Feature } from '../engine/context';
import { MODEL_FEATURES } from './features';
import { errorText } from './load/problem';
import type { ModelFeatureBinding, ModelScope } from './types';

interface Active {
  binding: ModelFeatureBinding<unknown>;
  feature: Feature<unknown>;
  last: string;
}

/**
 * A model node's features (features/index.ts) on its loaded model, applied by slice like the
 * stage's: each is created on first use, applied when its slice changed, and disposed last first.
 */
export class ModelFeatures {
  private active: Active[] = [];

  constructor(
    private readonly id: string,
    private readonly ctx: EngineContext,
  ) {}

  /** Apply each feature's slice when it changed; a feature that `rebuildsLater` rebuilds the rest. */
  apply(config: ModelConfig, scope: (index: number) => ModelScope): void {
    for (const [i, binding] of MODEL_FEATURES.entries()) {
      const slice = binding.select(config);
      const key = JSON.stringify(slice);
      let entry = this.active[i];
      if (entry && entry.last === key) continue;
      if (entry && binding.rebuildsLater) this.dispose(i + 1);
      try {
        if (!entry) {
          entry = { binding, feature: binding.create(scope(i)), last: '' };
          this.active[i] = entry;
        }
        const prev: unknown = entry.last ? JSON.parse(entry.last) : undefined;
        entry.last = key;
        entry.feature.apply(slice, prev);
      } catch (err) {
        // One broken area must not take the model down; the designer learns which one.
        console.error(`[dash3d] model ${this.id}: ${binding.name} failed`, err);
        this.ctx.emit({ type: 'model-warning', id: this.id, message: `${binding.name}: ${errorText(err)}` });
      }
    }
    this.ctx.invalidate();
  }

  /** Dispose features from index `from` on, last first (each puts back what it changed). */
  dispose(from: number): void {
    for (let i = this.active.length - 1; i >= from; i--) {
      const entry = this.active[i];
      if (!entry) continue;
      try {
        entry.feature.dispose();
      } catch (err) {
        console.error(`[dash3d] model ${this.id}: disposing ${entry.binding.name} failed`, err);
      }
    }
    this.active.length = Math.min(this.active.length, from);
  }
}
