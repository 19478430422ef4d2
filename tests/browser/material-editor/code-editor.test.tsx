import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { Locale } from '../../../shared/i18n';
import { CodeEditor, type CodeEditorProps } from '../../../src/material-editor/code/CodeEditor';
import { ShaderCodeField } from '../../../src/material-editor/code/ShaderCodeField';
import { waitFor } from '../support/harness';
import {
  colourOf,
  completionLabels,
  editorAround,
  editorNamed,
  lineNumberBeside,
  pickCompletion,
  shownText,
  tokenElement,
} from '../support/code';

const mounted = new Set<{ root: Root; host: HTMLElement }>();
afterEach(() => {
  for (const m of mounted) {
    m.root.unmount();
    m.host.remove();
  }
  mounted.clear();
});

/** One editor between two buttons, its value kept as a host keeps it; `changes` is every value it handed over. */
function mountEditor(initial: string, props: Partial<CodeEditorProps> = {}) {
  const changes: string[] = [];
  function One() {
    const [value, setValue] = useState(initial);
    return (
      <>
        <button type="button">before</button>
        <CodeEditor
          value={value}
          onChange={(v) => {
            changes.push(v);
            setValue(v);
          }}
          label="Script"
          locale="en"
          {...props}
        />
        <button type="button">after</button>
      </>
    );
  }
  const host = document.createElement('div');
  host.style.width = '600px';
  document.body.appendChild(host);
  const root = createRoot(host);
  mounted.add({ root, host });
  flushSync(() => root.render(<One />));
  return { host, changes };
}

/** Puts the caret at the end of the text (a click, then Ctrl+End as a designer would). */
async function caretAtEnd(content: HTMLElement) {
  await userEvent.click(content);
  await userEvent.keyboard('{Control>}{End}{/Control}');
}

describe('CodeEditor (CodeMirror 6)', () => {
  it('numbers its lines, indents with Tab, undoes, and lets Escape then Tab (or Shift+Tab) leave', async () => {
    const text = Array.from({ length: 30 }, (_, i) => `// line ${i + 1}`).join('\n');
    const { changes } = mountEditor(text);
    const content = await editorNamed('Script');
    // The number beside each line is that line's (once CodeMirror measured its gutter: on a busy
    // machine the first layout can come a frame later).
    await expect.poll(() => lineNumberBeside(content, tokenElement(content, '// line 1'))).toBe(1);
    await expect.poll(() => lineNumberBeside(content, tokenElement(content, '// line 12'))).toBe(12);

    await userEvent.click(tokenElement(content, '// line 1'));
    await userEvent.keyboard('{Control>}{Home}{/Control}{Tab}');
    await waitFor(() => shownText(content).startsWith('  // line 1\n// line 2'), 'the first line indented');
    expect(changes.at(-1)!.startsWith('  // line 1\n// line 2\n')).toBe(true);
    expect(document.activeElement).toBe(content);
    // Undo history: an edit elsewhere, then Ctrl+Z takes just that edit back.
    await userEvent.click(tokenElement(content, '// line 5'));
    await userEvent.keyboard('{End}!');
    await waitFor(() => shownText(content).includes('// line 5!'), 'the edit on line 5');
    await userEvent.keyboard('{Control>}z{/Control}');
    await waitFor(() => !shownText(content).includes('// line 5!'), 'the edit undone');
    expect(changes.at(-1)!.startsWith('  // line 1\n')).toBe(true);

    await userEvent.keyboard('{Escape}{Tab}');
    expect(document.activeElement?.textContent).toBe('after');
    await userEvent.click(content);
    await userEvent.keyboard('{Escape}{Shift>}{Tab}{/Shift}');
    expect(document.activeElement?.textContent).toBe('before');
  });

  it('has an accessible name and says how to leave it', async () => {
    mountEditor('x');
    const content = await editorNamed('Script');
    expect(content.getAttribute('role')).toBe('textbox');
    const hint = document.getElementById(content.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(hint?.textContent).toMatch(/press Escape, then Tab/);
  });

  it('searches (Ctrl+F) and matches brackets', async () => {
    mountEditor('function f(a) {\n  return [a, (a + 1)];\n}\nconst total = f(2);');
    const content = await editorNamed('Script');
    await userEvent.click(content);
    await userEvent.keyboard('{Control>}f{/Control}');
    const find = await waitFor(
      () => editorAround(content).querySelector<HTMLInputElement>('.cm-search input[name="search"]'),
      'the search field',
    );
    expect(document.activeElement).toBe(find);
    await userEvent.keyboard('total');
    await waitFor(() => editorAround(content).querySelector('.cm-searchMatch')?.textContent === 'total', 'the match marked');

    // The caret just after "(a + 1)": both of its brackets are marked as a pair.
    await userEvent.keyboard('{Escape}');
    await userEvent.click(tokenElement(content, 'return'));
    await userEvent.keyboard('{End}{ArrowLeft}{ArrowLeft}');
    const pair = await waitFor(() => {
      const marked = [...editorAround(content).querySelectorAll('.cm-matchingBracket')].map((e) => e.textContent);
      return marked.length === 2 ? marked : null;
    }, 'the matching brackets');
    expect(pair.sort()).toEqual(['(', ')'].sort());
  });

  it('highlights JavaScript, and GLSL inside a shader’s template strings', async () => {
    const code = 'const total = 1;\nreturn total;\nconst s = `uniform vec3 color;`;';
    mountEditor(code, { label: 'Frame', kind: 'frameScript' });
    mountEditor(code, { label: 'Shader', kind: 'shaderCode' });
    const frame = await editorNamed('Frame');
    const shader = await editorNamed('Shader');
    // A keyword is drawn in another colour than a name.
    expect(colourOf(tokenElement(frame, 'const'))).not.toBe(colourOf(tokenElement(frame, 'total', 1)));
    // In a frame script the template string is one string; in shader code its GLSL keyword has the keyword colour.
    expect(tokenElement(frame, 'uniform').textContent).toContain('vec3');
    expect(colourOf(tokenElement(shader, 'uniform'))).toBe(colourOf(tokenElement(shader, 'const')));
    expect(colourOf(tokenElement(shader, 'vec3'))).not.toBe(colourOf(tokenElement(frame, 'uniform')));
  });

  it('refuses typing when read-only, but can still be read with the keyboard', async () => {
    const { changes } = mountEditor('const fixed = 1;', { readOnly: true });
    const content = await editorNamed('Script');
    expect(content.getAttribute('aria-readonly')).toBe('true');
    await caretAtEnd(content);
    expect(document.activeElement).toBe(content);
    await userEvent.keyboard('x{Enter}{Backspace}{Tab}');
    expect(shownText(content)).toBe('const fixed = 1;');
    expect(changes).toEqual([]);
  });
});

describe('completion', () => {
  it('offers THREE’s names and the space script’s hooks and api, explained in the designer’s language', async () => {
    const check = async (locale: Locale, info: string) => {
      mountEditor('', { kind: 'spaceScript', label: `Space ${locale}`, locale });
      const content = await editorNamed(`Space ${locale}`);
      await userEvent.click(content);
      // A hook, inserted as its whole declaration.
      await userEvent.keyboard('onMo');
      await waitFor(() => completionLabels().includes('onModelLoaded'), 'the hook offered');
      expect(document.querySelector('.cm-completionInfo')?.textContent).toBe(info);
      await pickCompletion('onModelLoaded');
      await waitFor(() => shownText(content).startsWith('function onModelLoaded(THREE, api, model) {'), 'the hook declared');
      // Inside it, the scene API after `api.` and THREE's classes after `THREE.`.
      await userEvent.keyboard('api.onF');
      await waitFor(() => completionLabels().includes('onFrame'), 'api.onFrame offered');
      await userEvent.keyboard('{Escape}{Enter}THREE.MeshSt');
      await waitFor(() => completionLabels().includes('MeshStandardMaterial'), 'a THREE class offered');
      await pickCompletion('MeshStandardMaterial');
      await waitFor(() => shownText(content).includes('THREE.MeshStandardMaterial'), 'the class inserted');
    };
    await check('en', 'Called each time a model in this space has finished loading.');
    await check('zh_Hans', '此空间中的模型每次加载完成时调用。');
  });

  it('offers the frame script its parameters, and GLSL names inside a shader string', async () => {
    mountEditor('', { kind: 'frameScript', label: 'Frame' });
    const frame = await editorNamed('Frame');
    await userEvent.click(frame);
    await userEvent.keyboard('mate');
    await waitFor(() => completionLabels().includes('material'), 'material offered');
    await userEvent.keyboard('{Escape}');

    mountEditor('const vertexShader = `\n\n`;', { kind: 'shaderCode', label: 'Shader' });
    const shader = await editorNamed('Shader');
    await userEvent.click(tokenElement(shader, 'const'));
    await userEvent.keyboard('{ArrowDown}gl_Po');
    await waitFor(() => completionLabels().includes('gl_Position'), 'gl_Position offered in the GLSL');
  });
});

describe('the checks’ error as a diagnostic', () => {
  it('sits on the line the GLSL check names, with the text shown under the editor, in both languages', async () => {
    const code = ['const fragmentShader = `', 'void main() {', '  vec3 c = vec3(0.0);', '  gl_FragColor = vec4(colr, 1.0);', '}`;'].join(
      '\n',
    );
    for (const [locale, label] of [
      ['en', 'Shader code'],
      ['zh_Hans', '着色器代码'],
    ] as const) {
      const host = document.createElement('div');
      document.body.appendChild(host);
      const root = createRoot(host);
      mounted.add({ root, host });
      flushSync(() =>
        root.render(
          <ShaderCodeField
            value={code}
            onChange={() => undefined}
            result={{
              ok: false,
              issues: [],
              shader: { stage: 'fragment', line: 4, shaderLine: 4, message: "'colr' : undeclared identifier" },
            }}
            locale={locale}
          />,
        ),
      );
      const content = await editorNamed(label, host);
      const range = await waitFor(() => editorAround(content).querySelector('.cm-lintRange-error'), 'the marked range');
      expect(range.textContent).toBe('gl_FragColor = vec4(colr, 1.0);');
      // Where the designer sees it: level with the number 4 (once CodeMirror has laid its gutters out).
      await expect.poll(() => lineNumberBeside(content, range)).toBe(4);
      const marker = editorAround(content).querySelector('.cm-lint-marker-error')!;
      await expect.poll(() => lineNumberBeside(content, marker)).toBe(4);
      expect(content.getAttribute('aria-invalid')).toBe('true');
      // Hovering the marked code shows the check's words, as the line under the editor has them.
      const under = host.querySelector('.dash3d-code-error')!.textContent;
      await userEvent.hover(range);
      const tip = await waitFor(() => editorAround(content).querySelector('.cm-tooltip-lint'), 'the diagnostic on hover');
      expect(under.endsWith(tip.textContent)).toBe(true);
      expect(tip.textContent).toBe(
        locale === 'en' ? "Fragment shader, line 4: 'colr' : undeclared identifier" : "片元着色器，第 4 行：'colr' : undeclared identifier",
      );
      await userEvent.unhover(range);
    }
  });
});
