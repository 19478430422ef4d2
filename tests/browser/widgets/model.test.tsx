import { afterEach, describe, expect, it } from 'vitest';
import { ModelWidget } from '../../../src/widgets/model/ModelWidget';
import { SPACE_EVENTS, SpaceWidget } from '../../../src/widgets/space/SpaceWidget';
import { useSpace } from '../../../src/widgets/space/SpaceContext';
import { ModelConfigSchema, type ModelConfig } from '../../../shared/schema/model';
import { SpaceConfigSchema } from '../../../shared/schema/space';
import { waitFor } from '../support/harness';
import { fakeHost, memoryVariables, mount, unmountWidgets } from './support';

afterEach(unmountWidgets);

const model = (files: string[] = []): ModelConfig =>
  ModelConfigSchema.parse({ src: { fileList: files.map((name) => ({ uid: name, name, url: `/media/3d/x/${name}` })) } });
const space = (extra: object = {}) =>
  SpaceConfigSchema.parse({ environmentConfig: { enable: false }, lightConfig: { ambientLight: [], directionalLight: [] }, ...extra });

/** Shows the space's registry, the way a later scene list will read it. */
function Registry() {
  const meshes = useSpace()?.meshes ?? [];
  return <output data-testid="registry">{meshes.map((m) => `${m.id}=${m.name}`).join(',')}</output>;
}

describe('the 3D model widget', () => {
  it.each([
    ['en', 'Please place it in a 3D space'],
    ['zh_Hans', '请将其放置在3D空间中'],
  ] as const)('outside a 3D space says where it belongs (%s)', (locale, text) => {
    const r = mount(<ModelWidget id="m1" config={model()} host={fakeHost({ locale })} />);
    expect(r.container.textContent).toBe(text);
  });

  it('inside a space registers while shown; display false, hidden or unmounted removes it', async () => {
    const host = fakeHost();
    const view = (props: { display?: boolean; visible?: boolean; second?: boolean }) => (
      <SpaceWidget id="s1" config={space()} host={host}>
        <ModelWidget id="m1" config={model(['a.bin', 'robot.gltf'])} host={host} display={props.display} visible={props.visible} />
        {props.second === false ? null : <ModelWidget id="m2" config={model()} host={host} />}
        <Registry />
      </SpaceWidget>
    );
    const r = mount(view({}));
    const registry = () => r.container.querySelector('[data-testid="registry"]')!.textContent;
    await waitFor(() => registry() === 'm1=robot.gltf,m2=m2', 'both models registered');
    // Inside a space the model has no message of its own: the scene draws it.
    expect(r.container.textContent).not.toContain('Please place it in a 3D space');

    r.render(view({ display: false }));
    await waitFor(() => registry() === 'm2=m2', 'm1 removed when its display parameter is false');
    r.render(view({ display: true }));
    await waitFor(() => registry() === 'm2=m2,m1=robot.gltf', 'm1 back when displayed');
    r.render(view({ visible: false }));
    await waitFor(() => registry() === 'm2=m2', 'm1 removed when hidden in the editor');
    r.render(view({ visible: false, second: false }));
    await waitFor(() => registry() === '', 'm2 removed on unmount');
  });

  it('two spaces keep separate registries', async () => {
    const host = fakeHost();
    const r = mount(
      <>
        <div style={{ width: 300, height: 150 }}>
          <SpaceWidget id="s1" config={space()} host={host}>
            <ModelWidget id="a" config={model()} host={host} />
            <Registry />
          </SpaceWidget>
        </div>
        <div style={{ width: 300, height: 150 }}>
          <SpaceWidget id="s2" config={space()} host={host}>
            <ModelWidget id="b" config={model()} host={host} />
            <Registry />
          </SpaceWidget>
        </div>
      </>,
    );
    const lists = () => [...r.container.querySelectorAll('[data-testid="registry"]')].map((e) => e.textContent);
    await waitFor(() => lists().join('|') === 'a=a|b=b', 'one model in each space');
  });
});

describe('the 3D space widget', () => {
  it('follows the variable bound by snapshotConfig.snapshotVar', async () => {
    const variables = memoryVariables({ view: 'top' });
    const host = fakeHost({ variables });
    const config = space({
      snapshotConfig: {
        snapshotVar: 'view',
        showBar: true,
        snapshotList: [
          { name: 'top', position: { x: 0, y: 600, z: 1 } },
          { name: 'side', position: { x: 600, y: 0, z: 0 } },
        ],
      },
    });
    const r = mount(<SpaceWidget id="s1" config={config} host={host} />, { width: 400, height: 250 });
    const pressed = () => r.container.querySelector('.dash3d-snapshots [aria-pressed="true"]')?.textContent;
    await waitFor(() => pressed() === 'top', 'the bound snapshot at start');
    variables.set('view', 'side');
    await waitFor(() => pressed() === 'side', 'the snapshot the variable names now');
  });

  it('renders its children over the canvas without taking the pointer, and reports ready', async () => {
    const host = fakeHost();
    const events: string[] = [];
    const r = mount(
      <SpaceWidget id="s1" config={space()} host={host} onWidgetEvent={(name) => events.push(name)}>
        <span data-testid="child">child</span>
      </SpaceWidget>,
    );
    const layer = r.container.querySelector<HTMLElement>('.dash3d-space-children')!;
    expect(layer.querySelector('[data-testid="child"]')).not.toBeNull();
    expect(getComputedStyle(layer).pointerEvents).toBe('none');
    await waitFor(() => events.includes('ready'), 'the ready event');
    // Only the declared events reach the host (no logs, no internal script activity).
    expect(events.every((e) => (SPACE_EVENTS as readonly string[]).includes(e))).toBe(true);
  });
});
