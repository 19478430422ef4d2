import { createRef, StrictMode, useState, type RefObject } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { PixelReadout, PreviewMaterialResult } from '../../../shared/protocol';
import { MaterialPreview, type MaterialPreviewHandle } from '../../../src/material-editor/MaterialPreview';
import { ShaderCodeField } from '../../../src/material-editor/code/ShaderCodeField';
import { FrameScriptField } from '../../../src/material-editor/code/FrameScriptField';
import { useFrameScriptStatus } from '../../../src/material-editor/code/useFrameScriptStatus';
import { colourDistance, meanColour, waitFor, type RGBA } from '../support/harness';
import { editorAround, editorNamed, lineNumberBeside } from '../support/code';

/** The designer's view: the fields beside a real preview (a render worker), as the editor shell places them. */
interface Bench {
  results: PreviewMaterialResult[];
  preview: RefObject<MaterialPreviewHandle | null>;
  root: Root;
  host: HTMLElement;
}
const benches = new Set<Bench>();

afterEach(() => {
  for (const b of benches) {
    b.root.unmount();
    b.host.remove();
  }
  benches.clear();
  vi.restoreAllMocks();
});

/** The material as the editor keeps it: any stored fields, the two code fields as text. */
type Edited = Record<string, unknown> & { shaderCode?: string; frameScript?: string };

function Fields({ initial, bench, heartbeatMs }: { initial: Edited; bench: Bench; heartbeatMs?: number }) {
  const [material, setMaterial] = useState(initial);
  const [result, setResult] = useState<PreviewMaterialResult | null>(null);
  const frame = useFrameScriptStatus();
  return (
    <>
      <button type="button">before</button>
      <div style={{ width: 240, height: 240 }}>
        <MaterialPreview
          scriptsAllowed
          material={material}
          ref={bench.preview}
          heartbeat={heartbeatMs ? { intervalMs: heartbeatMs } : undefined}
          onResult={(r) => {
            bench.results.push(r);
            setResult(r);
          }}
          onEvent={frame.onEvent}
          onScriptsStopped={frame.onScriptsStopped}
        />
      </div>
      <ShaderCodeField
        value={material.shaderCode ?? ''}
        onChange={(shaderCode) => setMaterial((m) => ({ ...m, shaderCode }))}
        result={result}
        locale="en"
      />
      <FrameScriptField
        value={material.frameScript ?? ''}
        onChange={(frameScript) => setMaterial((m) => ({ ...m, frameScript }))}
        status={frame.status}
        locale="en"
      />
    </>
  );
}

async function mountFields(initial: Edited, heartbeatMs?: number): Promise<Bench> {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const bench: Bench = { results: [], preview: createRef(), root: createRoot(host), host };
  benches.add(bench);
  flushSync(() =>
    bench.root.render(
      <StrictMode>
        <Fields initial={initial} bench={bench} heartbeatMs={heartbeatMs} />
      </StrictMode>,
    ),
  );
  await waitFor(() => bench.results.some((r) => r.ok && r.shown), 'the preview to show the first material');
  return bench;
}

const centre = (p: PixelReadout) => meanColour(p, 0.45, 0.45, 0.55, 0.55);
const near = (c: RGBA, rgb: [number, number, number], tolerance = 12) => colourDistance(c, [...rgb, 255] as RGBA) <= tolerance;

/**
 * The preview's centre once it is `rgb`. A restarting preview has no engine for a moment, and a
 * call to the hung one it replaces never answers: such a look is given up and taken again.
 */
async function waitForColour(bench: Bench, rgb: [number, number, number], what: string) {
  const look = async () => {
    await bench.preview.current!.settled();
    return near(centre(await bench.preview.current!.readPixels()), rgb);
  };
  const giveUp = () => new Promise<false>((resolve) => setTimeout(() => resolve(false), 2000));
  return waitFor(() => Promise.race([look(), giveUp()]).catch(() => false), what);
}

const VERTEX = "  vertexShader: 'void main() { gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }',";
const ORANGE = ['return {', VERTEX, "  fragmentShader: 'void main() { gl_FragColor = vec4(1.0, 0.5, 0.0, 1.0); }',", '};'].join('\n');
/** Line 4 of this text names a variable that does not exist: the driver reports it on that line. */
const shaderWith = (use: string) =>
  [
    'const fragmentShader = `',
    'void main() {',
    '  vec3 c = vec3(0.0, 0.5, 1.0);',
    `  gl_FragColor = vec4(${use}, 1.0);`,
    '}`;',
    'return {',
    VERTEX,
    '  fragmentShader,',
    '};',
  ].join('\n');
const ambientOnly = Math.round(255 * (1.055 * Math.pow(0.5 / Math.PI, 1 / 2.4) - 0.055));

describe('the fields in Chinese', () => {
  it('name the editors, the error count, the stopped state and a shader error in zh_Hans', async () => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host);
    benches.add({ results: [], preview: createRef(), root, host });
    const show = (status: { errors: number; lastError: string; line: number | null; stopped: boolean }) =>
      flushSync(() =>
        root.render(
          <>
            <ShaderCodeField
              value={shaderWith('colr')}
              onChange={() => undefined}
              result={{
                ok: false,
                issues: [],
                shader: { stage: 'fragment', line: 4, shaderLine: 4, message: "'colr' : undeclared identifier" },
              }}
              locale="zh_Hans"
            />
            <FrameScriptField value="x" onChange={() => undefined} status={status} locale="zh_Hans" />
          </>,
        ),
      );
    show({ errors: 3, lastError: 'ReferenceError: x is not defined', line: 1, stopped: false });
    await expect.element(page.getByRole('textbox', { name: '着色器代码' })).toBeVisible();
    await expect.element(page.getByRole('textbox', { name: '帧脚本' })).toBeVisible();
    expect(host.querySelector('.dash3d-code-error')?.textContent).toBe("代码错误 片元着色器，第 4 行：'colr' : undeclared identifier");
    expect(host.querySelector('.dash3d-frame-errors')?.textContent).toBe('3 个错误');
    show({ errors: 0, lastError: '', line: null, stopped: true });
    expect(host.querySelector('.dash3d-frame-errors')).toBeNull();
    expect(host.querySelector('.dash3d-frame-stopped')?.textContent).toBe('已停止：脚本没有返回；修改脚本即可再次运行');
  });
});

describe('ShaderCodeField with the preview', () => {
  it('a GLSL error: named with its line under the editor, the line marked, the last good material kept; fixed, it shows', async () => {
    const bench = await mountFields({ type: 'shader', shaderCode: ORANGE });
    await waitForColour(bench, [255, 128, 0], 'the orange shader');
    const errors = vi.spyOn(console, 'error');
    const editor = page.getByRole('textbox', { name: 'Shader code' });

    const before = bench.results.length;
    await userEvent.fill(editor, shaderWith('colr'));
    const refused = await waitFor(() => bench.results.slice(before).find((r) => !r.ok), 'the shader to be refused');
    expect(refused).toMatchObject({ ok: false, shader: { stage: 'fragment', line: 4 } });
    const shown = await waitFor(() => bench.host.querySelector<HTMLElement>('.dash3d-code-error'), 'the error under the editor');
    expect(shown.textContent).toMatch(/Fragment shader, line 4: .*colr/);
    // In the editor: the line the check names is marked, its code underlined, the same words on it.
    const content = await editorNamed('Shader code', bench.host);
    const range = await waitFor(() => editorAround(content).querySelector('.cm-lintRange-error'), 'the diagnostic in the editor');
    expect(range.textContent).toBe('gl_FragColor = vec4(colr, 1.0);');
    await expect.poll(() => lineNumberBeside(content, range)).toBe(4);
    await expect.poll(() => lineNumberBeside(content, editorAround(content).querySelector('.cm-lint-marker-error')!)).toBe(4);
    await expect.poll(() => lineNumberBeside(content, editorAround(content).querySelector('.cm-dash3d-errorLine')!)).toBe(4);
    // The broken shader never replaced the good one on screen.
    expect(near(centre(await bench.preview.current!.readPixels()), [255, 128, 0], 3)).toBe(true);
    await waitFor(() => errors.mock.calls.some((args) => args.join(' ').includes('代码错误')), "'代码错误' in the console");

    await userEvent.fill(editor, shaderWith('c'));
    await waitForColour(bench, [0, 128, 255], 'the fixed shader');
    await waitFor(() => !bench.host.querySelector('.dash3d-code-error'), 'the error to go');
    expect(editorAround(content).querySelector('.cm-lintRange-error, .cm-lint-marker-error, .cm-dash3d-errorLine')).toBeNull();
  });

  it('JavaScript that throws in shaderCode is reported with its line; the last good material stays', async () => {
    const bench = await mountFields({ type: 'shader', shaderCode: ORANGE });
    await waitForColour(bench, [255, 128, 0], 'the orange shader');
    const before = bench.results.length;
    await userEvent.fill(page.getByRole('textbox', { name: 'Shader code' }), 'const parts = null;\nreturn parts.shaders;');
    await waitFor(() => bench.results.slice(before).some((r) => !r.ok), 'the code to be refused');
    const shown = await waitFor(() => bench.host.querySelector<HTMLElement>('.dash3d-code-error'), 'the error under the editor');
    expect(shown.textContent).toMatch(/Shader code, line 2: TypeError/);
    const content = await editorNamed('Shader code', bench.host);
    const range = await waitFor(() => editorAround(content).querySelector('.cm-lintRange-error'), 'the diagnostic in the editor');
    expect(range.textContent).toBe('return parts.shaders;');
    await expect.poll(() => lineNumberBeside(content, range)).toBe(2);
    expect(near(centre(await bench.preview.current!.readPixels()), [255, 128, 0], 3)).toBe(true);
  });
});

describe('FrameScriptField with the preview', () => {
  it('a script that throws every frame: the material is still drawn, and the badge counts the errors', async () => {
    const bench = await mountFields({ type: 'phong', color: '#ff0000' });
    await userEvent.fill(page.getByRole('textbox', { name: 'Frame script' }), 'material.color.setRGB(0, 1, 0);\nnotDefined.x = dt;');
    await waitForColour(bench, [0, ambientOnly, 0], 'the script to colour the box');
    const badge = await waitFor(() => bench.host.querySelector<HTMLElement>('.dash3d-frame-errors'), 'the error badge');
    const count = () => Number(/(\d+) errors?/.exec(badge.textContent ?? '')?.[1] ?? 0);
    const first = count();
    expect(first).toBeGreaterThan(0);
    expect(badge.title).toMatch(/ReferenceError: notDefined/);
    // It keeps counting: the script runs (and fails) every frame.
    await waitFor(() => count() > first, 'the count to grow');
    // In the editor: the line that threw, with the badge's words on it.
    const content = await editorNamed('Frame script', bench.host);
    const range = await waitFor(() => editorAround(content).querySelector('.cm-lintRange-error'), 'the diagnostic in the editor');
    expect(range.textContent).toBe('notDefined.x = dt;');
    await expect.poll(() => lineNumberBeside(content, range)).toBe(2);
    // Fixed: no error, no diagnostic.
    await userEvent.fill(page.getByRole('textbox', { name: 'Frame script' }), 'material.color.setRGB(0, 1, 0);');
    await waitFor(() => !editorAround(content).querySelector('.cm-lintRange-error'), 'the diagnostic to go');
  });

  it('a script that never returns is stopped, the field says so, and editing it runs scripts again', async () => {
    const bench = await mountFields({ type: 'phong', color: '#ff0000' }, 200);
    const editor = page.getByRole('textbox', { name: 'Frame script' });
    await userEvent.fill(editor, 'for (;;) {}');
    const stopped = await waitFor(() => bench.host.querySelector<HTMLElement>('.dash3d-frame-stopped'), 'the stopped notice');
    expect(stopped.textContent).toBe('Stopped: the script did not return; edit it to run again');
    await waitForColour(bench, [ambientOnly, 0, 0], 'the restarted preview without scripts');

    await userEvent.fill(editor, 'material.color.setRGB(0, 0, 1);');
    await waitForColour(bench, [0, 0, ambientOnly], 'the edited script to run');
    expect(bench.host.querySelector('.dash3d-frame-stopped')).toBeNull();
  });
});
