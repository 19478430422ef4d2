import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { ModelSettings } from '../../../src/widgets/model/ModelSettings';
import { uploadFile, uploadModelFiles } from '../../../src/media/client';
import { ModelConfigSchema, type ModelConfig } from '../../../shared/schema/model';
import { DEFAULT_ALLOWED_FORMATS } from '../../../shared/schema/media';
import type { ThreeDHost } from '../../../src/host/types';
import { waitFor } from '../support/harness';
import { fakeXhr } from './fake-xhr';
import { fakeHost, mount, unmountWidgets } from './support';

let xhr: ReturnType<typeof fakeXhr>;
let fetchSpy: ReturnType<typeof vi.fn>;
beforeEach(() => {
  xhr = fakeXhr();
  vi.stubGlobal('XMLHttpRequest', xhr.XMLHttpRequest);
  fetchSpy = vi.fn(() => Promise.reject(new Error('no fetch expected')));
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => {
  unmountWidgets();
  vi.unstubAllGlobals();
  document.querySelectorAll('.ant-message').forEach((m) => m.remove());
});

/** A host-like owner of the config: the panel's changes come back to it as the next config. */
function panel(host: ThreeDHost, initial: ModelConfig = ModelConfigSchema.parse({})) {
  const changes: ModelConfig[] = [];
  function Owner() {
    const [config, setConfig] = useState(initial);
    return (
      <ModelSettings
        id="m1"
        config={config}
        host={host}
        onChange={(next) => {
          changes.push(next);
          setConfig(next);
        }}
      />
    );
  }
  const r = mount(<Owner />, { width: 420, height: 500 });
  // Looked up each time: the upload component replaces its input after every selection.
  const input = () => r.container.querySelector<HTMLInputElement>('input[type="file"]')!;
  return { r, input, changes, last: () => changes[changes.length - 1] };
}

const file = (name: string, bytes = 'data') => new File([bytes], name);
const messages = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);
const media = { baseUrl: '/', headers: () => ({ Authorization: 'Bearer test-token' }), allowedFormats: DEFAULT_ALLOWED_FORMATS };

describe('the model upload field', () => {
  it.each([
    ['en', 'unsupported file format not configured in the media library: exe'],
    ['zh_Hans', '媒体库未配置的不支持的文件格式：exe'],
  ] as const)('refuses a .exe with the spec message (%s) and never sends it', async (locale, text) => {
    const { input, changes, r } = panel(fakeHost({ locale, media }));
    await userEvent.upload(input(), file('setup.exe'));
    await waitFor(() => messages().includes(text), 'the refusal message');
    expect(xhr.requests).toEqual([]);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(changes).toEqual([]);
    expect(r.container.querySelector('.ant-upload-list-item')).toBeNull();
  });

  it('accepts any extension when the allowed list is empty', async () => {
    const { input } = panel(fakeHost({ media: { ...media, allowedFormats: [] } }));
    await userEvent.upload(input(), file('notes.xyz'));
    await waitFor(() => xhr.requests.length === 1, 'the upload');
  });

  it('uploads a glb to core/mediaLibrary/upload?catalog=3d/<id>&action=cover and stores fileList and filePath', async () => {
    const { input, last } = panel(fakeHost({ media }));
    await userEvent.upload(input(), file('RobotExpressive.glb', 'glTF-bytes'));
    await waitFor(() => last()?.src.fileList.length === 1, 'the config to hold the file');
    const [req] = xhr.requests;
    expect(req!.method).toBe('POST');
    expect(req!.url).toMatch(/^\/core\/mediaLibrary\/upload\?catalog=3d\/[0-9A-Za-z]{32}&action=cover$/);
    expect(req!.headers.authorization).toBe('Bearer test-token');
    // No content type from us: the browser writes multipart/form-data with its boundary.
    expect(req!.headers['content-type']).toBeUndefined();
    const sent = req!.body!.get('file') as File;
    expect([sent.name, await sent.text()]).toEqual(['RobotExpressive.glb', 'glTF-bytes']);

    const catalog = new URL(req!.url, location.href).searchParams.get('catalog');
    const url = `/media/${catalog}/RobotExpressive.glb`;
    expect(last()!.src).toEqual({ filePath: url, fileList: [{ uid: expect.any(String) as unknown, name: 'RobotExpressive.glb', url }] });
    await waitFor(() => messages().includes('RobotExpressive.glb uploaded'), 'the success message');
  });

  it('a glTF with its .bin and texture: one catalog, filePath on the .gltf; removing says so', async () => {
    const { input, last, r } = panel(fakeHost({ locale: 'zh_Hans', media }));
    await userEvent.upload(input(), [file('scene.bin'), file('scene.gltf'), file('wood.png')]);
    await waitFor(() => last()?.src.fileList.length === 3, 'three files stored');
    const catalogs = new Set(xhr.requests.map((q) => new URL(q.url, location.href).searchParams.get('catalog')));
    expect(catalogs.size).toBe(1);
    const [catalog] = catalogs;
    expect(last()!.src.filePath).toBe(`/media/${catalog}/scene.gltf`);
    expect(
      last()!
        .src.fileList.map((f) => f.name)
        .sort(),
    ).toEqual(['scene.bin', 'scene.gltf', 'wood.png']);

    // A texture added later joins the same catalog, so the model still finds it by name.
    await userEvent.upload(input(), file('bump.png'));
    await waitFor(() => last()?.src.fileList.length === 4, 'four files stored');
    expect(new URL(xhr.requests[3]!.url, location.href).searchParams.get('catalog')).toBe(catalog);

    const item = [...r.container.querySelectorAll<HTMLElement>('.ant-upload-list-item')].find((e) => e.textContent?.includes('wood.png'))!;
    await userEvent.click(item.querySelector<HTMLElement>('button')!);
    await waitFor(() => last()?.src.fileList.length === 3, 'the texture removed from the config');
    await waitFor(() => messages().includes('wood.png 已移除'), 'the removal message');
  });

  it('a failed upload is reported and not stored', async () => {
    xhr = fakeXhr(() => ({ status: 413, body: { error: 'file too large' } }));
    vi.stubGlobal('XMLHttpRequest', xhr.XMLHttpRequest);
    const { input, changes } = panel(fakeHost({ media }));
    await userEvent.upload(input(), file('huge.glb'));
    await waitFor(() => messages().includes('huge.glb could not be uploaded: file too large'), 'the failure message');
    expect(changes).toEqual([]);
  });
});

describe('media client uploads', () => {
  const access = { ...media, headers: () => ({ Authorization: 'Bearer t', 'Content-Type': 'application/json' }) };

  it('uploadModelFiles puts every file of a model in one fresh 3d/<id> catalog and reports progress to 1', async () => {
    const progress: number[] = [];
    const files = await uploadModelFiles(access, [file('a.obj', 'o'), file('a.mtl', 'mm')], { onProgress: (f) => progress.push(f) });
    const catalogs = xhr.requests.map((q) => new URL(q.url, location.href).searchParams.get('catalog'));
    expect(catalogs[0]).toMatch(/^3d\/[0-9A-Za-z]{32}$/);
    expect(catalogs[1]).toBe(catalogs[0]);
    expect(xhr.requests.every((q) => q.url.endsWith('&action=cover'))).toBe(true);
    // The host's content type is dropped: multipart needs the browser's own.
    expect(xhr.requests.every((q) => q.headers['content-type'] === undefined && q.headers.authorization === 'Bearer t')).toBe(true);
    expect(files.map((f) => [f.name, f.url])).toEqual([
      ['a.obj', `/media/${catalogs[0]}/a.obj`],
      ['a.mtl', `/media/${catalogs[0]}/a.mtl`],
    ]);
    expect(progress[progress.length - 1]).toBe(1);
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1]!)).toBe(true);
  });

  it('a second call makes a new catalog', async () => {
    await uploadModelFiles(access, [file('a.glb')]);
    await uploadModelFiles(access, [file('a.glb')]);
    const [c1, c2] = xhr.requests.map((q) => new URL(q.url, location.href).searchParams.get('catalog'));
    expect(c1).not.toBe(c2);
  });

  it('honours an AbortSignal, before and during the upload', async () => {
    const early = new AbortController();
    early.abort();
    await expect(uploadFile(access, 'x', file('a.glb'), { signal: early.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhr.requests).toEqual([]);
    const late = new AbortController();
    const pending = uploadFile(access, 'x', file('a.glb'), { signal: late.signal });
    late.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
