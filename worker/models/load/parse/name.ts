/**
 * The name a parse worker is started with: the same script as the render worker (parse/workers.ts),
 * which tells by its name which one it is. A module of its own, with no imports: the worker
 * entry's first import reads it (steps.ts announceAlive) before anything heavy loads.
 */
export const PARSE_WORKER_NAME = 'dash3d-parse';
