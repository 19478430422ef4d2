import { expect, it } from 'vitest';
import { t } from '../../playground/i18n';
import { pack } from '../../playground/store/scene-link';
import { cubeInSpaceDoc } from '../e2e/support/cube-doc';
import { meanRgb, rgbDistance } from '../e2e/support/png';
import { openSignedIn } from './support/driver';
import {
  canvasRect,
  clickText,
  fill,
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
    await page().press('Escape');
    await until(page(), 'the editor closed', () => !document.querySelector('.dash3d-material-editor'), undefined, 30_000);
  });

  it('the page raised no errors along the way', async () => {
    expect(await pageErrors(page())).toEqual([]);
  });
});
