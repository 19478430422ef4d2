import type { ModelConfig } from '../../shared/schema/model';
import type { Feature } from '../engine/context';
import type { ModelScope } from '../models/types';

// PLACEHOLDER: replaced by the real feature (issue 4, in progress).
export function createMaterials(_scope: ModelScope): Feature<ModelConfig['materialsConfig']> {
  return { apply() {}, dispose() {} };
}
