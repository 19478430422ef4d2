import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importOptional } from '../../server/optional.mjs';

// The S3 and Redis clients are optional peers of the package: chosen without being installed,
// the service names the package and the setting instead of failing with a bare module error.
const dir = await mkdtemp(path.join(tmpdir(), 'dash3d-optional-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('an optional package that is not installed', () => {
  it('is named with the setting that needs it and the command that installs it', async () => {
    const file = path.join(dir, 'needs.mjs');
    await writeFile(file, "import 'dash3d-no-such-package';\n");
    await expect(importOptional(() => import(pathToFileURL(file).href), 'dash3d-no-such-package', 'MEDIA_STORE=s3')).rejects.toThrow(
      'MEDIA_STORE=s3 needs the package dash3d-no-such-package, which is not installed: npm install dash3d-no-such-package',
    );
  });

  it('any other failure of the module is passed on as it is', async () => {
    const file = path.join(dir, 'broken.mjs');
    await writeFile(file, "throw new Error('broken at load');\n");
    await expect(importOptional(() => import(pathToFileURL(file).href), 'redis', 'SESSION_STORE')).rejects.toThrow('broken at load');
  });
});
