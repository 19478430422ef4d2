// Render worker entry: comlink (vite-plugin-comlink) exposes these exports; nothing else lives here.
export * from './api';
// The same script runs as a parse worker (worker/models/load/parse/client.ts); this is its one call.
export { parseModel } from './models/load/parse/service';
