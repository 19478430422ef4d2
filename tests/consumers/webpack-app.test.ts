import { join } from 'node:path';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, inject, it } from 'vitest';
import { checkHost } from './support/checks';
import { startBackend } from './support/host';
import { launchChromium } from './support/page';

/*
 * A host app built with plain webpack 5 (tests/consumers/webpack-app: its own JSX loader and HTML
 * page, no Vite anywhere) that installed dash3d from its tarball. webpack bundles the package's
 * render worker itself (as a classic worker) from the literal `new Worker(new URL(...))`.
 */

const app = inject('consumers').apps.webpack;
let browser: Browser;
beforeAll(async () => void (browser = await launchChromium()));
afterAll(() => browser?.close());

it('its production build, served by the host backend, runs every part of dash3d', async () => {
  const backend = await startBackend(app, join(app, 'dist'));
  try {
    await checkHost(browser, `${backend.base}/`, backend.base);
  } finally {
    await backend.stop();
  }
});
