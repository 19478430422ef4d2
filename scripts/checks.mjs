// The static checks of `npm test`: the typecheck (`tsc -b` of TypeScript 7, the native compiler:
// 26 core-seconds against 5.9's 63 to 75 for the same errors), ESLint and Prettier, run side by
// side (on two cores that saves most of a minute of every CI run). Each
// command's output is printed whole once it ends, so they do not interleave; the exit code is
// non-zero when any of them failed.
import { spawn } from 'node:child_process';

const CHECKS = [
  // By path: TypeScript 5.9 (ESLint's, the package's declarations') has a `tsc` too, and which
  // of the two node_modules/.bin/tsc links to is up to npm.
  ['typecheck', 'node', ['node_modules/typescript7/bin/tsc', '-b']],
  ['eslint', 'eslint', ['--max-warnings', '0', '.']],
  ['prettier', 'prettier', ['--check', '.']],
];

/** @param {[string, string, string[]]} check */
function run([name, bin, args]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const [cmd, argv] = bin === 'node' ? [process.execPath, args] : ['npx', ['--no-install', bin, ...args]];
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (err) => resolve({ name, ok: false, out: `${out}${err.message}\n`, s: 0 }));
    child.on('close', (code) => resolve({ name, ok: code === 0, out, s: Math.round((Date.now() - started) / 1000) }));
  });
}

const results = await Promise.all(CHECKS.map(run));
let failed = false;
for (const r of results) {
  const text = r.out
    .split('\n')
    .filter((line) => !/^npm warn /.test(line))
    .join('\n')
    .trim();
  console.log(`[checks] ${r.name}: ${r.ok ? 'passed' : 'FAILED'} (${r.s} s)${text ? `\n${text}` : ''}`);
  failed ||= !r.ok;
}
process.exit(failed ? 1 : 0);
