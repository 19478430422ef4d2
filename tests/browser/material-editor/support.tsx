import { createRef, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import type { PixelReadout, PreviewMaterialResult } from '../../../shared/protocol';
import { MaterialPreview, type MaterialPreviewHandle, type MaterialPreviewProps } from '../../../src/material-editor/MaterialPreview';
import { waitFor } from '../support/harness';

export interface MountedPreview {
  root: HTMLElement;
  handle: MaterialPreviewHandle;
  results: PreviewMaterialResult[];
  /** Render with a new material and wait for the engine's answer to it. */
  set(material: unknown): Promise<PreviewMaterialResult>;
  /** Render with a material without waiting for an answer (one the main thread refuses gets none). */
  render(material: unknown): void;
  pixels(): Promise<PixelReadout>;
  unmount(): void;
}

const live = new Set<MountedPreview>();

/** Mount a MaterialPreview (StrictMode, like a host) and wait until it drew `material`. */
export async function mountPreview(material: unknown, { size = 240, ...props }: { size?: number } & Partial<MaterialPreviewProps> = {}) {
  const host = document.createElement('div');
  Object.assign(host.style, { width: `${size}px`, height: `${size}px` });
  document.body.appendChild(host);
  const ref = createRef<MaterialPreviewHandle>();
  const results: PreviewMaterialResult[] = [];
  const reactRoot = createRoot(host);
  let current = material;
  const render = () =>
    reactRoot.render(
      <StrictMode>
        {/* Scripts allowed unless a test says otherwise (`scriptsAllowed: undefined` is the component's default). */}
        <MaterialPreview scriptsAllowed {...props} material={current} ref={ref} onResult={(r) => results.push(r)} />
      </StrictMode>,
    );
  flushSync(render);
  const root = host.querySelector<HTMLElement>('.dash3d-material-preview')!;
  const answered = async (before: number) => {
    await waitFor(() => results.length > before, 'the preview to answer');
    await ref.current!.settled();
    return results[results.length - 1]!;
  };
  await waitFor(() => root.dataset.state === 'ready' && ref.current?.mode, 'the preview to be ready');
  // Every engine that starts is sent the material, null included: its first answer.
  await answered(0);
  const mounted: MountedPreview = {
    root,
    get handle() {
      return ref.current!;
    },
    results,
    async set(next) {
      const before = results.length;
      current = next;
      flushSync(render);
      return answered(before);
    },
    render(next) {
      current = next;
      flushSync(render);
    },
    async pixels() {
      await ref.current!.settled();
      return ref.current!.readPixels();
    },
    unmount() {
      reactRoot.unmount();
      host.remove();
      live.delete(mounted);
    },
  };
  live.add(mounted);
  return mounted;
}

export function unmountPreviews() {
  for (const m of [...live]) m.unmount();
}

/** Decode a JPEG blob and read its pixels back (what an <img> of it would show). */
export async function decodeJpeg(blob: Blob): Promise<PixelReadout> {
  const bitmap = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
  return { width: bitmap.width, height: bitmap.height, data: new Uint8Array(data.buffer) };
}
