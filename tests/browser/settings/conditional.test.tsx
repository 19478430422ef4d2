import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { mountSettings, unmountAllSettings } from './support';

afterEach(unmountAllSettings);

const open = (group: string) => userEvent.click(page.getByRole('button', { name: group, exact: true }));

describe('space settings: conditional fields (spec §4)', () => {
  it('shows orbit settings only for the orbit control type', async () => {
    const s = mountSettings({});
    await open('Controls');
    await expect.element(page.getByRole('spinbutton', { name: 'Damping factor' })).toBeVisible();
    await expect.element(page.getByRole('spinbutton', { name: 'Eye height' })).not.toBeInTheDocument();

    // Pick another control type with the keyboard-reachable select.
    await userEvent.click(page.getByLabelText('Control type'));
    await userEvent.click(page.getByText('First-person walk', { exact: true }));
    await expect.element(page.getByRole('spinbutton', { name: 'Eye height' })).toBeVisible();
    await expect.element(page.getByRole('spinbutton', { name: 'Damping factor' })).not.toBeInTheDocument();
    expect(s.config.controlConfig.controlType).toBe('pointerLock');
    // Hidden settings keep their values.
    expect(s.config.controlConfig.orbitConfig.dampingFactor).toBe(0.05);
  });
});

describe('space settings: background image mode (spec §4)', () => {
  it('shows the panorama field in panorama mode and the six cube images in cube mode', async () => {
    const s = mountSettings({});
    const panorama = page.getByRole('textbox', { name: 'Panorama image' });
    const faces = ['Right (+X)', 'Left (−X)', 'Top (+Y)', 'Bottom (−Y)', 'Front (+Z)', 'Back (−Z)'];
    await expect.element(panorama).toBeVisible();
    for (const f of faces) await expect.element(page.getByRole('textbox', { name: f })).not.toBeInTheDocument();

    await userEvent.click(page.getByLabelText('Image type'));
    await userEvent.click(page.getByText('Cube (six images)', { exact: true }));
    for (const f of faces) await expect.element(page.getByRole('textbox', { name: f })).toBeVisible();
    await expect.element(panorama).not.toBeInTheDocument();
    expect(s.config.sceneConfig.backgroundImage.imageType).toBe('cube');

    // A stored cube config opens in cube mode; switching back shows the panorama field again.
    s.rerender({ config: { sceneConfig: { backgroundImage: { imageType: 'panorama', panorama: '/media/p.jpg' } } } });
    await expect.element(panorama).toHaveValue('/media/p.jpg');
    await expect.element(page.getByRole('textbox', { name: 'Top (+Y)' })).not.toBeInTheDocument();
  });
});

describe('space settings: resolution (issue 20)', () => {
  it('auto (the default) offers the target frame rate; fixed offers the pixel ratio', async () => {
    const s = mountSettings({});
    await open('Render');
    await expect.element(page.getByRole('spinbutton', { name: 'Target frame rate (fps)' })).toHaveAttribute('aria-valuenow', '30');
    await expect.element(page.getByRole('spinbutton', { name: 'Pixel ratio' })).not.toBeInTheDocument();

    await userEvent.click(page.getByLabelText('Resolution'));
    await userEvent.click(page.getByText('Fixed pixel ratio', { exact: true }));
    await expect.element(page.getByRole('spinbutton', { name: 'Pixel ratio' })).toHaveAttribute('aria-valuenow', '1');
    await expect.element(page.getByRole('spinbutton', { name: 'Target frame rate (fps)' })).not.toBeInTheDocument();
    expect(s.config.renderConfig).toMatchObject({ resolution: 'fixed', pixelRatio: 1, targetFps: 30 });

    // The range comes from the schema: 3 is refused with the range message, the config keeps 1.
    const ratio = page.getByRole('spinbutton', { name: 'Pixel ratio' });
    await userEvent.fill(ratio, '3');
    await userEvent.tab();
    await expect.element(page.getByText('Exceeding the value range')).toBeVisible();
    expect(s.config.renderConfig.pixelRatio).toBe(1);
  });
});
