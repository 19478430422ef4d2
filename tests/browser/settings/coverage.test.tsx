import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { SpaceConfigSchema, SCRIPT_TEMPLATE } from '../../../shared/schema/space';
import { unwrapSchema, type FieldPath } from '../../../src/settings/schemaPath';
import { mountSettings, unmountAllSettings } from './support';
import { editorNamed, shownText } from '../support/code';

afterEach(unmountAllSettings);

/** Every leaf of the space config (a list is looked at through its first entry). */
function leaves(schema: unknown, path: FieldPath = []): FieldPath[] {
  const s = unwrapSchema(schema)!;
  const def = s._zod.def as { type: string; shape?: Record<string, unknown>; element?: unknown };
  if (def.type === 'object') return Object.entries(def.shape!).flatMap(([k, v]) => leaves(v, [...path, k]));
  if (def.type === 'array') return leaves(def.element, [...path, 0]);
  return [path];
}

/** Lists the host and the child widgets keep, not the designer. */
const NOT_SETTINGS = ['variables', 'meshes'];

async function openAll() {
  for (const header of page.getByRole('button', { expanded: false }).all()) {
    if (header.element().classList.contains('ant-collapse-header')) await userEvent.click(header);
  }
}

/** antd names a row's input `${form name}_${path joined by _}`. */
const idsOnPage = () =>
  new Set([...document.querySelectorAll('[id^="space-settings-s1_"]')].map((e) => e.id.slice('space-settings-s1_'.length)));

describe('space settings: every container setting of spec §3 has a row', () => {
  it('covers each leaf of SpaceConfigSchema across the control types and image modes', async () => {
    const oneOfEach = {
      lightConfig: { ambientLight: [{}], directionalLight: [{}], hemisphereLight: [{}], pointLight: [{}], spotLight: [{}] },
      snapshotConfig: { snapshotList: [{ name: 'A' }] },
    };
    const s = mountSettings({ ...oneOfEach, controlConfig: { controlType: 'orbit' } });
    await openAll();
    const seen = idsOnPage();
    s.rerender({
      config: { ...oneOfEach, controlConfig: { controlType: 'pointerLock' }, sceneConfig: { backgroundImage: { imageType: 'cube' } } },
    });
    await expect.element(page.getByRole('spinbutton', { name: 'Eye height' })).toBeVisible();
    for (const id of idsOnPage()) seen.add(id);
    // A fixed resolution shows its pixel ratio (the fly pass also shows the target frame rate).
    s.rerender({ config: { ...oneOfEach, controlConfig: { controlType: 'fly' }, renderConfig: { resolution: 'fixed' } } });
    await expect.element(page.getByText('Fly settings')).toBeVisible();
    await expect.element(page.getByRole('spinbutton', { name: 'Pixel ratio' })).toBeVisible();
    for (const id of idsOnPage()) seen.add(id);

    const missing = leaves(SpaceConfigSchema)
      .filter((p) => !NOT_SETTINGS.includes(String(p[0])))
      .map((p) => p.join('_'))
      .filter((id) => !seen.has(id));
    expect(missing).toEqual([]);
  });
});

describe('space settings: the smaller groups', () => {
  it('edits the script on blur and resets it to the template', async () => {
    const s = mountSettings({ script: '// mine' });
    await userEvent.click(page.getByRole('button', { name: 'Script', exact: true }));
    // A code editor (CodeMirror): its text as drawn, line by line.
    const area = await editorNamed('Container script');
    expect(shownText(area)).toBe('// mine');
    await userEvent.fill(area, '// mine\nfunction onReady() {}');
    expect(s.sent).toHaveLength(0);
    // Tab indents inside the editor: Escape, then Tab, leaves it (the blur that commits). The first
    // Escape closes the completion that typing may have started (CodeMirror's order: a popup first).
    await userEvent.keyboard('{Escape}{Escape}');
    await userEvent.tab();
    await expect.poll(() => s.config.script).toBe('// mine\nfunction onReady() {}');
    await userEvent.click(page.getByRole('button', { name: 'Reset to the template' }));
    await expect.poll(() => s.config.script).toBe(SCRIPT_TEMPLATE);
    await expect.poll(() => shownText(area)).toBe(SCRIPT_TEMPLATE);
  });

  it('picks an environment preset and binds the snapshot variable', async () => {
    const s = mountSettings({});
    await userEvent.click(page.getByRole('button', { name: 'Environment', exact: true }));
    await userEvent.click(page.getByLabelText('Environment preset'));
    await userEvent.keyboard('Sunset');
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => s.config.environmentConfig.type).toBe('sunset');

    await userEvent.click(page.getByRole('button', { name: 'Snapshots', exact: true }));
    await userEvent.fill(page.getByRole('combobox', { name: 'Bound variable' }), 'view');
    await expect.poll(() => s.config.snapshotConfig.snapshotVar).toBe('view');
  });

  it('a bounded number is a slider too, and each keyboard step is sent', async () => {
    const s = mountSettings({});
    await userEvent.click(page.getByRole('button', { name: 'Controls', exact: true }));
    const slider = page.getByRole('slider', { name: 'Damping factor' });
    await userEvent.click(slider);
    const before = s.sent.length;
    for (let i = 0; i < 3; i++) await userEvent.keyboard('{ArrowLeft}');
    await expect.poll(() => s.sent.length - before).toBe(3);
    const steps = s.sent.slice(before).map((c) => c.controlConfig.orbitConfig.dampingFactor);
    // Down from where the click put the handle, one 0.01 step at a time, never outside 0..1.
    for (let i = 1; i < steps.length; i++) expect(steps[i - 1]! - steps[i]!).toBeCloseTo(0.01, 5);
    expect(steps.every((v) => v >= 0 && v <= 1)).toBe(true);
    await expect.element(page.getByRole('spinbutton', { name: 'Damping factor' })).toHaveValue(String(steps.at(-1)));
  });
});
