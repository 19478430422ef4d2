// @ts-check
// `node scripts/three-names.mjs`: writes src/material-editor/code/names/threeNames.ts, the names the
// code editors complete after `THREE.`, from the installed three.js. The main thread never imports
// three (it is the worker's), so the names are written down; tests/unit/material-editor/
// three-names.test.ts fails when they no longer match the installed three (run this again then).
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as THREE from 'three';

const OUT = fileURLToPath(new URL('../src/material-editor/code/names/threeNames.ts', import.meta.url));

/** What a name is, as the completion list shows it (its icon). */
function kindOf(/** @type {string} */ name, /** @type {unknown} */ value) {
  if (typeof value === 'function') return /^[A-Z]/.test(name) ? 'class' : 'function';
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return 'constant';
  return 'namespace';
}

/** Space-separated names, wrapped so no line of the file is long. */
function wrapped(/** @type {string[]} */ names) {
  /** @type {string[]} */
  const lines = [];
  let line = '';
  for (const n of names) {
    if (line && line.length + n.length > 110) {
      lines.push(line);
      line = '';
    }
    line += (line ? ' ' : '') + n;
  }
  return [...lines, line].map((l) => `  ${l}`).join('\n');
}

const groups = { class: [], function: [], constant: [], namespace: [] };
for (const [name, value] of Object.entries(THREE).sort(([a], [b]) => (a < b ? -1 : 1))) {
  /** @type {string[]} */ (groups[kindOf(name, value)]).push(name);
}

const body = Object.entries(groups)
  .map(([kind, names]) => `  ${kind}: \`\n${wrapped(names)}\n  \`,`)
  .join('\n');
await writeFile(
  OUT,
  `// Written by \`node scripts/three-names.mjs\` from three ${THREE.REVISION}: do not edit by hand.
// The names of the THREE namespace user code gets, by kind (a class, a function, a constant such as
// FrontSide, a namespace object such as MathUtils), for completion after \`THREE.\`.
export const THREE_REVISION = '${THREE.REVISION}';

export const THREE_NAMES = {
${body}
} satisfies Record<'class' | 'function' | 'constant' | 'namespace', string>;
`,
);
console.log(`${OUT}: ${Object.values(groups).flat().length} names of three ${THREE.REVISION}`);
