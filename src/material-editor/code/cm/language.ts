import { javascript, javascriptLanguage } from '@codemirror/lang-javascript';
import { LanguageSupport, StreamLanguage } from '@codemirror/language';
import { shader } from '@codemirror/legacy-modes/mode/clike';
import { parseMixed, type Input, type SyntaxNodeRef } from '@lezer/common';
import type { CodeKind } from '../names/scriptApi';

/**
 * GLSL as CodeMirror's own GLSL mode (the "shader" dialect of its C-like modes) reads it: it knows
 * GLSL's types, qualifiers and gl_ variables, where a C++ grammar would call them unknown names.
 */
export const glslLanguage = StreamLanguage.define(shader);

/**
 * Shader code is JavaScript whose template strings are the GLSL (spec §4: it returns
 * { vertexShader, fragmentShader }): each template string is read as GLSL, its `${...}`
 * interpolations staying JavaScript. Quoted strings stay strings (a one-line shader in quotes is
 * rare, and a quoted string is as often a uniform's name).
 */
function glslInTemplates(node: SyntaxNodeRef, input: Input) {
  if (node.name !== 'TemplateString') return null;
  const overlay: { from: number; to: number }[] = [];
  let from = node.from + 1;
  const child = node.node.cursor();
  if (child.firstChild()) {
    do {
      if (child.name === 'Interpolation') {
        overlay.push({ from, to: child.from });
        from = child.to;
      }
    } while (child.nextSibling());
  }
  // An unterminated string (being typed) runs to the end of the document: no closing quote to leave out.
  const closed = node.to > from && input.read(node.to - 1, node.to) === '`';
  overlay.push({ from, to: closed ? node.to - 1 : node.to });
  const text = overlay.filter((r) => r.to > r.from);
  return text.length ? { parser: glslLanguage.parser, overlay: text } : null;
}

const shaderJavaScript = javascriptLanguage.configure({ wrap: parseMixed(glslInTemplates) }, 'javascript+glsl');

/** The language of each kind of code: JavaScript, with GLSL in the shader code's template strings. */
export function languageFor(kind: CodeKind): LanguageSupport {
  // javascript() brings JavaScript's own completions (keywords, snippets, local names); they are
  // tied to the language's data, which the configured copy shares.
  const js = javascript();
  return kind === 'shaderCode' ? new LanguageSupport(shaderJavaScript, js.support) : js;
}
