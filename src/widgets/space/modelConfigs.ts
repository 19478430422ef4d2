import { ModelConfigSchema, type ModelConfig } from '../../../shared/schema/model';
import { parseConfig, repairConfig } from '../../host/parsed';

/**
 * A space's model widget configs, parsed on the main thread before they go to the engine (which
 * parses them again): a config that does not parse is never sent, and its model keeps the last
 * good config it had. A model seen first with a broken config is drawn with the broken fields at
 * their defaults, as a space's own stored config is. The model's settings panel shows the issues
 * (it reads the same memoised parse: src/host/parsed.ts).
 */
export function createModelConfigs() {
  let good = new Map<string, ModelConfig>();
  return {
    /** What to draw for these stored configs: the same object for a model whose config did not change. */
    parse(stored: Readonly<Record<string, unknown>>): Record<string, ModelConfig> {
      const next = new Map<string, ModelConfig>();
      for (const [id, input] of Object.entries(stored)) {
        const last = good.get(id);
        const r = parseConfig(ModelConfigSchema, input, last);
        next.set(id, r.success ? r.data : (last ?? repairConfig(ModelConfigSchema, input).value));
      }
      good = next;
      return Object.fromEntries(next);
    },
  };
}
