import type { ModelConfig } from '../../shared/schema/model';
import type { Feature } from '../engine/context';
import type { ModelScope } from './types';

// PLACEHOLDER: replaced by the real feature (issue 4, in progress).
export function createEdges(_scope: ModelScope): Feature<ModelConfig['edgeConfig']> {
  return { apply() {}, dispose() {} };
}
