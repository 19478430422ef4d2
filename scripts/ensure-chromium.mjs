// Finds a Chromium for the browser tests, or installs Debian's package when we may (root + apt-get).
// Playwright's own browser download does not work offline; Debian's chromium does (TOOLCHAIN.md).
// Also a CJK font: without one Chromium draws Chinese (zh_Hans labels, DOM and canvas) as empty
// boxes, so Debian's fonts-wqy-microhei (1.6 MB) is installed the same way, or its absence is
// reported loudly (the Chinese pixel tests then fail; the rest can run). Firefox ESR, WebKitGTK's
// WebDriver and Xvfb (the browsers project) come the same way.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const wanted = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const candidates = [wanted, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const found = candidates.find((p) => existsSync(p));

/** @param {string} cmd */
const succeeds = (cmd) => {
  try {
    execSync(cmd, { stdio: 'ignore', shell: '/bin/sh' });
    return true;
  } catch {
    return false;
  }
};
/** @param {string} cmd */
const output = (cmd) => {
  try {
    return execSync(cmd, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], shell: '/bin/sh' }).trim();
  } catch {
    return '';
  }
};

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const canInstall = isRoot && succeeds('command -v apt-get');

/** A font fontconfig lists for Chinese (what Chromium on Linux uses), else the Debian package we install. */
const hasCjkFont = () =>
  succeeds('command -v fc-list') ? output('fc-list :lang=zh family') !== '' : succeeds('dpkg -s fonts-wqy-microhei');

const missing = [];
if (!found) missing.push('chromium');
if (!hasCjkFont()) missing.push('fonts-wqy-microhei');
// The browsers project (tests/browsers): Firefox ESR, WebKitGTK's WebDriver with its MiniBrowser,
// and Xvfb for both. Without them that project fails, naming these packages; the rest still runs.
const others = [
  [process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr', 'firefox-esr'],
  [process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver', 'webkit2gtk-driver'],
  [process.env.XVFB_PATH ?? '/usr/bin/Xvfb', 'xvfb'],
];
for (const [path, pkg] of others) if (!existsSync(path)) missing.push(pkg);

if (missing.length && canInstall) {
  console.log(`[ensure-chromium] installing Debian ${missing.join(' ')} (apt-get)…`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, {
    stdio: 'inherit',
    shell: '/bin/sh',
  });
}

if (found) {
  if (found !== wanted) console.log(`[ensure-chromium] using ${found}; set CHROMIUM_PATH=${found} to silence this.`);
} else if (!existsSync('/usr/bin/chromium')) {
  console.error(
    canInstall
      ? '[ensure-chromium] apt-get finished but /usr/bin/chromium is missing'
      : `[ensure-chromium] no Chromium at ${wanted}. Install one (Debian: sudo apt-get install -y chromium) ` +
          'or point CHROMIUM_PATH at a Chromium/Chrome binary.',
  );
  process.exit(1);
}

if (!hasCjkFont()) {
  console.warn(
    '[ensure-chromium] WARNING: no Chinese (CJK) font is installed, so Chromium draws zh_Hans text as empty boxes ' +
      'and the tests that check Chinese glyphs will fail. Install one (Debian: sudo apt-get install -y fonts-wqy-microhei).',
  );
}
