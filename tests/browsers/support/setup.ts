import type { TestProject } from 'vitest/node';
import { startPlayground } from '../../e2e/support/server';
import { BROWSERS, missingFor, type BrowserName } from './binaries';
import { startXvfb } from './xvfb';

/*
 * Once per run (vitest globalSetup of the `browsers` project): one virtual display and one
 * playground (`npm start`'s servers, tests/e2e/support/server.ts) for every file, so each file pays
 * only for its own browser launches. What is missing is not thrown here, where it would stop every
 * project of `npm test`: each file's browser fails its own tests with the message instead.
 */

export interface BrowsersRun {
  /** The playground, http://127.0.0.1:<port>. */
  base: string;
  /** The X display the browsers open their windows on, ':<n>'. */
  display: string;
  /** That display's screen as an XWD file the X server keeps up to date (xvfb.ts, screen.ts). */
  framebuffer: string;
  /** Why a browser cannot run here (the Debian package to install), by name. */
  missing: Partial<Record<BrowserName, string>>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    browsers: BrowsersRun;
  }
}

export default async function setup(project: TestProject) {
  const missing: BrowsersRun['missing'] = {};
  for (const name of BROWSERS) {
    const why = missingFor(name);
    if (why) missing[name] = why;
  }
  if (Object.keys(missing).length === BROWSERS.length) {
    project.provide('browsers', { base: '', display: '', framebuffer: '', missing });
    return;
  }
  const display = await startXvfb();
  const pg = await startPlayground().catch(async (err: unknown) => {
    await display.stop();
    throw err;
  });
  project.provide('browsers', { base: pg.base, display: display.name, framebuffer: display.framebuffer, missing });
  return async () => {
    await pg.stop();
    await display.stop();
  };
}
