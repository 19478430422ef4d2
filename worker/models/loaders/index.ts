import type { ModelConfig } from '../../../shared/schema/model';
import type { LoadedModel, LoadOptions } from '../types';

// PLACEHOLDER: replaced by the real loaders (issue 4, in progress).
export async function loadModel(_src: ModelConfig['src'], _opts: LoadOptions): Promise<LoadedModel | null> {
  throw new Error('model loading is not implemented yet');
}
