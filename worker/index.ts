// Render worker entry: comlink (vite-plugin-comlink) exposes these exports; nothing else lives here.
import { proxy } from 'comlink';
import { createRenderApi } from './api';

/**
 * This worker's render API, called from the main thread as `remote.render.<method>()` (comlink
 * follows the property path). Marked as a proxy so comlink's types present it as callable there.
 */
export const render = proxy(createRenderApi());
// Answers once the script has loaded: how the main thread and the parse client see it started.
export { ping } from './api';
// The same script runs as a parse worker (worker/models/parse/client.ts); this is its one call.
export { parseModel } from './models/parse/service';
