import type { ShaderFault } from '../../../shared/protocol';
import { bodyLine } from '../../scripting/codeLine';

/**
 * Where a shader error is in what the designer wrote. The driver counts lines in the whole GLSL
 * three compiled (its prefix of defines and uniforms, then the material's shader string), and the
 * designer edits the shaderCode text that returned that string: both counts are mapped back here.
 * Pure string work, so it is tested without a GPU (tests/unit/materials/shaderLines.test.ts).
 */

/** 1-based line of character `index` in `text`. */
const lineAt = (text: string, index: number): number => text.slice(0, index).split('\n').length;

/** The first error of a driver's info log ("ERROR: 0:12: 'x' : undeclared identifier"): its line and text. */
export function firstLogError(log: string): { line: number | null; message: string } {
  const m = /ERROR:\s*\d+:(\d+):\s*(.*)/.exec(log);
  if (m) return { line: Number(m[1]), message: m[2]!.trim() };
  const first = log.trim().split('\n')[0] ?? '';
  return { line: null, message: first.replace(/^ERROR:\s*/, '').trim() };
}

/**
 * The line in the material's shader string for a line of the compiled source: three appends the
 * string last, so where it sits verbatim in the source its lines start after the prefix. Null when
 * three changed it (an `#include` expanded) and the line cannot be told.
 */
export function toShaderLine(compiled: string, shader: string, compiledLine: number | null): number | null {
  if (compiledLine === null || !shader) return null;
  const at = compiled.lastIndexOf(shader);
  if (at < 0) return null;
  const line = compiledLine - lineAt(compiled, at) + 1;
  return line >= 1 && line <= shader.split('\n').length ? line : null;
}

/**
 * The line of the shaderCode text holding a line of the shader string: exact when the string is
 * written out verbatim (a template literal, a one-line string); otherwise the one code line that
 * holds that line's text, if exactly one does (a string joined from quoted lines).
 */
export function toCodeLine(code: string, shader: string, shaderLine: number | null): number | null {
  if (shaderLine === null) return null;
  const at = shader ? code.indexOf(shader) : -1;
  if (at >= 0) return lineAt(code, at) + shaderLine - 1;
  const text = shader.split('\n')[shaderLine - 1]?.trim();
  if (!text) return null;
  const holders = code.split('\n').flatMap((l, i) => (l.includes(text) ? [i + 1] : []));
  return holders.length === 1 ? holders[0]! : null;
}

/** A GLSL fault as the designer is shown it, from the stage's log and compiled source. */
export function glslFault(stage: 'vertex' | 'fragment' | 'link', log: string, compiled: string, shader: string, code: string): ShaderFault {
  const { line, message } = firstLogError(log);
  const shaderLine = stage === 'link' ? null : toShaderLine(compiled, shader, line);
  return { stage, shaderLine, line: toCodeLine(code, shader, shaderLine), message: message || `${stage} shader failed` };
}

/** The shaderCode's JavaScript threw (or did not compile): its message, and its line when the stack tells it. */
export function scriptFault(err: unknown): ShaderFault {
  const message = err instanceof Error ? `${err.name === 'Error' ? '' : `${err.name}: `}${err.message}` : String(err);
  return { stage: 'code', shaderLine: null, line: bodyLine(err), message };
}
