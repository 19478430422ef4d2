import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { mountSettings, unmountAllSettings } from './support';

afterEach(unmountAllSettings);

const open = (group: string) => userEvent.click(page.getByRole('button', { name: group, exact: true }));

describe('space settings: light lists', () => {
  it('adds a light with its schema defaults, edits it, and removes it', async () => {
    const s = mountSettings({ lightConfig: { pointLight: [] } });
    await open('Lights');
    await userEvent.click(page.getByRole('button', { name: 'Add Point light' }));
    await expect.poll(() => s.config.lightConfig.pointLight).toHaveLength(1);
    expect(s.config.lightConfig.pointLight[0]).toMatchObject({
      enable: true,
      color: '#ffffff',
      intensity: 1,
      position: { x: 0, y: 200, z: 0 },
    });

    const card = page.getByText('Point light 1', { exact: true });
    await expect.element(card).toBeVisible();
    // Two point lights, the second one edited: its row paths are its own.
    await userEvent.click(page.getByRole('button', { name: 'Add Point light' }));
    await expect.poll(() => s.config.lightConfig.pointLight).toHaveLength(2);
    const intensities = page.getByRole('spinbutton', { name: 'Intensity' });
    // Ambient 1, directional 1, point 1, point 2: the last is the new point light.
    await userEvent.fill(intensities.nth(3), '2.5');
    await expect.poll(() => s.config.lightConfig.pointLight.map((l) => l.intensity)).toEqual([1, 2.5]);

    await userEvent.click(page.getByRole('button', { name: 'Remove Point light 1' }));
    await expect.poll(() => s.config.lightConfig.pointLight.map((l) => l.intensity)).toEqual([2.5]);
    await userEvent.click(page.getByRole('button', { name: 'Remove Point light 1' }));
    await expect.poll(() => s.config.lightConfig.pointLight).toHaveLength(0);
    await expect.element(page.getByText('Point light 1', { exact: true })).not.toBeInTheDocument();
    // The other lists were not touched.
    expect(s.config.lightConfig.ambientLight).toHaveLength(1);
    expect(s.config.lightConfig.directionalLight).toHaveLength(1);
  });

  it('a spot light angle past π/2 is refused', async () => {
    const s = mountSettings({ lightConfig: { spotLight: [{}] } });
    await open('Lights');
    await userEvent.fill(page.getByRole('spinbutton', { name: 'Angle (rad)' }), '2');
    await expect.element(page.getByText('Exceeding the value range')).toBeVisible();
    expect(s.sent.every((c) => c.lightConfig.spotLight[0]!.angle <= Math.PI / 2)).toBe(true);
  });
});

describe('space settings: language', () => {
  it('switching host.locale re-renders every label without remounting', async () => {
    const s = mountSettings({});
    await open('Controls');
    const input = page.getByRole('spinbutton', { name: 'Damping factor' });
    await expect.element(input).toBeVisible();
    const element = input.element();

    s.rerender({ locale: 'zh_Hans' });
    await expect.element(page.getByRole('button', { name: '控制器', exact: true })).toBeVisible();
    await expect.element(page.getByRole('spinbutton', { name: '阻尼系数' })).toBeVisible();
    await expect.element(page.getByRole('button', { name: '场景', exact: true })).toBeVisible();
    await expect.element(page.getByText('Damping factor')).not.toBeInTheDocument();
    // The same input: the panel was re-rendered, not rebuilt.
    expect(page.getByRole('spinbutton', { name: '阻尼系数' }).element()).toBe(element);

    s.rerender({ locale: 'en' });
    await expect.element(page.getByRole('spinbutton', { name: 'Damping factor' })).toBeVisible();
  });

  it('the coordinate group is titled X axis / Y axis / Z axis in both languages', async () => {
    const s = mountSettings({});
    await open('Camera');
    const group = page.getByRole('group', { name: 'Look at' });
    for (const axis of ['X axis', 'Y axis', 'Z axis']) await expect.element(group.getByRole('spinbutton', { name: axis })).toBeVisible();
    s.rerender({ locale: 'zh_Hans' });
    const zh = page.getByRole('group', { name: '观察点' });
    for (const axis of ['X轴', 'Y轴', 'Z轴']) await expect.element(zh.getByRole('spinbutton', { name: axis })).toBeVisible();
  });
});
