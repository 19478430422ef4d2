import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { userEvent } from 'vitest/browser';
import type { Locale } from '../../../shared/i18n';
import type { PixelReadout } from '../../../shared/protocol';
import { MaterialSchema, type Material, type MaterialInput } from '../../../shared/schema/material';
import type { MediaAccess } from '../../../src/host/types';
import { MaterialForm } from '../../../src/material-editor/form/MaterialForm';
import { colourDistance, meanColour, waitFor, type RGBA } from '../support/harness';
import { clickSteady } from '../support/click';
import { mountPreview, unmountPreviews, type MountedPreview } from './support';

export interface MountedEditor {
  preview: MountedPreview;
  form: HTMLElement;
  /** Every material the form sent, in order. */
  sent: Material[];
  /** Render the form again with other props (disabled, locale). */
  rerender(props: { disabled?: boolean; locale?: Locale }): void;
  /** The mean colour of the middle of the preview (the box's -x face). */
  centre(): Promise<RGBA>;
}

const forms = new Set<() => void>();

/**
 * The form beside a MaterialPreview (scripts allowed), each change the form sends going to the
 * preview as a host would pass it on; `withPreview: false` mounts the form alone.
 */
export async function mountEditor(
  input: MaterialInput,
  { media, locale = 'en', withPreview = true }: { media?: MediaAccess; locale?: Locale; withPreview?: boolean } = {},
): Promise<MountedEditor> {
  const initial = MaterialSchema.parse(input);
  // Pinned in view: a preview scrolled out of sight gives up its WebGL context (src/bridge/visibility.ts),
  // and the form is long.
  const pinned = { position: 'fixed', top: 0, right: 0, width: 240, height: 240, zIndex: 10 } as const;
  const preview = withPreview ? await mountPreview(initial, { style: pinned }) : null;
  const host = document.createElement('div');
  Object.assign(host.style, { width: '420px' });
  document.body.appendChild(host);
  const sent: Material[] = [];
  function Editor(props: { disabled?: boolean; locale?: Locale }) {
    const [material, setMaterial] = useState(initial);
    return (
      <MaterialForm
        value={material}
        locale={props.locale ?? locale}
        disabled={props.disabled}
        media={media}
        onChange={(next) => {
          sent.push(next);
          setMaterial(next);
          preview?.render(next);
        }}
      />
    );
  }
  const root = createRoot(host);
  flushSync(() =>
    root.render(
      <StrictMode>
        <Editor />
      </StrictMode>,
    ),
  );
  forms.add(() => {
    root.unmount();
    host.remove();
  });
  return {
    get preview() {
      if (!preview) throw new Error('mounted without a preview');
      return preview;
    },
    form: host,
    sent,
    rerender: (props) =>
      flushSync(() =>
        root.render(
          <StrictMode>
            <Editor {...props} />
          </StrictMode>,
        ),
      ),
    centre: async () => centreOf(await preview!.pixels()),
  };
}

export function unmountEditors() {
  for (const u of forms) u();
  forms.clear();
  unmountPreviews();
}

export const centreOf = (p: PixelReadout) => meanColour(p, 0.45, 0.45, 0.55, 0.55);

/**
 * What a diffuse sRGB colour looks like on the box's -x face, which only the ambient light (0.5)
 * reaches: 0.5 * c / π in linear light (three's Lambert term), sRGB-encoded on the canvas.
 */
export function ambientOnly([r, g, b]: readonly [number, number, number]): RGBA {
  const lit = (c: number) => {
    const v = c / 255;
    const linear = (v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4)) * (0.5 / Math.PI);
    return Math.round(255 * (linear <= 0.0031308 ? 12.92 * linear : 1.055 * Math.pow(linear, 1 / 2.4) - 0.055));
  };
  return [lit(r), lit(g), lit(b), 255];
}

/** Wait until the preview's middle shows `expected` (within `tolerance` per channel). */
export async function waitForCentre(editor: MountedEditor, expected: RGBA, what: string, tolerance = 12) {
  let last: RGBA = [0, 0, 0, 0];
  try {
    await waitFor(async () => colourDistance((last = await editor.centre()), expected) <= tolerance, what, 20_000);
  } catch (err) {
    throw new Error(`${String(err)}: the centre is ${last.join(',')}, expected ${expected.join(',')}`, { cause: err });
  }
}

/** The open antd dropdown's option with this text, chosen with a click. */
export async function chooseOption(combobox: Element | import('vitest/browser').Locator, text: string) {
  await userEvent.click(combobox);
  const option = await waitFor(
    () =>
      [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find(
        (o) => o.textContent === text,
      ),
    `the option ${text}`,
  );
  await clickSteady(option);
}

/** A PNG of one colour, drawn here (no fixture has a flat colour). */
export async function solidPng(css: string, size = 16): Promise<Blob> {
  const canvas = new OffscreenCanvas(size, size);
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = css;
  ctx.fillRect(0, 0, size, size);
  return canvas.convertToBlob({ type: 'image/png' });
}
