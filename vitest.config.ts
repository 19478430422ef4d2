import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import { baseConfig } from './vite.config';
import { browserCommands } from './tests/browser/support/commands';


const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  ...baseConfig(),
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.{ts,tsx}'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One file at a time: SwiftShader already takes a core, two suites fighting would time out.
          fileParallelism: false,
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            // Real mouse and keyboard input through Playwright (tests/browser/support/commands.ts).
            commands: browserCommands,
            provider: playwright({
              launchOptions: {
                executablePath,
                args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
              },
            }),
            instances: [{ browser: 'chromium', viewport: { width: 1280, height: 800 } }],
          },
        },
      },
    ],
  },
});
