import { useMemo, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { clickSteady } from '../support/click';
import { ModelSettings } from '../../../src/widgets/model/ModelSettings';
import { modelStatusStore } from '../../../src/widgets/model/modelStatus';
import { createModelEvents } from '../../../src/widgets/space/modelEvents';
import { ModelConfigSchema, type ModelConfig, type ModelConfigInput } from '../../../shared/schema/model';
import type { ModelInfo } from '../../../shared/protocol';
import type { SceneObjectNodeInput } from '../../../shared/schema/tree';
import type { Locale } from '../../../shared/i18n';
import type { MediaAccess } from '../../../src/host/types';
import { Themed } from '../settings/support';
import { fakeXhr } from './fake-xhr';
import { fakeHost, mount, unmountWidgets } from './support';

const ID = 'model-under-test';

afterEach(() => {
  unmountWidgets();
  modelStatusStore.clear(ID);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const media: MediaAccess = { baseUrl: '/', headers: () => ({ Authorization: 'Bearer t0k' }), allowedFormats: [] };

const mesh = (uuid: string, name: string, material: string, children: SceneObjectNodeInput[] = []) => ({
  uuid,
  name,
  type: 'Mesh',
  material: { uuid: `mat-${material}`, name: material, type: 'MeshStandardMaterial' },
  children,
});

/** Like a small glTF robot: named parts, an unnamed one, two parts sharing a name. */
const INFO = {
  kind: 'mesh',
  nodes: [
    {
      uuid: 'root',
      name: 'Robot',
      type: 'Group',
      children: [
        mesh('body', 'Body', 'Main'),
        mesh('head', 'Head', 'Grey', [mesh('visor', '', 'Main')]),
        mesh('arm-l', 'Arm', 'Grey'),
        mesh('arm-r', 'Arm', 'Grey'),
      ],
    },
  ],
  animations: ['Idle', 'Walking', 'Dance'],
  materials: ['Main', 'Grey'],
  vertices: 5120,
  bytes: 48_000,
} as ModelInfo;

const files = (...names: string[]) => ({
  src: { fileList: names.map((name) => ({ uid: name, name, url: `/media/3d/abc/${name}` })), filePath: `/media/3d/abc/${names[0]}` },
});
/** A space's model events, as its handler passes them to the panel (the panel's status only). */
const engineEvent = createModelEvents({ status: modelStatusStore });
const loaded = (info: ModelInfo = INFO) => engineEvent({ type: 'model-loaded', id: ID, info });

/** A host that stores what the panel sends and hands it back, in a language it can switch. */
function panel(initial: ModelConfigInput = {}) {
  const sent: ModelConfig[] = [];
  const ctl: { setLocale?(l: Locale): void } = {};
  function Owner() {
    const [config, setConfig] = useState(() => ModelConfigSchema.parse(initial));
    const [locale, setLocale] = useState<Locale>('en');
    ctl.setLocale = setLocale;
    const host = useMemo(() => fakeHost({ locale, media }), [locale]);
    const onChange = (next: ModelConfig) => {
      sent.push(next);
      setConfig(next);
    };
    return (
      <Themed locale={locale}>
        <ModelSettings id={ID} config={config} host={host} onChange={onChange} />
      </Themed>
    );
  }
  const r = mount(<Owner />, { width: 420, height: 700 });
  return { r, sent, last: () => sent[sent.length - 1], setLocale: (l: Locale) => ctl.setLocale!(l) };
}

const header = (name: string) => page.getByRole('button', { name, exact: true });
const treeSelect = () => page.getByRole('combobox', { name: 'Model tree' });
const dropdown = () => document.querySelector<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
const treeTitles = () => [...(dropdown()?.querySelectorAll('.ant-select-tree-title') ?? [])].map((e) => e.textContent);

async function pickPart(title: string, nth = 0) {
  await userEvent.click(treeSelect());
  await expect.poll(() => treeTitles().filter((x) => x === title).length).toBeGreaterThan(nth);
  const node = [...dropdown()!.querySelectorAll<HTMLElement>('.ant-select-tree-title')].filter((e) => e.textContent === title)[nth]!;
  await clickSteady(node);
}

describe('model settings: the tree selector', () => {
  it('is not offered before a file is uploaded, even when a tree is known', async () => {
    const fetchSpy = vi.fn(() => Promise.reject(new Error('no listing expected')));
    vi.stubGlobal('fetch', fetchSpy);
    panel();
    loaded();
    await expect.element(page.getByText('Upload model files')).toBeVisible();
    await expect.element(header('Edges, highlight and tween')).toBeVisible();
    expect(header('Parts').query()).toBeNull();
    expect(header('Materials').query()).toBeNull();
    expect(header('Animations').query()).toBeNull();
    expect(treeSelect().query()).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('says Loading… while the model loads, the error when it failed, then lists the tree at most 200 px high', async () => {
    panel(files('robot.glb'));
    await expect.element(page.getByText('The parts are listed once the model is loaded in its 3D space')).toBeVisible();
    engineEvent({ type: 'model-progress', id: ID, loaded: 10, total: 100, phase: 'download' });
    await expect.element(page.getByRole('status')).toHaveTextContent('Loading…');
    expect(treeSelect().query()).toBeNull();
    engineEvent({ type: 'model-error', id: ID, message: 'truncated file' });
    await expect.element(page.getByText('The model could not be loaded: truncated file')).toBeVisible();
    expect(treeSelect().query()).toBeNull();

    loaded();
    await expect.element(treeSelect()).toBeVisible();
    await userEvent.click(treeSelect());
    await expect.poll(treeTitles).toEqual(['Robot', 'Body', 'Head', 'Mesh', 'Arm', 'Arm']);

    // A big tree scrolls inside the 200 px list (spec §9).
    const many = {
      ...INFO,
      nodes: [
        { uuid: 'r', name: 'Plant', type: 'Group', children: Array.from({ length: 60 }, (_, i) => mesh(`p${i}`, `Pipe ${i}`, 'Main')) },
      ],
    } as ModelInfo;
    await userEvent.keyboard('{Escape}');
    loaded(many);
    await userEvent.click(treeSelect());
    await expect.poll(() => treeTitles().includes('Plant')).toBe(true);
    const holder = dropdown()!.querySelector<HTMLElement>('.ant-select-tree-list-holder')!;
    expect(getComputedStyle(holder).maxHeight).toBe('200px');
    expect(holder.getBoundingClientRect().height).toBeLessThanOrEqual(200);
    expect(holder.scrollHeight).toBeGreaterThan(200);
  });

  it('an upload turns tree.visible on in the same change, and the Parts group appears', async () => {
    const xhr = fakeXhr();
    vi.stubGlobal('XMLHttpRequest', xhr.XMLHttpRequest);
    const { r, last } = panel();
    await userEvent.upload(r.container.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['x'], 'robot.glb'));
    await expect.poll(() => last()?.src.fileList.length).toBe(1);
    expect(last()!.tree.visible).toBe(true);
    await expect.element(header('Parts')).toBeVisible();
  });
});

describe('model settings: the selected part', () => {
  it("writes a uniquely named part's opacity and colour under its name; Reset part removes it", async () => {
    const { last, sent } = panel(files('robot.glb'));
    loaded();
    await pickPart('Body');
    await expect.poll(() => last()?.tree.value).toEqual({ key: '0children0', name: 'Body' });
    await expect.element(page.getByText('Part: Body')).toBeVisible();
    // Selecting wrote no part settings: the part keeps what the file gives it.
    expect(last()!.treeConfig).toEqual({});

    await userEvent.fill(page.getByRole('spinbutton', { name: 'Opacity' }), '0.5');
    await expect.poll(() => last()?.treeConfig.Body?.opacity).toBe(0.5);
    expect(last()!.treeConfig.Body).toMatchObject({ visible: true, color: '', scale: { x: 1, y: 1, z: 1 } });

    const colour = page.getByRole('textbox', { name: 'Colour (empty: the file’s colour)' });
    await userEvent.fill(colour, '#ff0000');
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => last()?.treeConfig.Body?.color).toBe('#ff0000');
    await userEvent.fill(colour, 'not-a-colour');
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByText('Not a valid colour')).toBeVisible();
    expect(sent.every((c) => !c.treeConfig.Body || c.treeConfig.Body.color !== 'not-a-colour')).toBe(true);
    await userEvent.fill(colour, '');
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => last()?.treeConfig.Body?.color).toBe('');
    expect(Object.keys(last()!.treeConfig)).toEqual(['Body']);

    await userEvent.click(page.getByRole('button', { name: 'Reset part' }));
    await expect.poll(() => last()?.treeConfig).toEqual({});
    await expect.element(page.getByRole('spinbutton', { name: 'Opacity' })).toHaveValue('1.00');
  });

  it('a part whose name is shared is keyed by its tree key; rotation 400 is refused with the range message', async () => {
    const { last, sent } = panel(files('robot.glb'));
    loaded();
    await pickPart('Arm', 1);
    await expect.poll(() => last()?.tree.value).toEqual({ key: '0children3', name: 'Arm' });
    const rotationX = page.getByRole('group', { name: 'Rotation (degrees)' }).getByRole('spinbutton', { name: 'X axis' });
    await userEvent.fill(rotationX, '400');
    await expect.element(page.getByText('Exceeding the value range')).toBeVisible();
    expect(sent.some((c) => Object.values(c.treeConfig).some((m) => m.rotation.x === 400))).toBe(false);

    await userEvent.fill(rotationX, '-90');
    await expect.poll(() => last()?.treeConfig['0children3']?.rotation.x).toBe(-90);
    await expect.element(page.getByText('Exceeding the value range')).not.toBeInTheDocument();
    expect(Object.keys(last()!.treeConfig)).toEqual(['0children3']);

    // The unnamed visor is shown by its type and keyed by its key too.
    await pickPart('Mesh');
    await userEvent.click(page.getByRole('switch', { name: 'Visible' }));
    await expect.poll(() => last()?.treeConfig['0children1children0']?.visible).toBe(false);
  });
});

/** The media library's answers, shaped as server/ answers them (folders first, then files). */
const entry = (path: string, isDir: boolean) => ({ name: path.split('/').pop()!, path, filePath: `/media/${path}`, isDir });
const LISTINGS: Record<string, unknown[]> = {
  '3d/materials': [entry('3d/materials/oak-physical', true)],
  '3d/materials/oak-physical': [
    entry('3d/materials/oak-physical/cut.jpg', false),
    entry('3d/materials/oak-physical/oak-physical.airm', false),
  ],
  'built-in/materials': [entry('built-in/materials/brushed-steel-physical', true), entry('built-in/materials/red-plastic-phong', true)],
  'built-in/materials/brushed-steel-physical': [
    entry('built-in/materials/brushed-steel-physical/brushed-steel-physical.airm', false),
    entry('built-in/materials/brushed-steel-physical/cut.jpg', false),
  ],
  // A sub-folder whose listing fails: silent, the others still show.
};

/** The address a stubbed fetch was asked for. */
const urlOf = (input: RequestInfo | URL) => (input instanceof Request ? input.url : String(input));

function stubListing() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = new URL(urlOf(input), location.href);
    const list = LISTINGS[url.searchParams.get('catalog') ?? ''];
    return Promise.resolve(list ? Response.json(list) : Response.json({ error: 'not found' }, { status: 500 }));
  });
}

describe('model settings: library materials', () => {
  it('one row per model material, options from both catalogs with thumbnails; clearing removes the key', async () => {
    const fetchSpy = stubListing();
    const { last } = panel(files('robot.glb'));
    loaded();
    await userEvent.click(header('Materials'));
    const main = page.getByRole('combobox', { name: 'Library material for Main' });
    await expect.element(main).toBeVisible();
    await expect.element(page.getByRole('combobox', { name: 'Library material for Grey' })).toBeVisible();

    await userEvent.click(main);
    const options = () => [...(dropdown()?.querySelectorAll('.ant-select-item-option') ?? [])];
    await expect.poll(() => options().map((o) => o.textContent)).toEqual(['oak', 'brushed-steel']);
    const groups = [...dropdown()!.querySelectorAll('.ant-select-item-group')].map((g) => g.textContent);
    expect(groups).toEqual(['My materials', 'Built-in materials']);
    const thumb = options()[1]!.querySelector('img')!.getAttribute('src')!;
    expect(thumb).toMatch(/^\/media\/built-in\/materials\/brushed-steel-physical\/cut\.jpg\?[0-9A-Za-z]+$/);

    await clickSteady(options()[1]!);
    const steel = 'built-in/materials/brushed-steel-physical/brushed-steel-physical.airm';
    await expect.poll(() => last()?.materialsConfig.materials).toEqual({ Main: steel });
    const calls = fetchSpy.mock.calls.map(([u]) => new URL(urlOf(u), location.href).searchParams.get('catalog'));
    expect(calls).toEqual(expect.arrayContaining(['3d/materials', 'built-in/materials', 'built-in/materials/red-plastic-phong']));

    const row = main.element().closest('.ant-select')!;
    await userEvent.hover(row);
    await userEvent.click(row.querySelector<HTMLElement>('.ant-select-clear')!);
    await expect.poll(() => last()?.materialsConfig.materials).toEqual({});
  });
});

describe('model settings: animations', () => {
  it("lists the file's clips by name; enabling one writes its entry; an entry for a clip not in the file is shown and can go", async () => {
    const { last } = panel({ ...files('robot.glb'), animationConfig: [{ name: 'Jump', enable: true }] });
    loaded();
    await userEvent.click(header('Animations'));
    for (const clip of ['Idle', 'Walking', 'Dance']) await expect.element(page.getByRole('group', { name: clip })).toBeVisible();
    await expect.element(page.getByText('Not in the model file: kept, but nothing plays')).toBeVisible();

    await userEvent.click(page.getByRole('group', { name: 'Walking' }).getByRole('switch', { name: 'Enabled' }));
    await expect
      .poll(() => last()?.animationConfig.map((a) => [a.name, a.enable]))
      .toEqual([
        ['Jump', true],
        ['Walking', true],
      ]);
    expect(last()!.animationConfig[1]).toEqual({
      name: 'Walking',
      enable: true,
      weight: 1,
      loop: 'repeat',
      repetitions: 0,
      time: 0,
      timeScale: 1,
      decorative: false,
    });
    // Issue 42: a clip marked decorative holds still for viewers who ask for reduced motion.
    await userEvent.click(page.getByRole('group', { name: 'Walking' }).getByRole('switch', { name: /^Decorative/ }));
    await expect.poll(() => last()?.animationConfig[1]?.decorative).toBe(true);

    await userEvent.fill(page.getByRole('group', { name: 'Dance' }).getByRole('spinbutton', { name: 'Weight' }), '1.5');
    await expect.element(page.getByRole('group', { name: 'Dance' }).getByText('Exceeding the value range')).toBeVisible();
    expect(last()!.animationConfig.some((a) => a.name === 'Dance')).toBe(false);

    await userEvent.click(page.getByRole('button', { name: 'Remove Jump' }));
    await expect.poll(() => last()?.animationConfig.map((a) => a.name)).toEqual(['Walking']);
  });
});

describe('model settings: keyframes and point clouds', () => {
  it('adds a keyframe animation with the schema defaults and refuses an end before the start', async () => {
    const { last, sent } = panel(files('robot.glb'));
    await userEvent.click(header('Keyframe animations'));
    await userEvent.click(page.getByRole('button', { name: 'Add keyframe animation' }));
    await expect.poll(() => last()?.customAnimationConfig.length).toBe(1);
    expect(last()!.customAnimationConfig[0]).toMatchObject({
      enable: false,
      time: { start: 0, end: 1000 },
      loop: 'repeat',
      repetitions: 0,
    });

    await userEvent.fill(page.getByRole('spinbutton', { name: 'Start (ms)' }), '2000');
    await expect.element(page.getByText('Exceeding the value range')).toBeVisible();
    expect(sent.every((c) => c.customAnimationConfig.every((a) => a.time.end >= a.time.start))).toBe(true);
    await userEvent.fill(page.getByRole('spinbutton', { name: 'End (ms)' }), '3000');
    await expect.poll(() => last()?.customAnimationConfig[0]?.time).toEqual({ start: 2000, end: 3000 });

    const rotEnd = page.getByRole('group', { name: 'Rotation at end (degrees)' }).getByRole('spinbutton', { name: 'Y axis' });
    await userEvent.fill(rotEnd, '360');
    await expect.poll(() => last()?.customAnimationConfig[0]?.track.rotation.end.y).toBe(360);
  });

  it('offers the hot colour only for a .pcd', async () => {
    const glb = panel(files('robot.glb'));
    await expect.element(header('Keyframe animations')).toBeVisible();
    expect(header('Point cloud').query()).toBeNull();
    glb.r.unmount();

    const { last } = panel(files('scan.pcd'));
    await userEvent.click(header('Point cloud'));
    const hot = page.getByRole('textbox', { name: 'Hot colour' });
    await expect.element(hot).toHaveValue('#ff4d4f');
    await userEvent.fill(hot, '#00ff00');
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => last()?.pointConfig.hotColor).toBe('#00ff00');
  });
});

describe('model settings: language', () => {
  it('switching to zh_Hans relabels the groups, the tree selector and the part rows', async () => {
    const { setLocale } = panel(files('robot.glb'));
    loaded();
    await pickPart('Body');
    await expect.element(page.getByRole('spinbutton', { name: 'Opacity' })).toBeVisible();
    setLocale('zh_Hans');
    await expect.element(header('部件')).toBeVisible();
    await expect.element(header('边线、高亮与过渡')).toBeVisible();
    await expect.element(page.getByRole('combobox', { name: '模型树' })).toBeVisible();
    await expect.element(page.getByRole('spinbutton', { name: '不透明度' })).toBeVisible();
    await expect.element(page.getByRole('group', { name: '旋转（度）' }).getByRole('spinbutton', { name: 'X轴' })).toBeVisible();
    expect(page.getByText('Opacity').query()).toBeNull();
  });
});
