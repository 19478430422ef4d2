// Render worker entry: comlink (vite-plugin-comlink) exposes these exports; nothing else lives here.
import { proxy } from 'comlink';
import { createRenderApi } from './api';

/**
 * This worker's render API, called from the main thread as `remote.render.<method>()` (comlink
 * follows the property path). Marked as a proxy so comlink's types present it as callable there.
 */
export const render = proxy(createRenderApi());
// The parse client's probe that this script, started as a parse worker, has loaded (worker/models/load/parse/client.ts).
export { ping } from './api';
// The same script runs as a parse worker (worker/models/load/parse/client.ts); this is its one call.
export { parseModel } from './models/load/parse/service';
