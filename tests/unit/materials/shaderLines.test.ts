import { describe, expect, it } from 'vitest';
import { firstLogError, glslFault, scriptFault, toCodeLine, toShaderLine } from '../../../worker/materials/preview/shaderLines';

/** What three compiles: its prefix (version, defines, uniforms), then the material's string. */
const PREFIX = '#version 300 es\n#define SHADER_TYPE ShaderMaterial\nuniform mat4 modelMatrix;\n';

describe('shader error lines', () => {
  it("reads the driver's first error and its line", () => {
    expect(firstLogError("ERROR: 0:7: 'colr' : undeclared identifier\nERROR: 0:7: '' : compilation terminated\n")).toEqual({
      line: 7,
      message: "'colr' : undeclared identifier",
    });
    expect(firstLogError('Attached fragment shader is not compiled.')).toEqual({
      line: null,
      message: 'Attached fragment shader is not compiled.',
    });
  });

  it("maps a line of the compiled source to the material's string, and from there to the shaderCode text", () => {
    const shader = 'void main() {\n  gl_FragColor = vec4(colr, 1.0);\n}';
    const compiled = PREFIX + shader;
    // The prefix is 3 lines: line 5 of the source is line 2 of the string.
    expect(toShaderLine(compiled, shader, 5)).toBe(2);
    expect(toShaderLine(compiled, shader, 2)).toBeNull(); // inside three's prefix
    expect(toShaderLine(PREFIX + 'changed by an include', shader, 5)).toBeNull();
    // Written out verbatim (a template literal on line 2 of the code): exact.
    const verbatim = `const a = 1;\nconst fragmentShader = \`${shader}\`;\nreturn { fragmentShader };`;
    expect(toCodeLine(verbatim, shader, 2)).toBe(3);
    // Joined from quoted lines: the one code line holding that line's text.
    const joined = "return { fragmentShader: [\n  'void main() {',\n  '  gl_FragColor = vec4(colr, 1.0);',\n  '}',\n].join('\\n') };";
    expect(toCodeLine(joined, shader, 2)).toBe(3);
    // A line whose text several code lines hold cannot be told.
    expect(toCodeLine(joined + '\n// }', shader, 3)).toBeNull();
    expect(glslFault('fragment', "ERROR: 0:5: 'colr' : undeclared identifier", compiled, shader, verbatim)).toEqual({
      stage: 'fragment',
      line: 3,
      shaderLine: 2,
      message: "'colr' : undeclared identifier",
    });
  });

  it('finds the line of a throw in shaderCode from the stack of the function made from it', () => {
    // The same shape as runShaderCode's function (worker/materials/code.ts).
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const run = new Function('THREE', '"use strict";\nconst parts = null;\nreturn parts.shaders;') as () => void;
    let thrown: unknown;
    try {
      run();
    } catch (err) {
      thrown = err;
    }
    expect(scriptFault(thrown)).toMatchObject({ stage: 'code', line: 2, message: expect.stringMatching(/^TypeError: /) as unknown });
    expect(scriptFault('plain text')).toEqual({ stage: 'code', line: null, shaderLine: null, message: 'plain text' });
  });
});
