/**
 * Every browser test file starts: its spaces' render workers are the one built for this run
 * (test-worker.ts), not the dev server's modules; VITE_DASH3D_DEV_WORKER=1 in the environment
 * keeps the dev server's (its modules' own source maps, for debugging one file). A test that needs
 * the dev server's worker calls useDevWorker() (test-worker-url.ts).
 */
import { useBuiltWorker } from './test-worker-url';

if (!import.meta.env.VITE_DASH3D_DEV_WORKER) useBuiltWorker();
