// Finds a Chromium for the browser tests, or installs Debian's package when we may (root + apt-get).
// Playwright's own browser download does not work offline; Debian's chromium does (TOOLCHAIN.md).
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const wanted = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const candidates = [wanted, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const found = candidates.find((p) => existsSync(p));

if (found) {
  if (found !== wanted) console.log(`[ensure-chromium] using ${found}; set CHROMIUM_PATH=${found} to silence this.`);
  process.exit(0);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = (() => {
  try {
    execSync('command -v apt-get', { stdio: 'ignore', shell: '/bin/sh' });
    return true;
  } catch {
    return false;
  }
})();

if (!isRoot || !hasApt) {
  console.error(
    `[ensure-chromium] no Chromium at ${wanted}. Install one (Debian: sudo apt-get install -y chromium) ` +
      'or point CHROMIUM_PATH at a Chromium/Chrome binary.',
  );
  process.exit(1);
}

console.log('[ensure-chromium] installing Debian chromium (apt-get)…');
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
  stdio: 'inherit',
  shell: '/bin/sh',
});
if (!existsSync('/usr/bin/chromium')) {
  console.error('[ensure-chromium] apt-get finished but /usr/bin/chromium is missing');
  process.exit(1);
}
