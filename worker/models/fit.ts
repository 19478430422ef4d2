import type { Feature } from '../engine/context';
import type { ModelScope } from './types';

// PLACEHOLDER: replaced by the real feature (issue 4, in progress).
export function createFit(_scope: ModelScope): Feature<{ enable: boolean }> {
  return { apply() {}, dispose() {} };
}
