import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENVIRONMENT_TYPES } from '../../../shared/schema/scene';
import { ENVIRONMENT_PRESETS } from '../../../worker/features/environment-presets';
import { ASSETS_DIR, ENVIRONMENTS } from '../../../scripts/assets.mjs';

/**
 * A preset reaches a scene through three lists kept by hand: the schema's ENVIRONMENT_TYPES (what a
 * config may name), scripts/assets.mjs's ENVIRONMENTS (the .exr files it writes, which the dev
 * server and the package ship) and worker/features/environment-presets.ts (the literal URL of each
 * file, which is what a bundler sees). A preset added to the schema alone would validate and then
 * fail to load in every host; these checks read the lists, not the files, so they hold before any
 * build (environment-presets.test.ts decodes the written files).
 */
describe('every environment preset of the schema is shipped', () => {
  const sorted = (names: readonly string[]) => [...names].sort();

  it('the schema names the 18 presets of spec §3', () => {
    expect(new Set(ENVIRONMENT_TYPES).size).toBe(18);
  });

  it('scripts/assets.mjs writes a file for exactly the presets of the schema', () => {
    expect(sorted(ENVIRONMENTS)).toEqual(sorted(ENVIRONMENT_TYPES));
    expect(new Set(ENVIRONMENTS).size).toBe(ENVIRONMENTS.length);
  });

  it('the installed @pmndrs/assets has the source of each file it writes', () => {
    // The module scripts/assets.mjs decodes; resolved from the script, as it does.
    const require = createRequire(new URL('../../../scripts/assets.mjs', import.meta.url));
    const missing = ENVIRONMENTS.filter((env) => {
      try {
        require.resolve(`@pmndrs/assets/hdri/${env}.exr.js`);
        return false;
      } catch {
        return true;
      }
    });
    expect(missing).toEqual([]);
  });

  it("the engine's table has one entry per preset, naming the file written for it", () => {
    expect(sorted(Object.keys(ENVIRONMENT_PRESETS))).toEqual(sorted(ENVIRONMENT_TYPES));
    for (const type of ENVIRONMENT_TYPES) {
      const file = ENVIRONMENT_PRESETS[type];
      expect(file.name).toBe(`environments/${type}.exr`);
      // Another preset's picture under this name would pass every other check.
      expect(fileURLToPath(file.built)).toBe(join(ASSETS_DIR, 'environments', `${type}.exr`));
    }
  });
});
