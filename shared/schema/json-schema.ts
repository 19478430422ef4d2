import * as z from 'zod';
import { SpaceConfigSchema } from './space';
import { ModelConfigWithRulesSchema, RULE_EFFECT_OPTIONS, RuleEffectSchema } from './rules';
import { MeshConfigSchema } from './mesh';
import { CardConfigSchema } from './card';
import { GroupConfigSchema } from './group';
import { MaterialSchema } from './material';
import { MaterialLibraryItemSchema, MediaEntrySchema } from './media';
import { SceneObjectNodeSchema, TreeNodeSchema } from './tree';
import { DashboardSchema } from './dashboard';

/** Entities published to hosts as JSON Schema (`npm run schema` writes `schema/<name>.schema.json`). */
export const JSON_SCHEMA_ENTITIES = {
  space: SpaceConfigSchema,
  model: ModelConfigWithRulesSchema,
  mesh: MeshConfigSchema,
  card: CardConfigSchema,
  group: GroupConfigSchema,
  material: MaterialSchema,
  'material-library-item': MaterialLibraryItemSchema,
  'media-entry': MediaEntrySchema,
  'scene-object': SceneObjectNodeSchema,
  'tree-node': TreeNodeSchema,
  dashboard: DashboardSchema,
} as const;
export type JsonSchemaEntity = keyof typeof JSON_SCHEMA_ENTITIES;

/**
 * The schema of what a host may store (io 'input': defaulted fields are optional). Parts JSON
 * Schema cannot express (the legacy numeric encoding, refinements) become "any" rather than fail.
 */
export function toJsonSchema(entity: JsonSchemaEntity): Record<string, unknown> {
  return z.toJSONSchema(JSON_SCHEMA_ENTITIES[entity], {
    io: 'input',
    unrepresentable: 'any',
    override: (ctx) => {
      // A rule's effect picks its schema by `type` in a transform (rules.ts says why): listed here
      // as the options it picks from.
      if (ctx.zodSchema !== RuleEffectSchema) return;
      for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
      ctx.jsonSchema.anyOf = RULE_EFFECT_OPTIONS.map((o) => {
        const option = z.toJSONSchema(o, { io: 'input', unrepresentable: 'any' });
        delete option.$schema;
        return option;
      });
    },
  });
}

export function allJsonSchemas(): Record<JsonSchemaEntity, Record<string, unknown>> {
  const out = {} as Record<JsonSchemaEntity, Record<string, unknown>>;
  for (const name of Object.keys(JSON_SCHEMA_ENTITIES) as JsonSchemaEntity[]) out[name] = toJsonSchema(name);
  return out;
}
