import { useMemo, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import { SpaceWidget } from '../../../src/widgets/space/SpaceWidget';
import type { ThreeDSpaceHandle } from '../../../src/widgets/space/ThreeDSpace';
import { ModelWidget } from '../../../src/widgets/model/ModelWidget';
import { ModelSettings } from '../../../src/widgets/model/ModelSettings';
import { ModelConfigSchema } from '../../../shared/schema/model';
import type { ModelConfigWithRules } from '../../../shared/schema/rules';
import { SpaceConfigSchema } from '../../../shared/schema/space';
import type { Locale } from '../../../shared/i18n';
import type { PixelReadout } from '../../../shared/protocol';
import { diffShare, EMPTY, meanColour, waitFor, type RGBA } from '../support/harness';
import { Themed } from '../settings/support';
import { fakeHost, memoryVariables, mount, unmountWidgets } from './support';
import { BOX_OBJ } from '../support/scenes';
import { chooseOption } from '../material-editor/form-support';

afterEach(unmountWidgets);

let boxUrl = '';
beforeAll(async () => {
  boxUrl = await commands.writeTempFile('rules-box.obj', BOX_OBJ);
});

const spaceConfig = SpaceConfigSchema.parse({
  ...EMPTY,
  lightConfig: { ambientLight: [{ intensity: 1 }], directionalLight: [] },
  cameraConfig: { fov: 45, cameraPositon: { x: 0, y: 50, z: 400 }, cameraLookAt: { x: 0, y: 50, z: 0 } },
});
/** The box (100 units, standing on the ground at the origin) fills the middle of the view. */
const middle = (p: PixelReadout) => meanColour(p, 0.45, 0.4, 0.55, 0.6);
const isRed = (c: RGBA) => c[0] > c[1] + 60 && c[0] > c[2] + 60;

/** A host editor: the space with the box model, and the model's panel beside it, one config for both. */
function mountEditor(variables = memoryVariables({ temp: 20, pressure: 1 })) {
  let handle: ThreeDSpaceHandle | null = null;
  const sent: ModelConfigWithRules[] = [];
  const ctl: { setLocale?(l: Locale): void } = {};
  function Owner() {
    const [config, setConfig] = useState(() =>
      ModelConfigSchema.parse({ adaptive: false, src: { filePath: boxUrl, fileList: [{ uid: 'box', name: 'box.obj', url: boxUrl }] } }),
    );
    const [locale, setLocale] = useState<Locale>('en');
    ctl.setLocale = setLocale;
    const host = useMemo(() => fakeHost({ locale, variables }), [locale]);
    return (
      <Themed locale={locale}>
        <div style={{ display: 'flex', gap: 8 }}>
          <div style={{ width: 400, height: 300, position: 'relative' }}>
            <SpaceWidget id="s1" config={spaceConfig} host={host} ref={(h) => void (handle = h)}>
              <ModelWidget id="box" config={config} host={host} />
            </SpaceWidget>
          </div>
          <div style={{ width: 420, height: 760, overflow: 'auto' }}>
            <ModelSettings
              id="box"
              config={config}
              host={host}
              onChange={(next) => {
                sent.push(next as ModelConfigWithRules);
                setConfig(next);
              }}
            />
          </div>
        </div>
      </Themed>
    );
  }
  const r = mount(<Owner />, { width: 860, height: 780 });
  const space = r.container.querySelector<HTMLElement>('.dash3d-space')!;
  return { variables, sent, ctl, space, handle: () => handle! };
}

/** What the scene shows once the engine drew everything asked of it. */
async function pixels(handle: () => ThreeDSpaceHandle) {
  // A frame for a forwarded value or a coalesced change to leave the page, then the engine's.
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  await handle().settled();
  return handle().readPixels();
}

describe('the Rules section of the model panel (issue 40)', () => {
  it('a designer adds a rule from the panel: the scene answers the variable, a test value previews it, both languages', async () => {
    const e = mountEditor();
    await waitFor(() => e.space.dataset.state === 'ready' && e.handle()?.mode, 'the space to run');
    await waitFor(async () => (await e.handle().stats()).models.loaded === 1, 'the box to load');
    const plain = await pixels(e.handle);

    await userEvent.click(page.getByRole('button', { name: /^Rules/ }));
    await userEvent.click(page.getByRole('button', { name: 'Add rule' }));
    // A new rule: the default colour effect, no variable yet, and the panel says what is missing.
    await expect.element(page.getByText('Choose the variable the rule reads')).toBeVisible();
    const variable = page.getByRole('combobox', { name: 'Variable' });
    await userEvent.fill(variable, 'tmp');
    await userEvent.tab();
    await expect.element(page.getByText('The host has no variable named "tmp" now: the rule changes nothing until it has')).toBeVisible();
    await userEvent.fill(variable, 'temp');
    await userEvent.tab();
    await waitFor(() => e.sent.at(-1)?.rules[0]?.variable === 'temp', 'the variable to be stored');
    await userEvent.fill(page.getByRole('spinbutton', { name: 'Threshold' }), '30');
    await userEvent.tab();
    await waitFor(() => e.sent.at(-1)?.rules[0]?.condition.value === 30, 'the threshold to be stored');
    expect(e.sent.at(-1)!.rules[0]).toMatchObject({
      variable: 'temp',
      parts: [],
      condition: { kind: 'above', value: 30 },
      effects: [{ type: 'tint' }],
    });

    // 20 is below 30: the box is as it was. The host's value crosses it: the box takes the colour.
    expect(diffShare(plain, await pixels(e.handle), 0)).toBe(0);
    e.variables.set('temp', 42);
    await waitFor(async () => (isRed(middle(await pixels(e.handle))) ? true : null), 'the box to turn red');

    // A test value shows the scene as if the variable held it, without changing the variable.
    const tryBox = page.getByRole('textbox', { name: 'Test value' });
    await userEvent.fill(tryBox, '5');
    await waitFor(async () => (diffShare(plain, await pixels(e.handle), 0) === 0 ? true : null), 'the test value to show');
    expect(e.variables.read('temp')).toBe(42);
    await userEvent.click(page.getByRole('button', { name: 'Use the live value' }));
    await waitFor(async () => (isRed(middle(await pixels(e.handle))) ? true : null), 'the live value again');

    // A second rule on the same model overriding the colour: the panel says so.
    await userEvent.click(page.getByRole('button', { name: 'Add rule' }));
    await userEvent.fill(page.getByRole('combobox', { name: 'Variable' }).nth(1), 'pressure');
    await userEvent.tab();
    await expect.element(page.getByText('Overrides rule 1 for colour where both apply')).toBeVisible();

    e.ctl.setLocale!('zh_Hans');
    await expect.element(page.getByRole('button', { name: '添加规则' })).toBeVisible();
    await expect.element(page.getByText('在两者都适用的部件上覆盖规则 1 的颜色')).toBeVisible();
  });

  it('a motion indicator gets a path of points from the panel, stored in order', async () => {
    const e = mountEditor();
    await waitFor(async () => e.handle()?.mode && (await e.handle().stats()).models.loaded === 1, 'the box to load');
    await userEvent.click(page.getByRole('button', { name: /^Rules/ }));
    await userEvent.click(page.getByRole('button', { name: 'Add rule' }));
    await chooseOption(page.getByRole('combobox', { name: 'Effect', exact: true }), 'Motion indicator');
    await waitFor(() => e.sent.at(-1)?.rules[0]?.effects[0]?.type === 'flow', 'the effect to be a motion indicator');
    await userEvent.click(page.getByRole('button', { name: 'Add point' }));
    await userEvent.click(page.getByRole('button', { name: 'Add point' }));
    const x = page.getByRole('group', { name: 'Point 2' }).getByRole('spinbutton').first();
    await userEvent.fill(x, '120');
    await userEvent.tab();
    await waitFor(() => {
      const effect = e.sent.at(-1)?.rules[0]?.effects[0];
      return effect?.type === 'flow' && effect.path.length === 2 && effect.path[1]!.x === 120;
    }, 'the path to be stored');
    expect(e.sent.at(-1)!.rules[0]!.effects[0]).toMatchObject({ path: [{ x: 0, y: 0, z: 0 }, { x: 120 }], pathWidth: 8 });
  });

  it('a range with its low above its high is named under both rows and never sent; the scene keeps the last good rules', async () => {
    const e = mountEditor();
    await waitFor(async () => e.handle()?.mode && (await e.handle().stats()).models.loaded === 1, 'the box to load');
    await userEvent.click(page.getByRole('button', { name: /^Rules/ }));
    await userEvent.click(page.getByRole('button', { name: 'Add rule' }));
    await chooseOption(page.getByRole('combobox', { name: 'When' }), 'Between');
    await waitFor(() => e.sent.at(-1)?.rules[0]?.condition.kind === 'between', 'the condition to be stored');
    await userEvent.fill(page.getByRole('combobox', { name: 'Variable' }), 'temp');
    await userEvent.tab();
    // 20 is between the default 0 and 100: the box takes the rule's colour.
    await waitFor(async () => (isRed(middle(await pixels(e.handle))) ? true : null), 'the rule to apply');
    const before = e.sent.length;
    await userEvent.fill(page.getByRole('spinbutton', { name: 'From' }), '500');
    await userEvent.tab();
    await expect.element(page.getByText('The minimum cannot be greater than the maximum').first()).toBeVisible();
    expect(page.getByText('The minimum cannot be greater than the maximum').elements()).toHaveLength(2);
    expect(e.sent.length).toBe(before);
    expect(isRed(middle(await pixels(e.handle)))).toBe(true);
  });
});
