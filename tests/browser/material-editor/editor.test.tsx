import { createRef, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import { MaterialEditor } from '../../../src/material-editor/MaterialEditor';
import type { MaterialPreviewHandle } from '../../../src/material-editor/MaterialPreview';
import { uploadFile } from '../../../src/media/client';
import { airmText } from '../../../src/material-editor/library/store';
import type { MediaAccess, ThreeDHost } from '../../../src/host/types';
import { newMaterial, SHADER_TEMPLATE } from '../../../shared/schema/material';
import { randomId } from '../../../shared/schema/media';
import { t } from '../../../shared/i18n/editor';
import { meanColour, waitFor, type RGBA } from '../support/harness';
import { clickSteady } from '../support/click';
import { editorNamed, shownText } from '../support/code';
import { chooseOption } from './form-support';

/**
 * The editor as a host mounts it (<MaterialEditor host>), against the real media server: opened on
 * a library material by its path (what a model part's Edit does), code consent for materials from
 * the library, and unsaved changes not dropped without asking.
 */
let media: MediaAccess;
beforeAll(async () => {
  const { baseUrl, token } = await commands.mediaServer();
  media = { baseUrl, headers: () => ({ Authorization: `Bearer ${token}` }), allowedFormats: [] };
});

let root: Root | null = null;
let el: HTMLElement | null = null;
afterEach(() => {
  root?.unmount();
  el?.remove();
  root = el = null;
});

const en = (key: Parameters<typeof t>[1], params?: Record<string, string>) => t('en', key, params);
const hostOf = (): ThreeDHost => ({
  locale: 'en',
  mode: 'edit',
  hasPermission: () => true,
  media,
  variables: { names: () => [], read: () => undefined, subscribe: () => () => undefined, write: () => undefined },
  supportsLayoutInheritance: true,
});

async function mountEditor(initialPath?: string) {
  el = document.createElement('div');
  Object.assign(el.style, { width: '1200px', height: '720px' });
  document.body.appendChild(el);
  root = createRoot(el);
  const preview = createRef<MaterialPreviewHandle>();
  flushSync(() =>
    root!.render(
      <StrictMode>
        <MaterialEditor host={hostOf()} initialPath={initialPath} previewRef={preview} />
      </StrictMode>,
    ),
  );
  await waitFor(
    () => el!.querySelector<HTMLElement>('.dash3d-material-preview')?.dataset.state === 'ready' && preview.current?.mode,
    'the preview',
  );
  // The engine restarts when scripts are turned on or off: a look during a restart is no answer.
  const centre = async (): Promise<RGBA> => {
    try {
      await preview.current!.settled();
      return meanColour(await preview.current!.readPixels(), 0.45, 0.45, 0.55, 0.55);
    } catch {
      return [0, 0, 0, 0];
    }
  };
  const nameField = () => el!.querySelector<HTMLInputElement>('.dash3d-material-form input[aria-label="Name"]')!;
  return { el, preview, centre, nameField };
}

/** A user material in the library, as the editor saves one: its own folder, '<name>-<type>.airm'. */
async function uploadUserMaterial(fields: Record<string, unknown>, name: string): Promise<string> {
  const folder = `3d/materials/custom_${randomId(32)}`;
  const file = new File([airmText(newMaterial({ ...fields, name }))], `${name}-physical.airm`, { type: 'application/json' });
  await uploadFile(media, folder, file, { cover: true });
  return `${folder}/${name}-physical.airm`;
}

const greenish = (c: RGBA) => c[1] > 60 && c[1] > 2 * c[0];
const reddish = (c: RGBA) => c[0] > 60 && c[0] > 2 * c[1];
const bluish = (c: RGBA) => c[2] > 60 && c[2] > 2 * c[0];

describe('the material editor', () => {
  it("opened on a library material's path: shown in the form; its frame script runs only once the designer allows it", async () => {
    const path = await uploadUserMaterial({ color: '#00ff00', frameScript: 'material.color.setRGB(1, 0, 0);' }, `scripted-${randomId(6)}`);
    const ed = await mountEditor(path);
    await waitFor(() => ed.nameField().value.startsWith('scripted-'), 'the material opened by its path');
    const banner = await waitFor(
      () => [...ed.el.querySelectorAll('.ant-alert')].find((a) => a.textContent?.includes(en('materialEditor.code.held'))),
      'the code consent notice',
    );
    // Not run: the material's own green.
    await waitFor(async () => greenish(await ed.centre()), 'the green material without its script');
    await new Promise((r) => setTimeout(r, 300));
    expect(greenish(await ed.centre())).toBe(true);

    await userEvent.click(banner.querySelector('button')!);
    // Run: the script paints it red every frame.
    await waitFor(async () => reddish(await ed.centre()), 'the frame script to run once allowed');
    expect(ed.el.textContent).not.toContain(en('materialEditor.code.held'));
  });

  it('a material turned into a shader starts from a working shader: drawn at once, its code in the editor', async () => {
    const ed = await mountEditor();
    await waitFor(async () => !bluish(await ed.centre()), 'the new (white) material drawn');
    await chooseOption(page.getByRole('combobox', { name: 'Type' }), 'Shader');
    // The template's shaded blue, not an empty (invisible) box.
    await waitFor(async () => bluish(await ed.centre()), 'the template shader drawn');
    await userEvent.click(page.getByRole('tab', { name: en('materialEditor.shaderCode') }));
    const code = await editorNamed(en('code.shader.label'), ed.el);
    expect(shownText(code)).toContain('fragmentShader: `');
    expect(shownText(code).split('\n')).toEqual(SHADER_TEMPLATE.split('\n').slice(0, code.querySelectorAll('.cm-line').length));
    expect(ed.el.querySelector('.dash3d-code-error')).toBeNull();
  });

  it('a path the library does not list is said so; the editor keeps its new material', async () => {
    const ed = await mountEditor('3d/materials/custom_gone/gone-physical.airm');
    await waitFor(() => ed.el.textContent?.includes('is not in the library'), 'the not-listed message');
    expect(ed.nameField().value).toBe(en('materialEditor.untitled'));
  });

  it('unsaved changes are not dropped without asking: opening another material asks first', async () => {
    const ed = await mountEditor();
    const colour = ed.el.querySelector<HTMLInputElement>('.dash3d-material-form input[aria-label="Colour"]')!;
    await userEvent.clear(colour);
    await userEvent.type(colour, '#ff0000{Enter}');
    await waitFor(() => ed.el.textContent?.includes(en('materialEditor.unsaved')), 'the unsaved tag');
    const tile = await waitFor(
      () =>
        [...ed.el.querySelectorAll<HTMLElement>('.dash3d-material-library [role="option"]')].find((o) =>
          o.textContent?.includes('oak-wood'),
        ),
      'the built-in oak-wood tile',
    );
    await userEvent.dblClick(tile);
    const dialog = await waitFor(() => document.querySelector<HTMLElement>('.ant-modal-confirm'), 'the discard question');
    expect(dialog.textContent).toContain(en('materialEditor.discard', { name: en('materialEditor.untitled') }));
    const buttons = [...dialog.querySelectorAll('button')];
    expect(buttons.map((b) => b.textContent)).toEqual([en('materialEditor.keepEditing'), en('materialEditor.discardOk')]);
    // Keep editing: the red material stays in the form.
    await clickSteady(buttons[0]!);
    await waitFor(() => !document.querySelector('.ant-modal-confirm'), 'the question to close');
    expect(colour.value).toBe('#ff0000');
    expect(ed.nameField().value).toBe(en('materialEditor.untitled'));
    // Asked again, Discard: the library's material opens in the form.
    await userEvent.dblClick(tile);
    const again = await waitFor(() => document.querySelector<HTMLElement>('.ant-modal-confirm'), 'the discard question again');
    await clickSteady([...again.querySelectorAll('button')][1]!);
    await waitFor(() => ed.nameField().value === 'oak-wood', 'oak-wood in the form');
    expect(colour.value).not.toBe('#ff0000');
    await waitFor(() => !document.querySelector('.ant-modal-confirm'), 'the question to close again');
  });
});
