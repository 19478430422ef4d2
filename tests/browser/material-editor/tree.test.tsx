import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import type { SceneObjectNode } from '../../../shared/schema/tree';
import { MaterialTree } from '../../../src/material-editor/tree/MaterialTree';
import type { MediaAccess } from '../../../src/host/types';
import type { PixelReadout } from '../../../shared/protocol';
import { colourDistance, diffShare, meanColour, unmountAll, waitFor } from '../support/harness';
import { fixtureUrl } from '../support/fixtures';
import { decodeJpeg } from './support';
import {
  choose,
  dropdown,
  isGrey,
  isRed,
  LEFT,
  MIDDLE,
  mountEditor,
  mountPlain,
  RIGHT,
  titles,
  treeSelect,
  twoCubes,
  unmountEditors,
} from './tree-support';

let objUrl = '';
beforeAll(async () => {
  objUrl = await commands.writeTempFile('two-cubes.obj', twoCubes());
});

afterEach(() => {
  unmountAll();
  unmountEditors();
});

describe('material tree: the previewed model parts', () => {
  it('lists the objects by name, else type, with the spec key format, and a material list under its mesh', async () => {
    const editor = await mountEditor({ url: objUrl, files: [] });
    // The worker's tree: spec §3 nodes, materials as entity snapshots (the OBJ's default phong, white).
    const [root] = editor.nodes();
    expect(root!.type).toBe('Group');
    expect(root!.children.map((c) => c.name)).toEqual(['Left', 'Right', 'Middle']);
    const [left, right] = root!.children;
    expect(left!.material).toMatchObject({ name: 'leftPaint', type: 'phong', color: '#ffffff' });
    expect((right!.material as { name: string }[]).map((m) => m.name)).toEqual(['frontPaint', 'sidePaint']);

    await userEvent.click(treeSelect());
    // The root group has no name: its type. Right's list materials are entries of their own.
    await expect.poll(titles).toEqual(['Group', 'Left', 'Right', 'frontPaint (material 1)', 'sidePaint (material 2)', 'Middle']);
    await userEvent.keyboard('{Escape}');

    // Spec §3 keys: sibling indexes joined by 'children'; a list's material under its mesh's key.
    await choose('Left');
    expect(editor.selections.at(-1)).toEqual({ key: '0children0', uuid: left!.uuid, material: (left!.material as { uuid: string }).uuid });
    await choose('sidePaint (material 2)');
    const side = (right!.material as { uuid: string }[])[1]!;
    expect(editor.selections.at(-1)).toEqual({ key: '0children1material1', uuid: side.uuid, material: side.uuid });
    // The group has no material, Right a list of them: shown, but not edited as one.
    for (const title of ['Group', 'Right']) await choose(title);
    expect(editor.selections.length).toBe(2);
  });

  it('the dropdown is at most 500 px high; a big tree scrolls inside it', async () => {
    const mesh = (i: number): SceneObjectNode => ({
      uuid: `m${i}`,
      name: i % 2 ? `Pipe ${i}` : '',
      type: 'Mesh',
      material: { uuid: `mat${i}`, name: '', type: 'physical' },
      children: [],
    });
    const nodes: SceneObjectNode[] = [{ uuid: 'r', name: 'Plant', type: 'Group', children: Array.from({ length: 60 }, (_, i) => mesh(i)) }];
    mountPlain(<MaterialTree nodes={nodes} value={null} locale="en" onSelect={() => undefined} onClear={() => undefined} />);
    await userEvent.click(treeSelect());
    await expect.poll(() => titles().slice(0, 3)).toEqual(['Plant', 'Mesh', 'Pipe 1']);
    const holder = dropdown()!.querySelector<HTMLElement>('.ant-select-tree-list-holder')!;
    expect(getComputedStyle(holder).maxHeight).toBe('500px');
    expect(holder.getBoundingClientRect().height).toBeLessThanOrEqual(500);
    expect(holder.scrollHeight).toBeGreaterThan(500);
  });

  it('choosing a part and editing its colour turns exactly that part red; Clear restores the original pixels', async () => {
    const editor = await mountEditor({ url: objUrl, files: [] });
    const before = await editor.pixels();
    expect(isGrey(LEFT(before)), `left ${LEFT(before).join(',')}`).toBe(true);
    expect(isGrey(RIGHT(before)), `right ${RIGHT(before).join(',')}`).toBe(true);
    expect(isGrey(MIDDLE(before)), `middle ${MIDDLE(before).join(',')}`).toBe(true);

    await choose('Left');
    await waitFor(() => editor.results.length > 0, 'the snapshot to be shown');
    expect(await editor.edit({ color: '#ff0000' })).toMatchObject({ ok: true, shown: true });
    const red = await editor.pixels();
    expect(isRed(LEFT(red)), `left ${LEFT(red).join(',')}`).toBe(true);
    expect(colourDistance(RIGHT(red), RIGHT(before))).toBeLessThanOrEqual(2);
    expect(colourDistance(MIDDLE(red), MIDDLE(before))).toBeLessThanOrEqual(2);
    // The library's thumbnail of the edited material, on the sphere; the view on screen is unchanged.
    const ball = await decodeJpeg(await editor.handle().thumbnail(64, 64));
    expect(isRed(meanColour(ball, 0.4, 0.4, 0.6, 0.6)), `ball ${meanColour(ball, 0.4, 0.4, 0.6, 0.6).join(',')}`).toBe(true);
    expect(diffShare(red, await editor.pixels())).toBe(0);

    // Clear: the part's own material again, the very pixels of before.
    await userEvent.click(page.getByRole('button', { name: 'Restore the original material of the chosen part' }));
    await waitFor(() => editor.results.at(-1)?.ok && !(editor.results.at(-1) as { shown: boolean }).shown, 'the clear to be answered');
    await editor.handle().settled();
    const cleared = await editor.pixels();
    expect(cleared.data).toEqual(before.data);
  });

  it('a material inside a material list is found and replaced, by keyboard', async () => {
    const editor = await mountEditor({ url: objUrl, files: [] });
    const before = await editor.pixels();
    // Keyboard only: open, walk down to Right's first list material (Group, Left, Right, frontPaint), Enter.
    (treeSelect().element() as HTMLElement).focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect.poll(() => titles().length).toBe(6);
    const active = () => dropdown()?.querySelector('.ant-select-tree-treenode-active .ant-select-tree-title')?.textContent;
    for (let i = 0; i < 6 && active() !== 'frontPaint (material 1)'; i++) await userEvent.keyboard('{ArrowDown}');
    expect(active()).toBe('frontPaint (material 1)');
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => editor.selections.at(-1)?.key).toBe('0children1material0');
    expect(await editor.edit({ color: '#ff0000' })).toMatchObject({ ok: true, shown: true });
    const red = await editor.pixels();
    expect(isRed(RIGHT(red)), `right ${RIGHT(red).join(',')}`).toBe(true);
    expect(colourDistance(LEFT(red), LEFT(before))).toBeLessThanOrEqual(2);
    expect(colourDistance(MIDDLE(red), MIDDLE(before))).toBeLessThanOrEqual(2);
  });

  it('frees the model and its edited materials: GPU memory back to the baseline', async () => {
    const editor = await mountEditor(null);
    const baseline = (await editor.handle().stats()).memory;
    editor.setModel({ url: objUrl, files: [] });
    await waitFor(() => editor.nodes().length > 0, 'the model tree', 60_000);
    // renderer.info counts what a drawn frame uploaded: wait for one.
    await editor.handle().settled();
    const afterModel = (await editor.handle().stats()).memory;
    expect(afterModel.geometries).toBeGreaterThan(baseline.geometries);
    // An edited part with a texture, edited twice: the first edit's texture is freed by the second.
    await choose('Left');
    const textured = { color: '#00ff00', map: fixtureUrl('gltf/DamagedHelmet/Default_albedo.jpg') };
    expect(await editor.edit(textured)).toMatchObject({ shown: true, problems: [] });
    await editor.handle().settled();
    expect((await editor.handle().stats()).memory.textures).toBe(afterModel.textures + 1);
    expect(await editor.edit({ map: '' })).toMatchObject({ shown: true });
    await editor.handle().settled();
    expect((await editor.handle().stats()).memory.textures).toBe(afterModel.textures);
    // Edited again when the model goes: the edit must be freed with it.
    await editor.edit(textured);
    editor.setModel(null);
    await waitFor(() => editor.nodes().length === 0, 'the empty tree');
    await editor.handle().settled();
    expect((await editor.handle().stats()).memory).toEqual(baseline);
  });
});

describe('previewing a model from the media library', () => {
  /** Share of clearly blue pixels: the built-in cube's CubeBlue (Kd 0.2 0.45 0.8, from its .mtl). */
  function blueShare(p: PixelReadout): number {
    let n = 0;
    for (let i = 0; i < p.data.length; i += 4) if (p.data[i + 2]! > 60 && p.data[i + 2]! > p.data[i]! + 40) n++;
    return n / (p.data.length / 4);
  }

  it('the built-in cube.obj (with its .mtl) replaces the box, its parts are listed; Back to the box shows the box again', async () => {
    const { baseUrl, token } = await commands.mediaServer();
    const media: MediaAccess = { baseUrl, headers: () => ({ Authorization: `Bearer ${token}` }), allowedFormats: [] };
    const editor = await mountEditor(null, { media, boxMaterial: { type: 'phong', color: '#ffffff' } });
    await waitFor(() => editor.results.length > 0, 'the box to be drawn');
    const box = await editor.pixels();
    expect(blueShare(box)).toBe(0);
    expect(page.getByRole('button', { name: 'Back to the box' }).element()).toHaveProperty('disabled', true);

    await userEvent.click(page.getByRole('button', { name: 'Preview a model' }));
    const dialog = page.getByRole('dialog');
    await expect.element(dialog.getByText('Choose a model to preview')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Open folder built-in' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Open folder models' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Preview cube.obj' }));

    await waitFor(() => editor.nodes().length > 0, 'the model tree', 60_000);
    // The .mtl came along: the cube's material is its blue, snapshotted for the form.
    const materials: string[] = [];
    const walk = (n: SceneObjectNode) => {
      if (n.material && !Array.isArray(n.material)) materials.push(`${n.material.name} ${String(n.material.color)}`);
      n.children.forEach(walk);
    };
    editor.nodes().forEach(walk);
    expect(materials.some((m) => m.startsWith('CubeBlue #'))).toBe(true);
    const shown = await waitFor(async () => {
      const p = await editor.pixels();
      return blueShare(p) > 0.05 ? p : null;
    }, 'the blue cube');
    expect(blueShare(shown)).toBeGreaterThan(0.05);

    await userEvent.click(page.getByRole('button', { name: 'Back to the box' }));
    await waitFor(() => editor.nodes().length === 0, 'the tree to empty');
    await waitFor(async () => blueShare(await editor.pixels()) === 0, 'the box again');
    expect((await editor.pixels()).data).toEqual(box.data);
  });
});

describe('material tree texts', () => {
  it('are in the editor language (zh_Hans)', async () => {
    const nodes: SceneObjectNode[] = [
      { uuid: 'm', name: '', type: 'Mesh', material: [{ uuid: 'a', name: '', type: 'phong' }], children: [] },
    ];
    mountPlain(<MaterialTree nodes={nodes} value="0material0" locale="zh_Hans" onSelect={() => undefined} onClear={() => undefined} />);
    await expect.element(page.getByRole('combobox', { name: '要编辑的部件' })).toBeVisible();
    await expect.element(page.getByRole('button', { name: '恢复所选部件的原始材质' })).toHaveTextContent(/清\s?除/); // antd spaces two-character CJK labels
    await expect.element(page.getByText('phong（材质 1）')).toBeVisible();
  });
});
