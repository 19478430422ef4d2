import { Mesh, Points, Scene, ShaderMaterial, WebGLRenderTarget, type BufferGeometry, type WebGLRenderer, type Camera } from 'three';
import type { EngineEvent, PreviewMaterialResult, ShaderFault } from '../../../shared/protocol';
import { SHADER_CODE_ERROR } from '../code';
import { glslFault } from './shaderLines';

/**
 * Whether a new shader material's GLSL compiles and links, found out before it replaces the one on
 * screen. three reports a broken program only on its first draw (`renderer.compile` skips the
 * check), and a broken program draws nothing: so the material is drawn once, alone, into a 1x1
 * render target, with `renderer.debug.onShaderError` listening. The page's canvas is not touched.
 * The program made here is the render-target variant (no tone mapping): the canvas compiles its own
 * on the first real frame, a cost paid once per edit of the shader.
 */
export function checkShader(
  renderer: WebGLRenderer,
  camera: Camera,
  geometry: BufferGeometry,
  material: ShaderMaterial,
  asPoints: boolean,
  shaderCode: string,
): ShaderFault | null {
  const object = asPoints ? new Points(geometry, material) : new Mesh(geometry, material);
  // Drawn whatever the camera sees: a culled object would never compile.
  object.frustumCulled = false;
  const scene = new Scene();
  scene.add(object);
  const target = new WebGLRenderTarget(1, 1, { depthBuffer: false });
  const debug = renderer.debug;
  const listener = debug.onShaderError;
  const checking = debug.checkShaderErrors;
  const previousTarget = renderer.getRenderTarget();
  let fault: ShaderFault | null = null;
  debug.checkShaderErrors = true;
  debug.onShaderError = (gl, program, vertex, fragment) => {
    fault = readFault(gl, program, vertex, fragment, material, shaderCode);
  };
  try {
    renderer.setRenderTarget(target);
    renderer.render(scene, camera);
  } finally {
    renderer.setRenderTarget(previousTarget);
    debug.onShaderError = listener;
    debug.checkShaderErrors = checking;
    object.removeFromParent();
    target.dispose();
  }
  return fault;
}

/** Which stage failed first (a stage that did not compile also fails the link), from the driver's logs. */
function readFault(
  gl: WebGLRenderingContext,
  program: WebGLProgram,
  vertex: WebGLShader,
  fragment: WebGLShader,
  material: ShaderMaterial,
  code: string,
): ShaderFault {
  const stages = [
    ['vertex', vertex, material.vertexShader],
    ['fragment', fragment, material.fragmentShader],
  ] as const;
  for (const [stage, shader, source] of stages) {
    if (gl.getShaderParameter(shader, gl.COMPILE_STATUS) === false) {
      return glslFault(stage, gl.getShaderInfoLog(shader) ?? '', gl.getShaderSource(shader) ?? '', source, code);
    }
  }
  return glslFault('link', gl.getProgramInfoLog(program) ?? '', '', '', code);
}

/**
 * The answer for a shader material refused (the last good one stays on screen), logged as spec §8
 * asks: '代码错误', once, as a log event the page writes to its console. Not also in the worker's
 * own console: browsers show a worker's messages in the page's console too (and the fallback runs
 * this on the page), so the designer read every shader error twice. The issue is `issue` when
 * given (the thrown message, as the preview's issue list always showed it).
 */
export function refuseShader(emit: (event: EngineEvent) => void, fault: ShaderFault, issue?: string): PreviewMaterialResult {
  const where = fault.line !== null ? `line ${fault.line}: ` : fault.shaderLine !== null ? `line ${fault.shaderLine} of the shader: ` : '';
  const text = `${fault.stage === 'code' ? '' : `${fault.stage} shader, `}${where}${fault.message}`;
  emit({ type: 'log', level: 'error', message: `${SHADER_CODE_ERROR}: ${text}` });
  return { ok: false, issues: [{ path: 'shaderCode', message: issue ?? text }], shader: fault };
}
