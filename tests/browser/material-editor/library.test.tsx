import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commands, userEvent } from 'vitest/browser';
import { MaterialLibraryPanel } from '../../../src/material-editor/library/MaterialLibraryPanel';
import type { LibraryItem } from '../../../src/material-editor/library/listing';
import type { MediaAccess } from '../../../src/host/types';
import { newMaterial, type Material } from '../../../shared/schema/material';
import type { Locale } from '../../../shared/i18n';
import { waitFor } from '../support/harness';
import { mountPreview, unmountPreviews } from './support';

/** What the page sent with each XMLHttpRequest (the uploads): headers and the multipart file part. */
interface SentXhr {
  url: string;
  headers: Record<string, string>;
  fields: Array<{ field: string; name: string; type: string }>;
}
const sent: SentXhr[] = [];
const proto = XMLHttpRequest.prototype;
const original = { open: proto.open, setRequestHeader: proto.setRequestHeader, send: proto.send };
const pending = new WeakMap<XMLHttpRequest, SentXhr>();

let media: MediaAccess;
let jpeg: Blob;
beforeAll(async () => {
  const { baseUrl, token } = await commands.mediaServer();
  media = { baseUrl, headers: () => ({ Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }), allowedFormats: [] };
  // A real thumbnail, made by our own preview as the editor will.
  const preview = await mountPreview(newMaterial({ color: '#d03020', roughness: 0.4 }), { size: 160 });
  jpeg = await preview.handle.thumbnail(128, 128);
  unmountPreviews();
  proto.open = function (this: XMLHttpRequest, method: string, url: string | URL) {
    pending.set(this, { url: String(url), headers: {}, fields: [] });
    // eslint-disable-next-line prefer-rest-params -- the wrapped call takes the caller's own arguments
    return original.open.apply(this, arguments as unknown as Parameters<typeof proto.open>);
  };
  proto.setRequestHeader = function (this: XMLHttpRequest, k: string, v: string) {
    pending.get(this)!.headers[k.toLowerCase()] = v;
    return original.setRequestHeader.call(this, k, v);
  };
  proto.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    const rec = pending.get(this)!;
    if (body instanceof FormData)
      for (const [field, v] of body.entries()) if (v instanceof File) rec.fields.push({ field, name: v.name, type: v.type });
    sent.push(rec);
    return original.send.call(this, body);
  };
});
afterAll(() => Object.assign(proto, original));

let root: Root | null = null;
let host: HTMLElement | null = null;
afterEach(() => {
  root?.unmount();
  host?.remove();
  root = host = null;
});

interface Mounted {
  panel: HTMLElement;
  opened: Array<{ material: Material; item: LibraryItem }>;
  setCurrent(m: Material | null): void;
}

function mount(current: Material | null, locale: Locale = 'en', access: MediaAccess = media): Mounted {
  host = document.createElement('div');
  host.style.width = '420px';
  document.body.appendChild(host);
  root = createRoot(host);
  const opened: Mounted['opened'] = [];
  let cur = current;
  const render = () =>
    root!.render(
      <StrictMode>
        <MaterialLibraryPanel
          media={access}
          locale={locale}
          current={cur}
          thumbnail={() => Promise.resolve(jpeg)}
          onOpen={(material, item) => opened.push({ material, item })}
        />
      </StrictMode>,
    );
  flushSync(render);
  const panel = host.querySelector<HTMLElement>('.dash3d-material-library')!;
  return {
    panel,
    opened,
    setCurrent(m) {
      cur = m;
      flushSync(render);
    },
  };
}

const m = (panel: HTMLElement) => ({ search: panel.querySelector<HTMLInputElement>('input[aria-label="Search materials"]')! });
const section = (panel: HTMLElement, label: string) => panel.querySelector<HTMLElement>(`section[aria-label="${label}"]`)!;
const names = (panel: HTMLElement, label: string) =>
  [...section(panel, label).querySelectorAll('[role="option"] .dash3d-library-name')].map((e) => e.textContent);
const status = (panel: HTMLElement) => panel.querySelector('[role="status"]')!.textContent ?? '';
const button = (panel: HTMLElement, text: string) =>
  // antd spaces out a two-character Chinese label ('保 存'): compared without white space.
  [...panel.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s+/g, '') === text.replace(/\s+/g, '')) as HTMLButtonElement;
const loaded = (panel: HTMLElement) =>
  waitFor(() => panel.getAttribute('aria-busy') === 'false' && names(panel, 'Built-in materials').length > 0, 'the library to list');
const option = (panel: HTMLElement, name: string) =>
  [...panel.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.querySelector('.dash3d-library-name')?.textContent === name)!;

async function listing(catalog: string): Promise<Array<{ name: string; path: string; isDir: boolean }>> {
  const res = await fetch(`${media.baseUrl}core/mediaLibrary?catalog=${catalog}`, {
    headers: { Authorization: media.headers().Authorization! },
  });
  return (await res.json()) as Array<{ name: string; path: string; isDir: boolean }>;
}

async function typeName(panel: HTMLElement, name: string) {
  const input = panel.querySelector<HTMLInputElement>('input[aria-label="Material name"]')!;
  await userEvent.clear(input);
  if (name) await userEvent.type(input, name);
}

describe('material library panel against the real media library', () => {
  it('lists the built-ins by display name with their rendered thumbnails', async () => {
    const { panel } = mount(null);
    await loaded(panel);
    const builtIn = names(panel, 'Built-in materials');
    // Spec §3: the last hyphen segment (the type) is dropped.
    expect(builtIn).toContain('brushed-steel');
    expect(builtIn.some((n) => /-(physical|phong|points|shader)$/.test(n ?? ''))).toBe(false);
    const imgs = [...section(panel, 'Built-in materials').querySelectorAll('img')];
    await waitFor(() => imgs.every((i) => i.complete && i.naturalWidth > 0), 'every thumbnail to decode');
    expect(imgs.every((i) => /\/cut\.jpg\?[A-Za-z0-9]+$/.test(i.src))).toBe(true);
    // The search box filters both sections by display name, in any case.
    await userEvent.type(m(panel).search, 'STEEL');
    expect(names(panel, 'Built-in materials')).toEqual(['brushed-steel']);
  });

  it('saves as a folder custom_<32> holding <name>-<type>.airm and a JPEG cut.jpg, with no-cache and field "file"', async () => {
    const m = mount(newMaterial({ name: 'Red Paint', type: 'physical', color: '#d03020' }));
    await loaded(m.panel);
    sent.length = 0;
    await userEvent.click(button(m.panel, 'Save'));
    await waitFor(() => status(m.panel).includes('Red Paint saved'), 'the save to finish');
    expect(sent).toHaveLength(2);
    for (const r of sent) {
      expect(r.url).toMatch(/core\/mediaLibrary\/upload\?catalog=3d\/materials\/custom_[A-Za-z0-9]{32}&action=cover$/);
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.headers['content-type']).toBeUndefined();
      expect(r.headers.authorization).toMatch(/^Bearer /);
    }
    expect(sent.map((r) => r.fields)).toEqual([
      [{ field: 'file', name: 'Red Paint-physical.airm', type: 'application/json' }],
      [{ field: 'file', name: 'cut.jpg', type: 'image/jpeg' }],
    ]);
    // What the service stored, in the folder the uploads named (earlier tests leave custom_ folders
    // of their own, in an order the listing does not fix).
    const named = new URL(sent[0]!.url, location.href).searchParams.get('catalog')!.split('/').pop();
    const folders = (await listing('3d/materials')).filter((e) => e.isDir);
    const folder = folders.find((f) => f.name === named)!;
    expect(folder).toBeTruthy();
    expect(folder.name).toMatch(/^custom_[A-Za-z0-9]{32}$/);
    const stored = await commands.mediaServerFile(`/__media/media/${folder.path}/cut.jpg`);
    expect(stored.head.slice(0, 3)).toEqual([0xff, 0xd8, 0xff]);
    expect(stored.size).toBe(jpeg.size);
    const airm = (await (await fetch(`/__media/media/${folder.path}/Red%20Paint-physical.airm`)).json()) as { material: Material };
    expect(airm.material).toMatchObject({ name: 'Red Paint', color: '#d03020' });
    await waitFor(() => names(m.panel, 'My materials').includes('Red Paint'), 'the saved material to be listed');
    expect(m.opened.at(-1)?.item.folder).toBe(folder.path);

    // Saving again writes into the same folder, and a new name replaces the .airm.
    sent.length = 0;
    await typeName(m.panel, 'Red Lacquer');
    await userEvent.click(button(m.panel, 'Save'));
    await waitFor(() => status(m.panel).includes('Red Lacquer saved'), 'the second save');
    expect(sent.every((r) => r.url.includes(`catalog=${folder.path}&`))).toBe(true);
    expect((await listing(folder.path)).map((e) => e.name).sort()).toEqual(['Red Lacquer-physical.airm', 'cut.jpg']);
  });

  it('refuses an empty and a duplicated name (case-insensitive, trimmed), sending nothing', async () => {
    const m = mount(newMaterial({ name: 'Blue Paint', color: '#2040d0' }));
    await loaded(m.panel);
    await userEvent.click(button(m.panel, 'Save as new'));
    await waitFor(() => names(m.panel, 'My materials').includes('Blue Paint'), 'the first save');
    sent.length = 0;
    await typeName(m.panel, '  bLUE paint ');
    await userEvent.click(button(m.panel, 'Save as new'));
    await waitFor(() => status(m.panel).includes('The name cannot be duplicated'), 'the duplicate message');
    await typeName(m.panel, '   ');
    await userEvent.click(button(m.panel, 'Save as new'));
    await waitFor(() => status(m.panel).includes('The name cannot be empty'), 'the empty message');
    expect(sent).toHaveLength(0);
  });

  it('a refused upload is shown and changes nothing: no file stored, nothing opened', async () => {
    const before = (await listing('3d/materials')).length;
    const wrongToken = { ...media, headers: () => ({ Authorization: 'Bearer wrong' }) };
    const m = mount(newMaterial({ name: 'Lost Paint' }), 'en', wrongToken);
    await userEvent.click(button(m.panel, 'Save'));
    await waitFor(() => status(m.panel).includes('Lost Paint was not saved'), 'the failure message');
    expect(status(m.panel)).toContain('The material is still in the editor');
    expect(m.panel.querySelector('[role="status"][data-error]')).not.toBeNull();
    expect(m.opened).toEqual([]);
    expect((await listing('3d/materials')).length).toBe(before);
  });

  it('shows the Chinese texts, messages included', async () => {
    const m = mount(newMaterial({ name: '' }), 'zh_Hans');
    await waitFor(() => m.panel.querySelector('section[aria-label="内置材质"] [role="option"]'), 'the built-ins');
    await userEvent.click(button(m.panel, '保存'));
    await waitFor(() => status(m.panel).includes('名称不能为空'), 'the Chinese empty-name message');
    expect(names(m.panel, '内置材质')).toContain('brushed-steel');
    expect(m.panel.querySelector('input[aria-label="材质名称"]')).not.toBeNull();
  });
});

describe('listing with one root failing', () => {
  const realFetch = window.fetch;
  afterEach(() => {
    window.fetch = realFetch;
  });
  const urlOf = (input: RequestInfo | URL) => (input instanceof Request ? input.url : input instanceof URL ? input.href : input);
  it('a failing user root leaves the built-ins listed, silently', async () => {
    window.fetch = (input, init) =>
      urlOf(input).endsWith('catalog=3d/materials')
        ? Promise.resolve(new Response('{"error":"boom"}', { status: 500 }))
        : realFetch(input, init);
    const m = mount(null);
    await loaded(m.panel);
    expect(names(m.panel, 'My materials')).toEqual([]);
    expect(names(m.panel, 'Built-in materials')).toContain('brushed-steel');
    expect(status(m.panel)).toBe('');
  });
  it('a failing built-in root leaves the user materials listed', async () => {
    window.fetch = (input, init) =>
      urlOf(input).endsWith('catalog=built-in/materials') ? Promise.resolve(new Response('x', { status: 500 })) : realFetch(input, init);
    const m = mount(null);
    await waitFor(() => names(m.panel, 'My materials').length > 0, 'the user materials');
    expect(names(m.panel, 'Built-in materials')).toEqual([]);
  });
});

/** Puts a file into the user library as another client could: straight through the upload API. */
async function putFile(folder: string, name: string, text: string) {
  const body = new FormData();
  body.append('file', new File([text], name), name);
  const res = await fetch(`${media.baseUrl}core/mediaLibrary/upload?catalog=${folder}&action=cover`, {
    method: 'POST',
    headers: { Authorization: media.headers().Authorization! },
    body,
  });
  expect(res.status).toBe(200);
}
const airmOf = (material: Record<string, unknown>) => JSON.stringify({ formatVersion: 1, material });

async function select(panel: HTMLElement, name: string) {
  await waitFor(() => option(panel, name), `${name} to be listed`);
  await userEvent.click(option(panel, name));
}

describe('open, duplicate, rename, delete', () => {
  it('opens by keyboard (arrows + Enter) and by the Open button, naming the material as listed', async () => {
    const m = mount(null);
    await loaded(m.panel);
    const first = section(m.panel, 'Built-in materials').querySelector<HTMLElement>('[role="option"]')!;
    first.focus();
    await userEvent.keyboard('{ArrowRight}');
    const second = names(m.panel, 'Built-in materials')[1]!;
    expect(document.activeElement?.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement?.textContent).toBe(second);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => m.opened.length === 1, 'the material to open');
    expect(m.opened[0]!.material.name).toBe(second);
    expect(m.opened[0]!.item.builtIn).toBe(true);
    // Built-ins are read-only: no Rename or Delete.
    expect(button(m.panel, 'Rename')).toBeUndefined();
    expect(button(m.panel, 'Delete')).toBeUndefined();
    await userEvent.click(button(m.panel, 'Open'));
    await waitFor(() => m.opened.length === 2, 'the Open button');
  });

  it('duplicates a built-in into a new user folder with a new uuid, its cut.jpg copied; renames and deletes it on disk', async () => {
    const m = mount(null);
    await loaded(m.panel);
    await select(m.panel, 'brushed-steel');
    await userEvent.click(button(m.panel, 'Duplicate'));
    await waitFor(() => names(m.panel, 'My materials').includes('brushed-steel copy'), 'the copy');
    const copy = option(m.panel, 'brushed-steel copy');
    const folder = copy.dataset.path!.replace(/\/[^/]+$/, '');
    expect(folder).toMatch(/^3d\/materials\/custom_[A-Za-z0-9]{32}$/);
    expect((await listing(folder)).map((e) => e.name).sort()).toEqual(['brushed-steel copy-physical.airm', 'cut.jpg']);
    const original = await commands.mediaServerFile('/__media/media/built-in/materials/brushed-steel-physical/cut.jpg');
    const copied = await commands.mediaServerFile(`/__media/media/${folder}/cut.jpg`);
    expect(copied.size).toBe(original.size);
    const doc = (await (await fetch(`/__media/media/${folder}/brushed-steel%20copy-physical.airm`)).json()) as { material: Material };
    expect(doc.material.uuid).not.toBe('');
    expect(doc.material.uuid).not.toBe('6f1c2a7e-0b1d-4d53-9a43-5e1f0c7b2a01');
    // A second duplicate gets a name of its own.
    await select(m.panel, 'brushed-steel');
    await userEvent.click(button(m.panel, 'Duplicate'));
    await waitFor(() => names(m.panel, 'My materials').includes('brushed-steel copy 2'), 'the second copy');

    // Rename: the new .airm in the same folder, the old one gone; a taken name is refused.
    await select(m.panel, 'brushed-steel copy');
    await userEvent.click(button(m.panel, 'Rename'));
    const input = m.panel.querySelector<HTMLInputElement>('[role="group"] input')!;
    await userEvent.clear(input);
    await userEvent.type(input, 'BRUSHED-steel copy 2{Enter}');
    await waitFor(() => status(m.panel).includes('The name cannot be duplicated'), 'the duplicate refusal');
    await select(m.panel, 'brushed-steel copy');
    await userEvent.click(button(m.panel, 'Rename'));
    const again = m.panel.querySelector<HTMLInputElement>('[role="group"] input')!;
    await userEvent.clear(again);
    await userEvent.type(again, 'Satin Steel{Enter}');
    await waitFor(() => names(m.panel, 'My materials').includes('Satin Steel'), 'the renamed item');
    expect((await listing(folder)).map((e) => e.name).sort()).toEqual(['Satin Steel-physical.airm', 'cut.jpg']);

    // Delete asks first; Cancel keeps it, Delete removes the whole folder.
    await select(m.panel, 'Satin Steel');
    await userEvent.click(button(m.panel, 'Delete'));
    expect(m.panel.querySelector('[role="alertdialog"]')!.textContent).toContain('Delete the material Satin Steel?');
    await userEvent.click(button(m.panel, 'Cancel'));
    expect((await listing(folder)).length).toBe(2);
    await userEvent.click(button(m.panel, 'Delete'));
    await userEvent.click(button(m.panel.querySelector('[role="alertdialog"]')!, 'Delete'));
    await waitFor(() => !names(m.panel, 'My materials').includes('Satin Steel'), 'the item to go');
    expect((await listing('3d/materials')).map((e) => e.path)).not.toContain(folder);
  });

  it('a hostile .airm gets a message naming the field and opens nothing', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['js-physical.airm', airmOf({ name: 'js', map: 'javascript:alert(1)' }), /field map .*javascript:alert\(1\)/],
      ['far-physical.airm', airmOf({ name: 'far', normalMap: 'https://evil.example/n.png' }), /field normalMap .*evil\.example/],
      ['env-physical.airm', airmOf({ name: 'env', envMap: 'http://127.0.0.2:9/sky.hdr' }), /field envMap/],
      ['types-physical.airm', airmOf({ name: 'types', roughness: 'very' }), /not a valid material file: material\.roughness: .*number/],
      ['text-physical.airm', 'this is not json', /not a valid material file: \(root\)/],
      ['huge-physical.airm', airmOf({ name: 'huge', note: 'x'.repeat(2.1 * 1024 * 1024) }), /larger than 2 MB/],
    ];
    for (const [file, text] of cases) await putFile('3d/materials/custom_hostile0000000000000000000000000', file, text);
    const m = mount(null);
    await loaded(m.panel);
    for (const [file, , message] of cases) {
      await select(m.panel, file.replace(/-physical\.airm$/, ''));
      await userEvent.click(button(m.panel, 'Open'));
      await waitFor(() => message.test(status(m.panel)), `${file} to be refused`);
      expect(m.panel.querySelector('[role="status"][data-error]')).not.toBeNull();
      expect(m.opened).toEqual([]);
    }
    await fetch(`${media.baseUrl}core/mediaLibrary?path=3d/materials/custom_hostile0000000000000000000000000`, {
      method: 'DELETE',
      headers: { Authorization: media.headers().Authorization! },
    });
  });
});
