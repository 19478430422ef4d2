/**
 * Every browser test file starts: its spaces' render workers are the one built for this run
 * (test-worker.ts), not the dev server's modules; VITE_DASH3D_DEV_WORKER=1 in the environment
 * keeps the dev server's (its modules' own source maps, for debugging one file). A test that needs
 * the dev server's worker calls useDevWorker() (test-worker-url.ts).
 */
import { TEST_WORKER_PREFIX } from './test-worker-url';

if (!import.meta.env.VITE_DASH3D_DEV_WORKER)
  (globalThis as { __DASH3D_TEST_WORKER__?: string }).__DASH3D_TEST_WORKER__ = `${TEST_WORKER_PREFIX}render-worker.js`;
