import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { allJsonSchemas, JSON_SCHEMA_ENTITIES, toJsonSchema } from '../../../shared/schema';

/** The parts of a generated JSON Schema these tests read. */
interface Schema {
  type?: string;
  title?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  $ref?: string;
  $defs?: Record<string, Schema>;
}
const root = fileURLToPath(new URL('../../..', import.meta.url));

describe('generated JSON Schema', () => {
  it('dashboard: top-level id, name, version, widgets; widgets are the recursive widget shape', () => {
    const s = toJsonSchema('dashboard') as Schema;
    expect(s.type).toBe('object');
    expect(Object.keys(s.properties ?? {}).sort()).toEqual(['id', 'name', 'version', 'widgets']);
    // io 'input': every top-level field has a default, so nothing is required of a host.
    expect(s.required ?? []).toEqual([]);
    const ref = s.properties?.widgets?.items?.$ref ?? '';
    expect(ref).toMatch(/^#\/\$defs\/./);
    const widget = s.$defs?.[ref.split('/').pop()!];
    expect(Object.keys(widget?.properties ?? {}).sort()).toEqual(['children', 'config', 'id', 'layout', 'type']);
    expect(widget?.required?.sort()).toEqual(['id', 'layout', 'type']);
    expect(widget?.properties?.children?.items?.$ref).toBe(ref);
  });

  it('space: the config areas of spec §3 with their defaults and ranges', () => {
    const s = toJsonSchema('space') as Schema;
    for (const key of ['sceneConfig', 'cameraConfig', 'controlConfig', 'snapshotConfig', 'environmentConfig', 'renderConfig', 'lightConfig', 'composerConfig', 'helperConfig', 'loadingConfig']) {
      expect(s.properties).toHaveProperty(key);
    }
    const damping = s.properties?.controlConfig?.properties?.orbitConfig?.properties?.dampingFactor;
    expect(damping).toMatchObject({ type: 'number', default: 0.05, minimum: 0, maximum: 1 });
  });

  it('every entity converts and survives a JSON round trip', () => {
    const all = allJsonSchemas();
    expect(Object.keys(all).sort()).toEqual(Object.keys(JSON_SCHEMA_ENTITIES).sort());
    for (const [name, s] of Object.entries(all)) {
      expect(JSON.parse(JSON.stringify(s)), name).toEqual(s);
      expect((s as Schema).type, name).toBe('object');
    }
    expect((all.material as Schema).properties?.ior).toMatchObject({ minimum: 1, maximum: 2.333, default: 1.5 });
  });

  it('npm run schema writes one file per entity', async () => {
    const out = await mkdtemp(path.join(tmpdir(), 'dash3d-schema-'));
    try {
      await promisify(execFile)(process.execPath, [path.join(root, 'scripts/write-json-schema.mjs'), out], { cwd: root });
      const files = (await readdir(out)).sort();
      expect(files).toEqual(Object.keys(JSON_SCHEMA_ENTITIES).map((n) => `${n}.schema.json`).sort());
      const dashboard = JSON.parse(await readFile(path.join(out, 'dashboard.schema.json'), 'utf8')) as Schema;
      expect(dashboard.title).toBe('dashboard');
      expect(Object.keys(dashboard.properties ?? {}).sort()).toEqual(['id', 'name', 'version', 'widgets']);
      // The files shipped in schema/ are what the schemas say now (a field added without
      // `npm run schema` would leave hosts validating against an old shape).
      for (const f of files) {
        const shipped: unknown = JSON.parse(await readFile(path.join(root, 'schema', f), 'utf8'));
        expect(shipped, `schema/${f} is stale: run npm run schema`).toEqual(JSON.parse(await readFile(path.join(out, f), 'utf8')));
      }
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 60_000);
});
