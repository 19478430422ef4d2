import type { ModelConfig } from '../../shared/schema/model';
import type { Feature } from '../engine/context';
import type { ModelScope } from './types';

// PLACEHOLDER: replaced by the real feature (issue 4, in progress).
export function createHighlight(_scope: ModelScope): Feature<ModelConfig['highlightConfig']> {
  return { apply() {}, dispose() {} };
}
