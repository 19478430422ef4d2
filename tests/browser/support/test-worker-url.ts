/** Where the page finds the render worker built for the tests (test-worker.ts serves it). */
export const TEST_WORKER_PREFIX = '/__dash3d-test-worker/';

/** What src/bridge/chunks.ts reads (a test hook): the render worker's script to start instead of its own. */
const slot = globalThis as { __DASH3D_TEST_WORKER__?: string };

/** Every space of the page starts the render worker built for this run (setup-worker.ts). */
export function useBuiltWorker() {
  slot.__DASH3D_TEST_WORKER__ = `${TEST_WORKER_PREFIX}render-worker.js`;
}

/**
 * For a test that loads a dev-server module into the render worker that shares the engine's
 * module state (a `moduleUrls` stand-in importing worker/ source): that module's imports must be
 * the worker's own modules, so the spaces it starts run the dev server's worker. Answers a
 * function that puts the built worker back (call it in `finally`).
 */
export function useDevWorker(): () => void {
  const built = slot.__DASH3D_TEST_WORKER__;
  delete slot.__DASH3D_TEST_WORKER__;
  return () => void (slot.__DASH3D_TEST_WORKER__ = built);
}
