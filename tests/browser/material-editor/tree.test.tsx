import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import { StrictMode, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import type { PixelReadout, PreviewMaterialResult } from '../../../shared/protocol';
import type { SceneObjectNode } from '../../../shared/schema/tree';
import { MaterialPreview, type MaterialPreviewHandle } from '../../../src/material-editor/MaterialPreview';
import { MaterialTree } from '../../../src/material-editor/tree/MaterialTree';
import { colourDistance, diffShare, EMPTY, meanColour, mountSpace, unmountAll, waitFor, type RGBA } from '../support/harness';
import { objCube } from '../support/obj';
import { decodeJpeg } from './support';
import { PreviewModelButton, type PreviewModel } from '../../../src/material-editor/tree/PreviewModelButton';
import type { MediaAccess } from '../../../src/host/types';

/**
 * A cube with one material on the left, a small one in the middle, and on the right a cube whose front face (+z, towards the
 * camera) has a material of its own: one mesh with a material list (OBJ `usemtl` within an object).
 */
function twoCubes(): string {
  const left = objCube('Left', -150, 75, 0).split('\n');
  const right = objCube('Right', 150, 75, 8).split('\n');
  const middle = objCube('Middle', 0, 20, 16).split('\n');
  return [
    ...[left[0], 'usemtl leftPaint', ...left.slice(1)],
    ...[right[0], ...right.slice(1, 9), 'usemtl frontPaint', right[9], 'usemtl sidePaint', ...right.slice(10)],
    ...[middle[0], 'usemtl middlePaint', ...middle.slice(1)],
    '',
  ].join('\n');
}

/** Looking down -z: the model (scaled to the box's size, centred) has Left on the left, Right on the right. */
const CAMERA = { x: 0, y: 0, z: 220 };
const LEFT = (p: PixelReadout) => meanColour(p, 0.26, 0.46, 0.32, 0.54);
const RIGHT = (p: PixelReadout) => meanColour(p, 0.68, 0.46, 0.74, 0.54);
const MIDDLE = (p: PixelReadout) => meanColour(p, 0.48, 0.48, 0.52, 0.52);
const isRed = (c: RGBA) => c[0] > 40 && c[0] > 3 * c[1] && c[0] > 3 * c[2];
const isGrey = (c: RGBA) => c[0] > 20 && Math.abs(c[0] - c[1]) < 6 && Math.abs(c[1] - c[2]) < 6;

let objUrl = '';
beforeAll(async () => {
  objUrl = await commands.writeTempFile('two-cubes.obj', twoCubes());
});

interface Editor {
  handle: () => MaterialPreviewHandle;
  nodes: () => SceneObjectNode[];
  /** The form's edit of the chosen part's material: the snapshot with these fields changed. */
  edit(fields: Record<string, unknown>): Promise<PreviewMaterialResult>;
  setModel(model: PreviewModel | null): void;
  pixels(): Promise<PixelReadout>;
  results: PreviewMaterialResult[];
  /** What onSelect reported: the node's key and uuid, and the chosen material's uuid. */
  selections: { key: string; uuid: string; material: string }[];
  unmount(): void;
}

let mounted: { root: Root; host: HTMLElement } | null = null;
afterEach(() => {
  unmountAll();
  mounted?.root.unmount();
  mounted?.host.remove();
  mounted = null;
});

/** The editor's middle column as MaterialEditor assembles it: the tree above the preview. */
async function mountEditor(
  model: PreviewModel | null,
  { media, boxMaterial = null }: { media?: MediaAccess; boxMaterial?: Record<string, unknown> | null } = {},
): Promise<Editor> {
  const host = document.createElement('div');
  Object.assign(host.style, { width: '320px' });
  document.body.appendChild(host);
  const results: PreviewMaterialResult[] = [];
  const selections: { key: string; uuid: string; material: string }[] = [];
  let tree: SceneObjectNode[] = [];
  let handle: MaterialPreviewHandle | null = null;
  let edit: (fields: Record<string, unknown>) => void = () => undefined;
  let changeModel: (m: PreviewModel | null) => void = () => undefined;
  function Harness() {
    const [shown, setShown] = useState(model);
    const [nodes, setNodes] = useState<SceneObjectNode[]>([]);
    const [key, setKey] = useState<string | null>(null);
    const [target, setTarget] = useState<string | null>(null);
    const [material, setMaterial] = useState<Record<string, unknown> | null>(boxMaterial);
    edit = (fields) => setMaterial((m) => ({ ...m, ...fields }));
    // Another model: the chosen part is gone with the old one (as the editor does).
    changeModel = (m) => {
      setShown(m);
      setKey(null);
      setTarget(null);
      setMaterial(boxMaterial);
    };
    return (
      <>
        {media ? <PreviewModelButton media={media} value={shown} onChange={changeModel} locale="en" /> : null}
        <MaterialTree
          nodes={nodes}
          value={key}
          locale="en"
          onSelect={(node, m) => {
            selections.push({ key: node.key, uuid: node.uuid, material: m.uuid });
            setKey(node.key);
            setTarget(m.uuid);
            setMaterial(m);
          }}
          onClear={() => setMaterial(null)}
        />
        <div style={{ width: 240, height: 240 }}>
          <MaterialPreview
            ref={(h) => {
              handle = h;
            }}
            model={shown}
            target={target}
            material={material}
            camera={CAMERA}
            onTree={(n) => {
              tree = n;
              setNodes(n);
            }}
            onResult={(r) => results.push(r)}
          />
        </div>
      </>
    );
  }
  const root = createRoot(host);
  mounted = { root, host };
  flushSync(() =>
    root.render(
      <StrictMode>
        <Harness />
      </StrictMode>,
    ),
  );
  await waitFor(
    () => handle?.mode && host.querySelector<HTMLElement>('.dash3d-material-preview')?.dataset.state === 'ready',
    'the preview',
  );
  if (model) await waitFor(() => tree.length > 0, 'the model tree', 60_000);
  const answered = async (before: number) => {
    await waitFor(() => results.length > before, 'the preview to answer');
    await handle!.settled();
    return results[results.length - 1]!;
  };
  return {
    handle: () => handle!,
    nodes: () => tree,
    results,
    selections,
    async edit(fields) {
      const before = results.length;
      flushSync(() => edit(fields));
      return answered(before);
    },
    setModel(m) {
      flushSync(() => changeModel(m));
    },
    async pixels() {
      await handle!.settled();
      return handle!.readPixels();
    },
    unmount() {
      root.unmount();
      host.remove();
      mounted = null;
    },
  };
}

const treeSelect = () => page.getByRole('combobox', { name: 'Part to edit' });
const dropdown = () => document.querySelector<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
const titles = () => [...(dropdown()?.querySelectorAll('.ant-select-tree-title') ?? [])].map((e) => e.textContent);

async function choose(title: string) {
  await userEvent.click(treeSelect());
  await expect.poll(() => titles().includes(title)).toBe(true);
  const node = [...dropdown()!.querySelectorAll<HTMLElement>('.ant-select-tree-title')].find((e) => e.textContent === title)!;
  await userEvent.click(node);
}

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
    for (const title of ['Group', 'Right']) {
      await userEvent.click(treeSelect());
      const node = [...dropdown()!.querySelectorAll<HTMLElement>('.ant-select-tree-title')].find((e) => e.textContent === title)!;
      await userEvent.click(node);
    }
    expect(editor.selections.length).toBe(2);
  });

  it('the dropdown is at most 500 px high; a big tree scrolls inside it', async () => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host);
    mounted = { root, host };
    const mesh = (i: number): SceneObjectNode => ({
      uuid: `m${i}`,
      name: i % 2 ? `Pipe ${i}` : '',
      type: 'Mesh',
      material: { uuid: `mat${i}`, name: '', type: 'physical' },
      children: [],
    });
    const nodes: SceneObjectNode[] = [{ uuid: 'r', name: 'Plant', type: 'Group', children: Array.from({ length: 60 }, (_, i) => mesh(i)) }];
    flushSync(() =>
      root.render(<MaterialTree nodes={nodes} value={null} locale="en" onSelect={() => undefined} onClear={() => undefined} />),
    );
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
    await choose('Left');
    await editor.edit({ color: '#00ff00', map: '/@fs/does-not-matter.png' });
    const loaded = (await editor.handle().stats()).memory;
    expect(loaded.geometries).toBeGreaterThan(baseline.geometries);
    editor.setModel(null);
    await waitFor(async () => (await editor.handle().stats()).memory.geometries === baseline.geometries, 'the model to be freed');
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

describe('the previewed model after a lost WebGL context', () => {
  it('comes back with the same parts (same uuids) and the edited part still edited', async () => {
    const space = await mountSpace(
      { ...EMPTY, lightConfig: { ambientLight: [{ intensity: 0.5 }], directionalLight: [] }, cameraConfig: { cameraPositon: CAMERA } },
      { width: 240, height: 240 },
    );
    const shown = await space.handle.setPreviewModel({ filePath: objUrl, fileList: [] });
    if (!shown.ok) throw new Error(shown.message);
    const left = shown.nodes[0]!.children[0]!;
    const target = (left.material as { uuid: string }).uuid;
    expect(await space.handle.setPreviewMaterial({ type: 'phong', color: '#ff0000' }, target)).toMatchObject({ ok: true, shown: true });
    const red = await space.pixels();
    expect(isRed(LEFT(red)), `left ${LEFT(red).join(',')}`).toBe(true);

    expect(await space.handle.simulateContextLoss(100)).toBe(true);
    await waitFor(() => space.events.some((e) => e.type === 'context-restored'), 'context-restored event');
    await waitFor(async () => isRed(LEFT(await space.pixels())), 'the edited part again');
    expect(diffShare(red, await space.pixels())).toBeLessThan(0.01);
    // The main thread's target still names the part: Clear (null for it) restores the file's material.
    expect(await space.handle.setPreviewMaterial(null, target)).toMatchObject({ ok: true });
    const cleared = await space.pixels();
    expect(isGrey(LEFT(cleared)), `left ${LEFT(cleared).join(',')}`).toBe(true);
  });
});
