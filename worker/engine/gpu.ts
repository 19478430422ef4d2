/**
 * Is WebGL backed by a software rasterizer (SwiftShader, llvmpipe) rather than a GPU? There,
 * every sample is CPU work: 4x multisampling costs more than the scene itself and takes the frame
 * rate of dashboards on GPU-less machines (kiosks, VMs, thin clients) down with it. Asked once per
 * thread through a throwaway 1x1 context.
 */
let software: boolean | undefined;

export function isSoftwareRenderer(): boolean {
  if (software !== undefined) return software;
  software = false;
  try {
    // No OffscreenCanvas: the main-thread fallback on an older browser, where a page canvas does.
    const page = (globalThis as { document?: { createElement(tagName: 'canvas'): HTMLCanvasElement } }).document;
    const canvas = typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(1, 1) : page?.createElement('canvas');
    const gl = canvas?.getContext('webgl2');
    if (gl) {
      const info = gl.getExtension('WEBGL_debug_renderer_info');
      const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
      software = /swiftshader|llvmpipe|software/i.test(name);
      gl.getExtension('WEBGL_lose_context')?.loseContext();
    }
  } catch {
    // No answer: assume a GPU, the common case.
  }
  return software;
}

/**
 * Can this thread create the WebGL2 context the engine draws with, on an OffscreenCanvas? The
 * page asks a render worker before giving it a space (src/bridge/capability.ts): WebKitGTK and
 * Safari before 17 have OffscreenCanvas in a worker but no WebGL on it. The context is let go at once.
 */
export function canDrawOffscreen(): boolean {
  try {
    const gl = typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(1, 1).getContext('webgl2') : null;
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
    return !!gl;
  } catch {
    return false;
  }
}
