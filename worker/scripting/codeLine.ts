/**
 * Where in user code (a function body compiled with `new Function`: the space's script, shaderCode,
 * a frame script) an error was thrown, from its stack: the line the designer sees in the editor.
 */

/** How many lines `new Function` puts before the body's first line (its header and "use strict"). */
let bodyOffset: number | null | undefined;
function functionBodyOffset(): number | null {
  if (bodyOffset !== undefined) return bodyOffset;
  try {
    // The same shape as runShaderCode's function (worker/materials/code.ts), throwing on body line 1.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    (new Function('THREE', '"use strict";\nthrow new Error("probe")') as () => void)();
    bodyOffset = null;
  } catch (err) {
    const line = stackLine(err);
    bodyOffset = line === null ? null : line - 1;
  }
  return bodyOffset;
}

/** The line:column of the innermost frame of code made by `new Function` (V8 calls it <anonymous>). */
function stackLine(err: unknown): number | null {
  const stack = err instanceof Error ? (err.stack ?? '') : '';
  const m = /<anonymous>:(\d+):\d+/.exec(stack);
  return m ? Number(m[1]) : null;
}

/**
 * The line of user code (a function body made with `new Function(...params, '"use strict";\n' +
 * code)`: shaderCode, a frame script) an error was thrown from, when its stack tells it; else null.
 */
export function bodyLine(err: unknown): number | null {
  const offset = functionBodyOffset();
  const line = stackLine(err);
  return line !== null && offset !== null && line - offset >= 1 ? line - offset : null;
}
