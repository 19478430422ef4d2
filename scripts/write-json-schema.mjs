// `npm run schema [-- outDir]`: writes <entity>.schema.json for hosts (default folder schema/) from the
// zod schemas in shared/schema.
// Vite's module runner compiles the TypeScript, so the same source serves the app and this script.
import { runnerImport } from 'vite';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = path.join(root, 'shared/schema/json-schema.ts');
const outDir = path.resolve(root, process.argv[2] ?? 'schema');

const { module } = await runnerImport(source);
const schemas = module.allJsonSchemas();

await mkdir(outDir, { recursive: true });
for (const [name, schema] of Object.entries(schemas)) {
  const file = path.join(outDir, `${name}.schema.json`);
  await writeFile(file, JSON.stringify({ $schema: schema.$schema, title: name, ...schema }, null, 2) + '\n');
  console.log(path.relative(root, file));
}
