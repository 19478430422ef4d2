import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, inject, it } from 'vitest';
import { PROJECT, run } from './support/setup';

/*
 * Issue 17 point 11: the host code the docs show compiles against the packed .d.ts, in a host app
 * that installed the tarball (the Vite app, with TypeScript and React's types as a TS host has
 * them), with TypeScript's bundler resolution as Vite's own templates set it. A field the docs
 * name that the types lack (or the other way round) fails here.
 */

const app = inject('consumers').apps.vite;

/** The first fenced block of `lang` after `heading` in a Markdown file. */
async function snippet(file: string, heading: string, lang: string): Promise<string> {
  const text = await readFile(join(PROJECT, file), 'utf8');
  const from = text.indexOf(heading);
  expect(from, `${heading} in ${file}`).toBeGreaterThanOrEqual(0);
  const m = new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(text.slice(from));
  expect(m, `a ${lang} block after ${heading} in ${file}`).not.toBeNull();
  return m![1]!;
}

it("the README's host page, the host guide's viewer page (dash3d/space) and docs/plugin-contract.md's host compile against the packed types", async () => {
  const readme = await snippet('README.md', '## Use it in your editor', 'tsx');
  const viewer = await snippet('docs/host-guide.md', '## What a viewer loads', 'tsx');
  // The contract's snippet names the host's own things without declaring them: declared here, typed.
  const contract = `import type { VariableSource } from 'dash3d';
declare const user: { permissions: string[] };
declare const token: string;
declare const variables: VariableSource;
declare const documentJsonAsItArrived: string;
${await snippet('docs/plugin-contract.md', '# The plug-in contract', 'ts')}
export { widgets };
`;
  await writeFile(join(app, 'src', 'readme-host.tsx'), readme);
  await writeFile(join(app, 'src', 'readme-viewer.tsx'), viewer);
  await writeFile(join(app, 'src', 'contract-host.ts'), contract);
  await writeFile(
    join(app, 'tsconfig.snippets.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        moduleResolution: 'bundler',
        jsx: 'react-jsx',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: [],
      },
      files: ['src/readme-host.tsx', 'src/readme-viewer.tsx', 'src/contract-host.ts'],
    }),
  );
  // skipLibCheck off: the package's own declarations are checked too, not only their use.
  const out = await run(join(app, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.snippets.json'], app).catch((err: Error) => err.message);
  expect(out).toBe('');
});
