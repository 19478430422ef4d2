import * as THREE from 'three';

/**
 * The two pieces of user code a material entity carries (spec §3): `shaderCode` builds a shader,
 * `frameScript` runs each frame. Both are JavaScript run in the worker, with the same trust as the
 * space's own script (docs/airm.md describes both forms).
 */

/** Spec §8: logged (in Chinese, as the spec asks) when a material's shader code fails to run. */
export const SHADER_CODE_ERROR = '代码错误';

export interface ShaderParts {
  vertexShader: string;
  fragmentShader: string;
  uniforms: Record<string, THREE.IUniform>;
  defines: Record<string, unknown>;
}

/**
 * `shaderCode` is the body of a function called with the three.js namespace (`THREE`) that returns
 * (or resolves to) `{ vertexShader, fragmentShader, uniforms?, defines? }`. Only those four are
 * taken: flags such as `lights` or `fog` would make three read uniforms the code may not define and
 * throw inside the frame, so a shader material keeps them off. Throws when the code throws or
 * returns something else; the caller logs SHADER_CODE_ERROR.
 */
export async function runShaderCode(code: string): Promise<ShaderParts> {
  if (!code.trim()) throw new Error('the material has type "shader" but no shaderCode');
  // User code is what this runs (spec §4: shaderCode is a function body), behind the document's
  // consent (worker/engine/user-code.ts), in the render worker, away from the page's credentials.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const build = new Function('THREE', `"use strict";\n${code}`) as (three: typeof THREE) => unknown;
  const out = (await build(THREE)) as Partial<Record<keyof ShaderParts, unknown>> | null | undefined;
  if (!out || typeof out !== 'object') throw new Error('shaderCode must return { vertexShader, fragmentShader, uniforms }');
  const { vertexShader, fragmentShader, uniforms = {}, defines = {} } = out;
  if (typeof vertexShader !== 'string' || typeof fragmentShader !== 'string') {
    throw new Error('shaderCode must return vertexShader and fragmentShader as strings');
  }
  if (!isRecord(uniforms) || !Object.values(uniforms).every((u) => isRecord(u) && 'value' in u)) {
    throw new Error('shaderCode uniforms must be an object of { value } entries');
  }
  if (!isRecord(defines)) throw new Error('shaderCode defines must be an object');
  return { vertexShader, fragmentShader, uniforms: uniforms as ShaderParts['uniforms'], defines };
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * `frameScript` is the body of a function `(material, dt, THREE)` (also bound as `this` to the
 * material) run before each frame while the material is on the model. By spec §4 its errors are
 * swallowed, compile errors included: a broken script simply does nothing. `onError` hears each
 * one (the preview counts them for the designer); a compile error is heard once, here. Returns null
 * for an empty or uncompilable script, so no frame loop is kept running for it.
 */
export function compileFrameScript(
  code: string,
  material: THREE.Material,
  onError: (err: unknown) => void = () => undefined,
): ((dt: number) => void) | null {
  if (!code.trim()) return null;
  let fn: (this: THREE.Material, m: THREE.Material, dt: number, three: typeof THREE) => void;
  try {
    // User code by design (spec §4: frameScript is a function body), behind consent, in the worker.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    fn = new Function('material', 'dt', 'THREE', `"use strict";\n${code}`) as typeof fn;
  } catch (err) {
    onError(err);
    return null;
  }
  return (dt) => {
    try {
      fn.call(material, material, dt, THREE);
    } catch (err) {
      // Spec §4/§8: frame-script errors are silently ignored (only counted).
      onError(err);
    }
  };
}
