import { useMemo } from 'react';
import type { z } from 'zod';
import { repairParse } from '../../shared/schema/repair';

/**
 * A widget's config as its view and panel use it: a host may hand over a stored subset, or a value
 * that no longer validates. Missing and broken fields take their defaults (shared repairParse);
 * the rest is kept.
 */
export function useParsedConfig<S extends z.ZodType>(schema: S, config: unknown): z.infer<S> {
  return useMemo(() => repairParse(schema, config ?? {}).value, [schema, config]);
}
