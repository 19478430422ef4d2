import { useMemo } from 'react';
import type * as z from 'zod';
import { repairConfig } from './parsed';

/**
 * A widget's config as its view and panel use it: a host may hand over a stored subset, or a value
 * that no longer validates. Missing and broken fields take their defaults (shared repairParse);
 * the rest is kept. Parsed once per config object (src/host/parsed.ts).
 */
export function useParsedConfig<S extends z.ZodType>(schema: S, config: unknown): z.infer<S> {
  return useStoredConfig(schema, config).value;
}

/** useParsedConfig, with the issues of the config as stored (none when it parsed). */
export function useStoredConfig<S extends z.ZodType>(schema: S, config: unknown) {
  return useMemo(() => repairConfig(schema, config ?? {}), [schema, config]);
}
