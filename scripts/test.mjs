// `npm test` after ensure-chromium: the static checks (scripts/checks.mjs) and the test run
// (vitest) side by side. Alone on an idle machine the checks take about two and a half minutes;
// beside the global setups they end before the setups do, at a lower CPU priority, so the builds
// and the first tests lose little to them (docs/testing.md, "Where the time goes"). Exit code: non-zero when either failed; when the checks fail the test run is stopped
// (there is nothing to ship), and the checks' report says why.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

const VITEST = ['vitest', 'run', '--reporter=default', '--reporter=./tests/summary-reporter.ts'];

/** @param {string} cmd @param {string[]} args */
function start(cmd, args) {
  const child = spawn(cmd, args, { stdio: 'inherit' });
  const done = new Promise((resolve) => {
    child.on('error', (err) => {
      console.error(`[test] ${cmd} ${args.join(' ')} could not start: ${err.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
  return { child, done };
}

const checks = start(process.execPath, ['scripts/checks.mjs']);
try {
  // Nice 10: second in line for the cores. Not fatal where priorities cannot be changed.
  if (checks.child.pid) setPriority(checks.child.pid, 10);
} catch {
  // The checks simply run at normal priority.
}
// The binary itself rather than npx, so that stopping it stops the run.
const tests = start('node_modules/.bin/vitest', [...VITEST.slice(1), ...process.argv.slice(2)]);

const checksCode = await checks.done;
if (checksCode !== 0) {
  console.error('[test] the static checks failed (above): stopping the test run');
  tests.child.kill('SIGTERM');
}
const testsCode = await tests.done;
process.exit(checksCode !== 0 || testsCode !== 0 ? 1 : 0);
