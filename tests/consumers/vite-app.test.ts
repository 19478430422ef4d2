import { join } from 'node:path';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, inject, it } from 'vitest';
import { checkHost, checkViewer } from './support/checks';
import { startBackend, startViteDev } from './support/host';
import { launchChromium } from './support/page';

/*
 * A host app built with Vite (tests/consumers/vite-app: a stock React setup, nothing for dash3d)
 * that installed dash3d from its tarball: its production build, and its dev server, where Vite's
 * dependency optimizer moves the package's code elsewhere (the classic trap for worker packages).
 */

const app = inject('consumers').apps.vite;
let browser: Browser;
beforeAll(async () => void (browser = await launchChromium()));
afterAll(() => browser?.close());

it('its production build (vite build), served by the host backend, runs every part of dash3d', async () => {
  const backend = await startBackend(app, join(app, 'dist'));
  try {
    await checkHost(browser, `${backend.base}/`, backend.base);
  } finally {
    await backend.stop();
  }
});

it('its dev server (the dependency optimizer moves the package) runs every part of dash3d, with no configuration', async () => {
  const backend = await startBackend(app, '-');
  const dev = await startViteDev(app, backend.base);
  try {
    await checkHost(browser, `${dev.base}/`, backend.base);
  } finally {
    await dev.stop();
    await backend.stop();
  }
});

it("its dashboard viewer page (the plug-in's widgets, no editor) draws a saved scene and keeps three.js and antd off the main thread", async () => {
  const backend = await startBackend(app, join(app, 'dist'));
  try {
    await checkViewer(browser, `${backend.base}/viewer.html`);
  } finally {
    await backend.stop();
  }
});
