/**
 * Which software rasteriser draws this page's WebGL: the run chooses llvmpipe or SwiftShader
 * (tests/chromium-gl.ts). llvmpipe runs a long fragment loop several times faster, so a test that
 * needs frames to be slow asks for a longer loop there.
 */
export function rasteriser(): 'llvmpipe' | 'swiftshader' {
  const gl = document.createElement('canvas').getContext('webgl2');
  const info = gl?.getExtension('WEBGL_debug_renderer_info');
  const name = info ? String(gl!.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
  gl?.getExtension('WEBGL_lose_context')?.loseContext();
  return /llvmpipe/i.test(name) ? 'llvmpipe' : 'swiftshader';
}
