import { createServer, type ViteDevServer } from 'vite';
import { baseConfig } from '../../../vite.config';
import { FIXTURES, freePort } from '../../e2e/support/server';
import { sleepServer } from '../../browser/support/parse-stalls/sleep-server';

/**
 * A Vite dev server of the source for the harness pages in tests/browsers/harness/: what the
 * Chromium tests' browser mode serves (the test hooks on, the fixtures read in place), for a flow
 * that needs a test's stand-in module in the render worker, which the playground's production build
 * cannot take. Started by the file that needs it.
 */
export async function startHarnessServer(): Promise<{ base: string; stop(): Promise<void> }> {
  const base = baseConfig();
  const port = await freePort();
  const server: ViteDevServer = await createServer({
    ...base,
    configFile: false,
    // The slow parser's wait (tests/browser/support/parse-stalls/sleep-server.ts).
    plugins: [...(base.plugins ?? []), sleepServer()],
    logLevel: 'warn',
    // Its own pre-bundled dependencies, apart from the playground's and Vitest's.
    cacheDir: 'node_modules/.vite/browsers-harness',
    define: { ...base.define, __DASH3D_FIXTURES__: JSON.stringify(FIXTURES) },
    server: { host: '127.0.0.1', port, strictPort: true, fs: { allow: [...(base.server?.fs?.allow ?? []), FIXTURES] }, hmr: false },
  });
  await server.listen();
  return { base: `http://127.0.0.1:${port}`, stop: () => server.close() };
}
