import { describe, expect, it } from 'vitest';
import { MeshPhongMaterial, MeshPhysicalMaterial, PointsMaterial, ShaderMaterial, type Material as ThreeMaterial } from 'three';
import { COMBINES, MATERIAL_TYPES, MaterialSchema, SIDES, type MaterialKind } from '../../../shared/schema/material';
import { editorEn as en, editorZh_Hans as zh_Hans } from '../../../shared/i18n/editor';
import { MATERIAL_FIELDS, MATERIAL_MAPS, TEXTURE_TRANSFORM } from '../../../shared/schema/material-fields';

/** The three.js material worker/materials/build.ts makes for each kind. */
const MADE: Record<MaterialKind, () => ThreeMaterial> = {
  physical: () => new MeshPhysicalMaterial(),
  phong: () => new MeshPhongMaterial(),
  points: () => new PointsMaterial(),
  shader: () => new ShaderMaterial(),
};

/** Entity fields that are no material property (spec §5, or handled elsewhere: code editors, background, texture transform). */
const NOT_PROPERTIES = new Set(['uuid', 'name', 'type', 'path', 'shaderCode', 'frameScript', 'envMap', ...TEXTURE_TRANSFORM]);
/** The builder sets normalScale from normalScale and normalScaleY together; the flag has no property of its own. */
const PROPERTY_OF: Record<string, string> = { normalScaleY: 'normalScale' };
/** The builder leaves a shader material's fog off (it would need fog uniforms the user's code does not define). */
const SKIPPED: Partial<Record<MaterialKind, readonly string[]>> = { shader: ['fog'] };

const schemaFields = Object.keys(MaterialSchema.shape).filter((k) => !NOT_PROPERTIES.has(k));
const textureSlots = (m: ThreeMaterial) =>
  Object.keys(m).filter((k) => /map$/i.test(k) && k !== 'envMap' && (m as unknown as Record<string, unknown>)[k] === null);

describe('which fields each material kind uses (shared/schema/material-fields.ts)', () => {
  it.each(MATERIAL_TYPES)('%s: every listed field is a property of its three.js material', (kind) => {
    const material = MADE[kind]();
    for (const field of MATERIAL_FIELDS[kind]) {
      expect(schemaFields, field).toContain(field);
      expect(PROPERTY_OF[field] ?? field, `${kind}.${field}`).toSatisfy((p: string) => p in material);
    }
  });

  it.each(MATERIAL_TYPES)('%s: no schema field the three.js material has is left out', (kind) => {
    const material = MADE[kind]();
    const expected = schemaFields.filter((f) => (PROPERTY_OF[f] ?? f) in material && !SKIPPED[kind]?.includes(f));
    expect([...MATERIAL_FIELDS[kind]].sort()).toEqual(expected.sort());
  });

  it.each(MATERIAL_TYPES)('%s: the texture slots are exactly those of its three.js material (envMap is the background)', (kind) => {
    const material = MADE[kind]();
    // A shader material has its textures in its own uniforms.
    expect([...MATERIAL_MAPS[kind]].sort()).toEqual(textureSlots(material).sort());
  });

  it('every listed field has a new-material default in the schema (the form repeats none)', () => {
    const defaults = MaterialSchema.parse({}) as Record<string, unknown>;
    for (const kind of MATERIAL_TYPES) for (const f of MATERIAL_FIELDS[kind]) expect(defaults[f], f).toBeDefined();
  });

  it('the form has a label in both languages for every field, slot, type and option it can show', () => {
    const keys = [
      ...MATERIAL_TYPES.flatMap((kind) => [...MATERIAL_FIELDS[kind], ...MATERIAL_MAPS[kind], `type.${kind}`]),
      ...TEXTURE_TRANSFORM,
      ...SIDES.map((s) => `side.${s}`),
      ...COMBINES.map((c) => `combine.${c}`),
      'name',
      'type',
      'envMap',
    ].map((k) => `materialForm.${k}`);
    for (const key of keys) {
      expect(en, key).toHaveProperty([key]);
      expect(zh_Hans, key).toHaveProperty([key]);
    }
  });
});
