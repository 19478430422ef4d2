import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { MediaAccess } from '../../../src/host/types';
import { fakeXhr, type FakeAnswer } from '../widgets/fake-xhr';
import { fakeHost, mountSettings, unmountAllSettings } from './support';

// Uploads go through XMLHttpRequest (for progress): a stand-in records them and answers as the
// media library would (tests/browser/widgets/fake-xhr.ts); the listing goes through a stubbed
// fetch. No module is mocked: in browser mode that intercepts the page's requests (docs/testing.md).
let xhr: ReturnType<typeof fakeXhr>;
function answerUploads(answer?: Parameters<typeof fakeXhr>[0]) {
  xhr = fakeXhr(answer);
  vi.stubGlobal('XMLHttpRequest', xhr.XMLHttpRequest);
}

/** The address a stubbed fetch was asked for. */
const urlOf = (input: RequestInfo | URL) => (input instanceof Request ? input.url : String(input));

afterEach(() => {
  unmountAllSettings();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

// On the test page's own origin: the images the dialog and the preview show are then asked of the
// local server, which answers at once, never of a host name a closed network may leave unanswered.
const BASE = `${location.origin}/__no-media/`;
const media: MediaAccess = {
  baseUrl: BASE,
  headers: () => ({ Authorization: 'Bearer t0k' }),
  allowedFormats: ['png', 'jpg', 'glb'],
};

const LISTINGS: Record<string, unknown[]> = {
  '': [
    { name: 'images', path: 'images', filePath: '/media/images', isDir: true },
    { name: 'robot.glb', path: 'robot.glb', filePath: '/media/robot.glb', isDir: false },
  ],
  images: [{ name: 'sky.png', path: 'images/sky.png', filePath: '/media/images/sky.png', isDir: false }],
};

function stubListing() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = new URL(urlOf(input));
    const list = LISTINGS[url.searchParams.get('catalog') ?? ''];
    return Promise.resolve(list ? Response.json(list) : new Response('{"error":"x"}', { status: 500 }));
  });
}

const panorama = () => page.getByRole('textbox', { name: 'Panorama image' });

describe('ImageField', () => {
  it('picks an image from the media library, opening folders on the way', async () => {
    const fetchSpy = stubListing();
    const s = mountSettings({}, fakeHost({ media }));
    await userEvent.click(page.getByRole('button', { name: 'Media library' }));
    const dialog = page.getByRole('dialog');
    await expect.element(dialog.getByText('Choose an image from the media library')).toBeVisible();
    // Folders open; non-image files are not offered.
    await userEvent.click(dialog.getByRole('button', { name: 'Open folder images' }));
    await expect.element(dialog.getByRole('button', { name: 'Open folder images' })).not.toBeInTheDocument();
    expect(dialog.getByText('robot.glb').query()).toBeNull();
    const choose = dialog.getByRole('button', { name: 'Choose sky.png' });
    await expect.element(choose).toBeVisible();
    expect(choose.element().querySelector('img')?.getAttribute('src')).toBe(`${BASE}media/images/sky.png`);

    await userEvent.click(choose);
    await expect.poll(() => s.config.sceneConfig.backgroundImage.panorama).toBe(`${BASE}media/images/sky.png`);
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    await expect.element(panorama()).toHaveValue(`${BASE}media/images/sky.png`);

    const calls = fetchSpy.mock.calls.map(([u, init]) => [urlOf(u), (init?.headers as Record<string, string>)?.Authorization]);
    expect(calls).toContainEqual([`${BASE}core/mediaLibrary?catalog=`, 'Bearer t0k']);
    expect(calls).toContainEqual([`${BASE}core/mediaLibrary?catalog=images`, 'Bearer t0k']);
  });

  it('a typed URL is applied on Enter, not on each keystroke', async () => {
    const s = mountSettings({});
    await userEvent.type(panorama(), '/media/p.jpg');
    expect(s.sent).toHaveLength(0);
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => s.config.sceneConfig.backgroundImage.panorama).toBe('/media/p.jpg');
    expect(s.sent).toHaveLength(1);
  });

  it("refuses a file whose extension is not allowed, with the spec's message in the current language", async () => {
    answerUploads();
    const s = mountSettings({}, fakeHost({ media }));
    const input = page.getByLabelText('Upload: Panorama image');
    await userEvent.upload(input, new File(['MZ'], 'setup.exe'));
    await expect.element(page.getByText('unsupported file format not configured in the media library: exe')).toBeVisible();
    expect(xhr.requests).toEqual([]);
    s.rerender({ locale: 'zh_Hans' });
    await expect.element(page.getByText('媒体库未配置的不支持的文件格式：exe')).toBeVisible();
    // A format the library allows that is no image is refused by an image field too.
    await userEvent.upload(page.getByLabelText('上传: 全景图片'), new File(['glTF'], 'robot.glb'));
    await expect.element(page.getByText('媒体库未配置的不支持的文件格式：glb')).toBeVisible();
    expect(xhr.requests).toEqual([]);
  });

  it('uploads into images/{random id}, shows progress, then uses the stored url', async () => {
    let finish!: (a: FakeAnswer) => void;
    answerUploads(() => new Promise((r) => (finish = r)));
    const s = mountSettings({}, fakeHost({ media }));
    await userEvent.upload(
      page.getByLabelText('Upload: Panorama image'),
      new File([new Uint8Array([137, 80, 78, 71])], 'sky.PNG', { type: 'image/png' }),
    );
    await expect.element(page.getByText('Uploading sky.PNG…')).toBeVisible();
    // The stand-in reports half of the file sent, then holds the answer.
    await expect.element(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');

    expect(xhr.requests).toHaveLength(1);
    const [req] = xhr.requests;
    const url = new URL(req!.url);
    expect(url.origin + url.pathname).toBe(`${BASE}core/mediaLibrary/upload`);
    expect(url.searchParams.get('catalog')).toMatch(/^images\/[0-9A-Za-z]{32}$/);
    expect(url.searchParams.get('action')).toBe('cover');
    expect(req!.method).toBe('POST');
    expect(req!.headers.authorization).toBe('Bearer t0k');
    expect((req!.body?.get('file') as File).name).toBe('sky.PNG');

    finish({ status: 200, body: { url: '/media/images/abc/sky.PNG' } });
    await expect.poll(() => s.config.sceneConfig.backgroundImage.panorama).toBe('/media/images/abc/sky.PNG');
    await expect.element(page.getByText('sky.PNG uploaded')).toBeVisible();
  });

  it('shows a failed upload and leaves the value alone', async () => {
    answerUploads(() => ({ status: 413, body: { error: '413 Payload Too Large' } }));
    const s = mountSettings({ sceneConfig: { backgroundImage: { panorama: '/media/old.jpg' } } }, fakeHost({ media }));
    await userEvent.upload(page.getByLabelText('Upload: Panorama image'), new File(['x'], 'big.jpg'));
    await expect.element(page.getByText('Upload of big.jpg failed: 413 Payload Too Large')).toBeVisible();
    expect(s.config.sceneConfig.backgroundImage.panorama).toBe('/media/old.jpg');
  });
});
