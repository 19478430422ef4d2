/**
 * The name a parse worker is started with: the same script as the render worker (parse/workers.ts),
 * which tells by its name which one it is. The worker entry's first import reads it (steps.ts
 * announceAlive) before anything heavy loads: it comes from a module with no imports of its own.
 */
export { PARSE_WORKER_NAME } from '../../../../shared/parse-host';
