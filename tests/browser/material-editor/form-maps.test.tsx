import { afterEach, describe, expect, it } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import { IMAGE_EXTENSIONS } from '../../../shared/schema/material';
import type { MediaAccess } from '../../../src/host/types';
import { uploadFile } from '../../../src/media/client';
import { ambientOnly, chooseOption, mountEditor, solidPng, unmountEditors, waitForCentre } from './form-support';

afterEach(unmountEditors);

/** Top half red, bottom half blue. */
async function twoTonePng(): Promise<Blob> {
  const canvas = new OffscreenCanvas(16, 16);
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#ff0000';
  ctx.fillRect(0, 0, 16, 8);
  ctx.fillStyle = '#0000ff';
  ctx.fillRect(0, 8, 16, 8);
  return canvas.convertToBlob({ type: 'image/png' });
}

async function realMedia(): Promise<MediaAccess> {
  const { baseUrl, token } = await commands.mediaServer();
  return { baseUrl, headers: () => ({ Authorization: `Bearer ${token}` }), allowedFormats: [] };
}

/** A catalog of its own per run: the service's folder outlives a test. */
const catalog = `3d/form-test-${Math.random().toString(36).slice(2, 10)}`;

describe('material form: texture maps', () => {
  it('a texture chosen from the real media library shows on the box; cleared, the colour is back', async () => {
    const media = await realMedia();
    await uploadFile(media, catalog, new File([await solidPng('#0000ff')], 'blue.png', { type: 'image/png' }));
    const editor = await mountEditor({ type: 'phong', color: '#ffffff' }, { media });
    const white = ambientOnly([255, 255, 255]);
    await waitForCentre(editor, white, 'the white box');

    await userEvent.click(page.getByRole('button', { name: 'Choose Colour map from the media library' }));
    const dialog = page.getByRole('dialog');
    for (const folder of catalog.split('/')) await userEvent.click(dialog.getByRole('button', { name: `Open folder ${folder}` }));
    await userEvent.click(dialog.getByRole('button', { name: 'Choose blue.png' }));
    await expect.poll(() => editor.sent.at(-1)?.map).toMatch(new RegExp(`/${catalog}/blue\\.png$`));
    await expect.element(page.getByRole('textbox', { name: 'Colour map', exact: true })).toHaveValue(editor.sent.at(-1)!.map as string);
    // The white material times the blue texture.
    await waitForCentre(editor, ambientOnly([0, 0, 255]), 'the blue texture on the box');

    await userEvent.click(page.getByRole('button', { name: 'Clear Colour map' }));
    expect('map' in editor.sent.at(-1)!).toBe(false);
    await waitForCentre(editor, white, 'the white box again');
  });

  it('takes a URL ending in each spec §5 image extension, in any case; anything else is refused and named', async () => {
    const editor = await mountEditor({ type: 'physical' }, { withPreview: false });
    const field = page.getByRole('textbox', { name: 'Normal map', exact: true });
    const accepted = [...IMAGE_EXTENSIONS, ...IMAGE_EXTENSIONS.map((e) => e.toUpperCase()), '.Png'].map((e) => `/media/t/n${e}`);
    accepted.push('https://cdn.example.com/n.webp?v=2');
    for (const url of accepted) {
      await userEvent.fill(field, url);
      expect(editor.sent.at(-1)?.normalMap, url).toBe(url);
      await expect.element(page.getByRole('alert')).not.toBeInTheDocument();
    }
    const count = editor.sent.length;
    for (const [url, ext] of [
      ['/media/t/n.tiff', 'tiff'],
      ['/media/t/n.png.txt', 'txt'],
      ['/media/t/model.glb', 'glb'],
      ['normal', 'normal'],
    ]) {
      await userEvent.fill(field, url!);
      await expect
        .element(page.getByRole('alert'))
        .toHaveTextContent(`unsupported file format not configured in the media library: ${ext}`);
    }
    expect(editor.sent.length).toBe(count);
    expect(editor.sent.at(-1)?.normalMap).toBe(accepted.at(-1));
  });
});

describe('material form: side, combine and the normal scale reach the built material', () => {
  it('BackSide shows the box from inside (the far face), FrontSide the outside again', async () => {
    // The box under ambient light alone looks the same from either side; a texture tells the faces
    // apart. The view's centre meets the near (-x) face above the box's middle and the far (+x)
    // face below it, and on both v runs up the face: the top half of the image (red) is outside.
    const media = await realMedia();
    const { url } = await uploadFile(media, catalog, new File([await twoTonePng()], 'two-tone.png', { type: 'image/png' }));
    const editor = await mountEditor({ type: 'phong', color: '#ffffff', map: url });
    const outside = ambientOnly([255, 0, 0]);
    await waitForCentre(editor, outside, 'the outside of the box (top half of the image)');
    const side = page.getByRole('combobox', { name: 'Side' });
    await chooseOption(side, 'Back side (BackSide)');
    expect(editor.sent.at(-1)?.side).toBe('BackSide');
    await waitForCentre(editor, ambientOnly([0, 0, 255]), 'the inside of the far face (bottom half)');
    await chooseOption(side, 'Front side (FrontSide)');
    await waitForCentre(editor, outside, 'the outside again');
  });

  it('combine: the phong material gets the operation chosen by name (read by its frame script)', async () => {
    // The frame script paints the material with the combine constant it was built with: Multiply 0, Mix 1, Add 2.
    const frameScript =
      'material.color.setRGB(material.combine === 1 ? 1 : 0, material.combine === 2 ? 1 : 0, material.combine === 0 ? 1 : 0);';
    const editor = await mountEditor({ type: 'phong', frameScript });
    await waitForCentre(editor, ambientOnly([0, 0, 255]), 'multiply (the default)');
    const combine = page.getByRole('combobox', { name: 'Combine with environment' });
    await chooseOption(combine, 'Mix (MixOperation)');
    await waitForCentre(editor, ambientOnly([255, 0, 0]), 'mix');
    await chooseOption(combine, 'Add (AddOperation)');
    await waitForCentre(editor, ambientOnly([0, 255, 0]), 'add');
    expect(editor.sent.map((m) => m.combine)).toEqual(['MixOperation', 'AddOperation']);
  });

  it('normalScale becomes (n, n), or (n, -n) with the Y flag (read by the frame script)', async () => {
    // Red when the built material's normalScale.x is positive, green when its y is, blue when |x| is 2.
    const frameScript =
      'const n = material.normalScale; material.color.setRGB(n.x > 0 ? 1 : 0, n.y > 0 ? 1 : 0, Math.abs(n.x) === 2 ? 1 : 0);';
    const editor = await mountEditor({ type: 'phong', frameScript });
    await waitForCentre(editor, ambientOnly([255, 255, 0]), '(1, 1)');
    const flip = page.getByRole('switch', { name: 'Flip normal map Y' });
    await userEvent.click(flip);
    expect(editor.sent.at(-1)?.normalScaleY).toBe(true);
    await waitForCentre(editor, ambientOnly([255, 0, 0]), '(1, -1)');
    const scale = page.getByRole('spinbutton', { name: 'Normal scale' });
    await userEvent.fill(scale, '-2');
    expect(editor.sent.at(-1)?.normalScale).toBe(-2);
    await waitForCentre(editor, ambientOnly([0, 255, 255]), '(-2, 2)');
    await userEvent.click(flip);
    await waitForCentre(editor, ambientOnly([0, 0, 255]), '(-2, -2)');
  });
});
