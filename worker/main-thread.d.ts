/*
 * What the engine meets of the page. worker/ is checked with the WebWorker library alone (no DOM):
 * whatever it uses, a worker has. But the same engine also runs ON the main thread, as src/bridge's
 * fallback when the browser cannot draw in a worker, and there it is handed the page's <canvas>
 * (shared/protocol.ts InitOptions.canvas) instead of an OffscreenCanvas. This names that element,
 * with only what the engine may rely on of it (a subset of lib.dom.d.ts's HTMLCanvasElement).
 * Nothing else of the DOM is declared: code that needs more must find it on `globalThis` and cope
 * with its absence (engine/gpu.ts, models/load/formats/fbx.ts).
 */
interface HTMLCanvasElement {
  width: number;
  height: number;
  getContext(contextId: 'webgl2', options?: WebGLContextAttributes): WebGL2RenderingContext | null;
  addEventListener(type: 'webglcontextlost' | 'webglcontextrestored', listener: EventListener): void;
  removeEventListener(type: 'webglcontextlost' | 'webglcontextrestored', listener: EventListener): void;
}
