import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { mountSettings, unmountAllSettings } from './support';

afterEach(unmountAllSettings);

const open = (group: string) => userEvent.click(page.getByRole('button', { name: group, exact: true }));

describe('space settings: validation (spec §5)', () => {
  it("an out-of-range damping factor shows 'Exceeding the value range' in the current language and is never sent", async () => {
    const s = mountSettings({});
    await open('Controls');
    const damping = page.getByRole('spinbutton', { name: 'Damping factor' });
    await userEvent.fill(damping, '2');
    await expect.element(page.getByText('Exceeding the value range')).toBeVisible();
    // The field keeps what was typed, so the designer sees what is wrong.
    await expect.element(damping).toHaveValue('2');
    expect(s.sent.some((c) => c.controlConfig.orbitConfig.dampingFactor === 2)).toBe(false);
    expect(s.config.controlConfig.orbitConfig.dampingFactor).toBe(0.05);
    // The group's header and the summary tell where the problem is.
    await expect.element(page.getByText('Invalid settings: 1. They are not applied until corrected.')).toBeVisible();

    // Other fields still go through while one is invalid.
    await userEvent.fill(page.getByRole('spinbutton', { name: 'Pan speed' }), '3');
    await expect.poll(() => s.config.controlConfig.orbitConfig.panSpeed).toBe(3);
    expect(s.config.controlConfig.orbitConfig.dampingFactor).toBe(0.05);

    s.rerender({ locale: 'zh_Hans' });
    await expect.element(page.getByText('超出取值范围')).toBeVisible();
    await expect.element(page.getByText('Exceeding the value range')).not.toBeInTheDocument();

    await userEvent.fill(page.getByRole('spinbutton', { name: '阻尼系数' }), '0.5');
    await expect.element(page.getByText('超出取值范围')).not.toBeInTheDocument();
    expect(s.config.controlConfig.orbitConfig.dampingFactor).toBe(0.5);
    expect(s.sent.every((c) => c.controlConfig.orbitConfig.dampingFactor <= 1)).toBe(true);
  });

  it("fog far not beyond near: 'Far must be greater than near' beside both rows, in the current language, and never sent", async () => {
    const s = mountSettings({ sceneConfig: { fog: { enable: true, near: 100, far: 1000 } } });
    // The Scene group is open at first. A row is the antd form item around its input.
    const input = (name: string) => page.getByRole('spinbutton', { name, exact: true });
    const rowText = (name: string) => input(name).element().closest('.ant-form-item')?.textContent ?? '';
    await userEvent.fill(input('Far'), '50');
    await expect.poll(() => rowText('Far')).toContain('Far must be greater than near');
    expect(rowText('Near')).toContain('Far must be greater than near');
    expect(rowText('Width')).not.toContain('Far must be greater than near');
    await expect.element(input('Far')).toHaveValue('50');
    expect(s.sent.some((c) => c.sceneConfig.fog.far <= c.sceneConfig.fog.near)).toBe(false);
    expect(s.config.sceneConfig.fog).toMatchObject({ near: 100, far: 1000 });

    // The pair is held back; other fields still go through.
    await userEvent.fill(input('Width'), '2000');
    await expect.poll(() => s.config.sceneConfig.ground.width).toBe(2000);
    expect(s.config.sceneConfig.fog).toMatchObject({ near: 100, far: 1000 });

    s.rerender({ locale: 'zh_Hans' });
    await expect.poll(() => rowText('远距离')).toContain('远端值必须大于近端值');
    expect(rowText('近距离')).toContain('远端值必须大于近端值');

    await userEvent.fill(input('近距离'), '10');
    await expect.poll(() => s.config.sceneConfig.fog).toMatchObject({ near: 10, far: 50 });
    expect(rowText('远距离')).not.toContain('远端值必须大于近端值');
    expect(s.sent.every((c) => c.sceneConfig.fog.far > c.sceneConfig.fog.near)).toBe(true);
  });

  it('a valid change calls onChange with the parsed config', async () => {
    const s = mountSettings({ cameraConfig: { fov: 45 } });
    await open('Camera');
    await userEvent.fill(page.getByRole('spinbutton', { name: 'Field of view (°)' }), '60');
    await expect.poll(() => s.onChange.mock.calls.length).toBeGreaterThan(0);
    const last = s.onChange.mock.lastCall![0];
    expect(last.cameraConfig.fov).toBe(60);
    // The whole config, defaults filled: the host can hand it to the scene as it is.
    expect(last.controlConfig.orbitConfig.dampingFactor).toBe(0.05);
    expect(last.lightConfig.directionalLight).toHaveLength(1);

    // The 3D coordinate group: X axis / Y axis / Z axis inside 'Camera position'.
    const position = page.getByRole('group', { name: 'Camera position' });
    await userEvent.fill(position.getByRole('spinbutton', { name: 'Y axis' }), '350');
    await expect.poll(() => s.config.cameraConfig.cameraPositon).toEqual({ x: 0, y: 350, z: 500 });
  });

  it('an emptied number is refused with a message, not sent as null', async () => {
    const s = mountSettings({});
    await open('Camera');
    await userEvent.clear(page.getByRole('spinbutton', { name: 'Near plane' }));
    await expect.element(page.getByText('Invalid setting', { exact: true })).toBeVisible();
    expect(s.sent.every((c) => typeof c.cameraConfig.near === 'number')).toBe(true);
  });

  it("snapshot names: 'The name cannot be empty' and 'The snapshot name already exists'", async () => {
    const s = mountSettings({ snapshotConfig: { snapshotList: [{ name: 'Front' }] } });
    await open('Snapshots');
    await userEvent.click(page.getByRole('button', { name: 'Add snapshot' }));
    await expect.poll(() => s.config.snapshotConfig.snapshotList.map((x) => x.name)).toEqual(['Front', 'Snapshot 2']);
    // A new snapshot starts from the configured camera.
    expect(s.config.snapshotConfig.snapshotList[1]!.position).toEqual(s.config.cameraConfig.cameraPositon);

    const second = page.getByRole('textbox', { name: 'Name' }).nth(1);
    await userEvent.fill(second, 'Front');
    await expect.element(page.getByText('The snapshot name already exists')).toBeVisible();
    await userEvent.fill(second, '');
    await expect.element(page.getByText('The name cannot be empty')).toBeVisible();
    expect(
      s.sent.every((c) => new Set(c.snapshotConfig.snapshotList.map((x) => x.name)).size === c.snapshotConfig.snapshotList.length),
    ).toBe(true);
    expect(s.sent.every((c) => c.snapshotConfig.snapshotList.every((x) => x.name !== ''))).toBe(true);

    await userEvent.fill(second, 'Top');
    await expect.element(page.getByText('The name cannot be empty')).not.toBeInTheDocument();
    expect(s.config.snapshotConfig.snapshotList.map((x) => x.name)).toEqual(['Front', 'Top']);
  });
});
