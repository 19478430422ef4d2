// Render worker entry, and the parse workers' too (the same script started again: one copy of
// three). It exposes the API below over comlink and holds nothing else. Shipped as the package's
// render-worker.js (scripts/package/build.mjs); plain comlink, so no host build needs a plugin.
import './boot';
import { expose, proxy } from 'comlink';
import { createRenderApi, ping } from './api';
import { parseModel, warmParse } from './models/load/parse/service';
import { adoptRenderPort, watchNestedWorkers } from './models/load/parse/steps';
import { canDrawOffscreen } from './engine/gpu';

const api = {
  /**
   * This worker's render API, called from the main thread as `remote.render.<method>()` (comlink
   * follows the property path). Marked as a proxy so comlink's types present it as callable there.
   */
  render: proxy(createRenderApi()),
  /** The heartbeat, and the probe that the script has loaded (main thread and parse client alike). */
  ping,
  /** The page's capability check (src/bridge/capability.ts): can this worker draw with WebGL2? */
  canDrawOffscreen,
  /** A parse worker's one call (worker/models/load/parse/client.ts). */
  parseModel,
  /** A parse worker started ahead of need loads its parsers while it waits. */
  warmParse,
};

/** What a render (or parse) worker answers, as the main thread and the parse client wrap it. */
export type WorkerApi = typeof api;

// In a parse worker: its parent hears of every worker it starts, and of a start that never returns.
watchNestedWorkers();

expose(api);
// In a parse worker the page started: the render worker it serves calls it over a port the page hands over.
adoptRenderPort((port) => expose(api, port));
