import { expect } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { StrictMode, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import type { PixelReadout, PreviewMaterialResult } from '../../../shared/protocol';
import type { SceneObjectNode } from '../../../shared/schema/tree';
import { MaterialPreview, type MaterialPreviewHandle } from '../../../src/material-editor/MaterialPreview';
import { MaterialTree } from '../../../src/material-editor/tree/MaterialTree';
import { PreviewModelButton, type PreviewModel } from '../../../src/material-editor/tree/PreviewModelButton';
import type { MediaAccess } from '../../../src/host/types';
import { meanColour, waitFor, type RGBA } from '../support/harness';
import { clickSteady } from '../support/click';
import { objCube } from '../support/obj';

/**
 * A cube with one material on the left, a small one in the middle, and on the right a cube whose front face (+z, towards the
 * camera) has a material of its own: one mesh with a material list (OBJ `usemtl` within an object).
 */
export function twoCubes(): string {
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
export const CAMERA = { x: 0, y: 0, z: 220 };
export const LEFT = (p: PixelReadout) => meanColour(p, 0.26, 0.46, 0.32, 0.54);
export const RIGHT = (p: PixelReadout) => meanColour(p, 0.68, 0.46, 0.74, 0.54);
export const MIDDLE = (p: PixelReadout) => meanColour(p, 0.48, 0.48, 0.52, 0.52);
export const isRed = (c: RGBA) => c[0] > 40 && c[0] > 3 * c[1] && c[0] > 3 * c[2];
export const isGrey = (c: RGBA) => c[0] > 20 && Math.abs(c[0] - c[1]) < 6 && Math.abs(c[1] - c[2]) < 6;

export interface Editor {
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

/** Render a React element on its own (a MaterialTree without a preview); unmounted by unmountEditors. */
export function mountPlain(element: ReactNode): void {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  mounted = { root, host };
  flushSync(() => root.render(element));
}

export function unmountEditors(): void {
  mounted?.root.unmount();
  mounted?.host.remove();
  mounted = null;
}

/** The editor's middle column as MaterialEditor assembles it: the tree above the preview. */
export async function mountEditor(
  model: PreviewModel | null,
  {
    media,
    boxMaterial = null,
    forceMainThread,
  }: { media?: MediaAccess; boxMaterial?: Record<string, unknown> | null; forceMainThread?: boolean } = {},
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
            forceMainThread={forceMainThread}
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

export const treeSelect = () => page.getByRole('combobox', { name: 'Part to edit' });
export const dropdown = () => document.querySelector<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
export const titles = () => [...(dropdown()?.querySelectorAll('.ant-select-tree-title') ?? [])].map((e) => e.textContent);

export async function choose(title: string) {
  await userEvent.click(treeSelect());
  await expect.poll(() => titles().includes(title)).toBe(true);
  const node = [...dropdown()!.querySelectorAll<HTMLElement>('.ant-select-tree-title')].find((e) => e.textContent === title)!;
  await clickSteady(node);
}
