import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import { baseConfig } from './vite.config.ts';
import { browserCommands } from './tests/browser/support/commands.ts';
import { consoleCommands } from './tests/browser/support/console.ts';
import { fileCommands, FIXTURES_DIR, TEST_TMP_ROOT } from './tests/browser/support/files.ts';
import { listenerCommands } from './tests/browser/support/listener.ts';
import { chunkFaultCommands, chunkFaultServer } from './tests/browser/support/chunk-faults.ts';
import { mediaServerCommands, mediaServerProxy } from './tests/browser/support/media-server.ts';
import { testWorkerServer } from './tests/browser/support/test-worker.ts';
import { sleepServer } from './tests/browser/support/parse-stalls/sleep-server.ts';
import { CHROMIUM_PATH, chooseChromiumGl, chromiumGlArgs } from './tests/chromium-gl.ts';

// llvmpipe or SwiftShader for every Chromium of the run, chosen once (tests/chromium-gl.ts).
await chooseChromiumGl(CHROMIUM_PATH);

const base = baseConfig();

export default defineConfig({
  ...base,
  // Parts of the product that do not load, served for real (tests/browser/chunks.test.tsx).
  // The real media-library service behind /__media/ (tests/browser/support/media-server.ts).
  // The render worker built for the run (tests/browser/support/test-worker.ts).
  // A late answer that blocks a worker's synchronous request (tests/browser/support/parse-stalls/sleep-server.ts).
  plugins: [...(base.plugins ?? []), chunkFaultServer(), mediaServerProxy(), testWorkerServer(), sleepServer()],
  // Browser tests read the fixtures in place and temporary copies made by fileCommands.
  server: { ...base.server, fs: { allow: [...(base.server?.fs?.allow ?? []), FIXTURES_DIR, TEST_TMP_ROOT] } },
  define: { ...base.define, __DASH3D_FIXTURES__: JSON.stringify(FIXTURES_DIR) },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        // The media-library service over real HTTP on loopback ports (server/).
        test: { name: 'server', include: ['tests/server/**/*.test.ts'], environment: 'node', testTimeout: 30_000, hookTimeout: 30_000 },
      },
      {
        extends: true,
        // Playwright against `npm start`'s servers (tests/e2e/support/server.ts). The projects that
        // drive browsers share one group (sequence.groupOrder 1), after unit and server: one file of
        // e2e, consumers or browsers at a time (their maxWorkers, 1) beside one file of the browser
        // project at a time (its own pool). Either alone left a fifth to a third of the two cores
        // idle, waiting on a browser; side by side they fill them (docs/testing.md).
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          // What the page shows after a worker's frame or a server's answer: on this shared machine
          // that can take more than expect.poll's default second (it still fails when it never comes).
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        extends: true,
        // Host apps that are not ours (tests/consumers: Vite, webpack, Next.js, Rspack, esbuild and
        // Parcel), built once per run from the packed tarball (support/setup.ts) and driven in
        // Chromium.
        test: {
          name: 'consumers',
          include: ['tests/consumers/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/consumers/support/setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        // The e2e flows that differ per browser, in Firefox ESR (WebDriver BiDi) and WebKitGTK's
        // MiniBrowser (WebDriver), on one Xvfb and one playground for the run (tests/browsers/support/
        // setup.ts).
        test: {
          name: 'browsers',
          include: ['tests/browsers/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/browsers/support/setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.{ts,tsx}'],
          // Each space's render worker is one script built once per run, not the dev server's modules.
          globalSetup: ['tests/browser/support/test-worker.ts'],
          setupFiles: ['tests/browser/support/setup-worker.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One file at a time (SwiftShader already takes a core), beside the other browser-driving
          // projects' one file (groupOrder 1, above).
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            // Real mouse and keyboard input through Playwright (tests/browser/support/commands.ts).
            commands: {
              ...browserCommands,
              ...fileCommands,
              ...listenerCommands,
              ...consoleCommands,
              ...chunkFaultCommands,
              ...mediaServerCommands,
            },
            provider: playwright({
              launchOptions: {
                executablePath: CHROMIUM_PATH,
                // Any host name but the loopback ones fails at once, rather than waiting on a resolver
                // that a closed network may never answer: no test needs the outside world.
                args: [
                  '--disable-background-networking',
                  '--disable-component-update',
                  '--no-first-run',
                  '--disable-sync',
                  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
                  ...chromiumGlArgs(),
                ],
              },
              // A mouse or keyboard action that cannot happen fails its test instead of waiting for ever.
              actionTimeout: 30_000,
            }),
            instances: [{ browser: 'chromium', viewport: { width: 1280, height: 800 } }],
          },
        },
      },
    ],
  },
});
