import { expect, it } from 'vitest';
import { t } from '../../playground/i18n';
import { pack } from '../../playground/store/scene-link';
import { cubeInSpaceDoc } from '../e2e/support/cube-doc';
import { meanRgb, rgbDistance } from '../e2e/support/png';
import { openSignedIn } from './support/driver';
import {
  canvasRect,
  choose,
  clickText,
  fill,
  middleOf,
  modelStats,
  pageErrors,
  rectOf,
  screenOf,
  showsSceneError,
  spaceReady,
  until,
  waitFor,
} from './support/playground';
import { eachBrowser } from './support/suite';

/**
 * A scene shared as a `#scene=` link opens in a fresh tab and draws, and the material editor opened
 * from the toolbar draws its preview and follows its form. The built-in cube (material 'CubeBlue')
 * seen straight on: its blue front face fills the middle of the canvas.
 */
const SPACE = 'space-link';
const DOC = cubeInSpaceDoc({ id: 'browsers-link', name: 'A shared cube', spaceId: SPACE, modelId: 'model-cube' });
const PREVIEW = '.dash3d-material-editor .dash3d-material-preview';
/** Red stands out: clearly more red than green or blue. */
const isRed = ([r, g, b]: readonly number[]) => r! > 50 && r! > 2 * g! && r! > 2 * b!;
const VERTEX = "  vertexShader: 'void main() { gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }',";
/** A shader material's code whose line 4 uses `colour` (an undeclared name there, e.g. colr, is a GLSL error). */
const shaderWith = (colour: string) =>
  [
    'const fragmentShader = `',
    'void main() {',
    '  vec3 c = vec3(0.0, 0.5, 1.0);',
    `  gl_FragColor = vec4(${colour}, 1.0);`,
    '}`;',
    'return {',
    VERTEX,
    '  fragmentShader,',
    '};',
  ].join('\n');

eachBrowser('a scene link and the material editor', ({ name, base, page }) => {
  it('a #scene= link (packed as Copy scene link packs it) opens the document and draws the blue cube', async () => {
    await openSignedIn(page(), base, `/#scene=${await pack(JSON.stringify(DOC))}`);
    await until(page(), 'the linked document open', (id) => window.__dash3d?.dashboard()?.id === id, DOC.id);
    await spaceReady(page(), SPACE);
    await waitFor(`${name}: the cube loaded`, async () => (await modelStats(page(), SPACE))?.loaded === 1, 90_000);
    await spaceReady(page(), SPACE);
    const [r, g, b] = meanRgb(await screenOf(page(), await canvasRect(page(), SPACE)), 0.4, 0.4, 0.6, 0.6);
    expect(b > 50 && b > r && b > g / 2, `middle of the scene ${r},${g},${b}`).toBe(true);
    expect(await showsSceneError(page())).toBe(false);
  });

  it('the material editor draws its preview, and a colour typed in its form turns the preview red', async () => {
    await clickText(page(), t('en', 'playground.materialEditor'));
    await until(page(), 'the preview ready', (sel) => document.querySelector(sel)?.getAttribute('data-state') === 'ready', PREVIEW);
    const preview = async () => screenOf(page(), (await rectOf(page(), PREVIEW))!);
    // The sample (a grey cube, the form's default colour) stands out from the backdrop beside it.
    const sample = async () => {
      const img = await preview();
      return { middle: meanRgb(img, 0.4, 0.4, 0.6, 0.6), beside: meanRgb(img, 0.03, 0.45, 0.15, 0.55) };
    };
    await waitFor(
      `${name}: the preview drawn`,
      async () => {
        const { middle, beside } = await sample();
        return rgbDistance(middle, beside) > 20;
      },
      30_000,
    );
    expect(isRed((await sample()).middle)).toBe(false);
    await fill(page(), t('en', 'materialForm.color'), '#ff0000', '.dash3d-material-form');
    await waitFor(`${name}: the preview turns red`, async () => isRed(meanRgb(await preview(), 0.4, 0.4, 0.6, 0.6)), 30_000);
  });

  it("a shader material: this browser's GLSL error is marked on its line in the code editor; fixed, the preview draws it", async () => {
    await choose(page(), t('en', 'materialForm.type'), t('en', 'materialForm.type.shader'), '.dash3d-material-form');
    await clickText(page(), t('en', 'materialEditor.shaderCode'), '.dash3d-material-editor .ant-tabs-nav');
    const editor = `.dash3d-material-editor .cm-content[aria-label="${t('en', 'code.shader.label')}"]`;
    await until(page(), 'the shader code editor', (sel) => !!document.querySelector(sel), editor, 60_000);
    // Pasted over the whole text, as a designer pastes code (a typed brace would be closed twice).
    const paste = async (code: string) => {
      await page().click(middleOf((await rectOf(page(), editor))!, 0.5, 0.1));
      await page().press('SelectAll');
      await page().evaluate(
        ({ sel, text }) => {
          const data = new DataTransfer();
          data.setData('text/plain', text);
          const e = new Event('paste', { bubbles: true, cancelable: true });
          Object.defineProperty(e, 'clipboardData', { value: data });
          document.querySelector(sel)!.dispatchEvent(e);
        },
        { sel: editor, text: code },
      );
    };
    await paste(shaderWith('colr'));
    // What the browser's own GLSL compiler said, on the line it named (line 4 of the text).
    const marked = () =>
      page().evaluate((sel) => {
        const content = document.querySelector(sel);
        const range = content?.closest('.cm-editor')?.querySelector('.cm-lintRange-error');
        if (!range) return null;
        const r = range.getBoundingClientRect();
        const y = (r.top + r.bottom) / 2;
        const line = [...content!.closest('.cm-editor')!.querySelectorAll('.cm-lineNumbers .cm-gutterElement')].find((g) => {
          const b = g.getBoundingClientRect();
          return b.height > 0 && y >= b.top && y < b.bottom;
        });
        return {
          code: range.textContent,
          line: Number(line?.textContent),
          under: document.querySelector('.dash3d-code-error')?.textContent ?? '',
        };
      }, editor);
    const error = await waitFor(`${name}: the GLSL error marked`, marked, 60_000);
    expect(error).toMatchObject({ code: 'gl_FragColor = vec4(colr, 1.0);', line: 4 });
    expect(error.under).toMatch(/Fragment shader, line 4: .*colr/);
    await paste(shaderWith('c'));
    await until(page(), 'the error gone', () => !document.querySelector('.dash3d-code-error, .cm-lintRange-error'), undefined, 60_000);
    // The fixed shader draws its colour, vec3(0.0, 0.5, 1.0): blue, with no red.
    await waitFor(
      `${name}: the preview draws the shader`,
      async () => {
        const [r, g, b] = meanRgb(await screenOf(page(), (await rectOf(page(), PREVIEW))!), 0.45, 0.45, 0.55, 0.55);
        return b > 150 && g > 60 && g < b && r < 40;
      },
      60_000,
    );
    await page().press('Escape');
    await until(page(), 'the editor closed', () => !document.querySelector('.dash3d-material-editor'), undefined, 30_000);
  });

  it("the page raised no errors along the way but the broken shader's, logged once as 代码错误 (spec §8)", async () => {
    expect(await pageErrors(page())).toEqual([
      expect.stringMatching(/^console: \[dash3d script\] 代码错误: fragment shader, line 4: .*colr/) as unknown,
    ]);
  });
});
