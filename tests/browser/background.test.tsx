import { afterEach, describe, expect, it } from 'vitest';
import { blobUrl, imageUrl, revokeImages, split } from './support/images';
import { colourDistance, EMPTY, hexToRgb, meanColour, mountSpace, pixelAt, unmountAll, waitFor, type RGBA } from './support/harness';

afterEach(() => {
  unmountAll();
  revokeImages();
});

const solid = (c: string) => split(c, c);

const rgba = (hex: string): RGBA => [...hexToRgb(hex), 255];
const scene = (sceneConfig: object, more: object = {}) => ({ ...EMPTY, ...more, sceneConfig: { ...EMPTY.sceneConfig, ...sceneConfig } });
/** Camera at the origin looking along `dir`: only the background is in view. */
const looking = (x: number, y: number, z: number) => ({ cameraConfig: { cameraPositon: { x: 0, y: 0, z: 0 }, cameraLookAt: { x, y, z } } });
const centre = (p: Parameters<typeof meanColour>[0]) => meanColour(p, 0.4, 0.4, 0.6, 0.6);
const assetErrors = (m: { events: { type: string }[] }) =>
  m.events.filter(
    (e): e is { type: 'error'; code: string; message: string; fatal: boolean } =>
      e.type === 'error' && (e as { code?: string }).code === 'asset-failed',
  );

describe('scene background', () => {
  it('a colour fills an empty scene with exactly that colour; no colour leaves the canvas transparent', async () => {
    const m = await mountSpace(scene({ background: '#336699' }));
    let p = await m.pixels();
    expect(colourDistance(pixelAt(p, 0.5, 0.5), [51, 102, 153, 255])).toBeLessThanOrEqual(1);
    expect(colourDistance(pixelAt(p, 0.02, 0.98), [51, 102, 153, 255])).toBeLessThanOrEqual(1);

    await m.update(scene({ background: '' }));
    p = await m.pixels();
    expect(Math.max(...p.data.filter((_, i) => i % 4 === 3))).toBe(0);

    // Forms three's own parser does not read (8-digit hex, space-separated rgb) still set the colour.
    await m.update(scene({ background: '#33669980' }));
    expect(colourDistance(pixelAt(await m.pixels(), 0.5, 0.5), [51, 102, 153, 255])).toBeLessThanOrEqual(1);
    await m.update(scene({ background: 'rgb(200 10 20 / 50%)' }));
    expect(colourDistance(pixelAt(await m.pixels(), 0.5, 0.5), [200, 10, 20, 255])).toBeLessThanOrEqual(1);
  });

  it('a panorama shows its top half above the horizon and its bottom half below', async () => {
    const panorama = await split('#ff0000', '#0000ff', 256, 128);
    // Looking horizontally: the upper half of the view is sky (image top), the lower half ground.
    const horizontal = { cameraConfig: { cameraPositon: { x: 0, y: 0, z: 500 }, cameraLookAt: { x: 0, y: 0, z: 0 } } };
    const m = await mountSpace(scene({ background: '#336699', backgroundImage: { imageType: 'panorama', panorama } }, horizontal));
    const p = await m.pixels();
    expect(colourDistance(meanColour(p, 0.1, 0.1, 0.9, 0.35), rgba('#ff0000'))).toBeLessThan(4);
    expect(colourDistance(meanColour(p, 0.1, 0.65, 0.9, 0.9), rgba('#0000ff'))).toBeLessThan(4);

    // Removing the image brings the colour back.
    await m.update(scene({ background: '#336699', backgroundImage: { imageType: 'panorama', panorama: '' } }, horizontal));
    expect(colourDistance(centre(await m.pixels()), [51, 102, 153, 255])).toBeLessThanOrEqual(1);
  });

  it('a cube shows the face the camera looks at, upright, and follows a changed face', async () => {
    const faces = {
      posX: await solid('#ff0000'),
      negX: await solid('#00ff00'),
      posY: await solid('#0000ff'),
      negY: await solid('#ffffff'),
      posZ: await solid('#00ffff'),
      negZ: await split('#ffff00', '#ff00ff'),
    };
    const cube = (f: object, look: object) => scene({ background: '#336699', backgroundImage: { imageType: 'cube', ...f } }, look);
    const m = await mountSpace(cube(faces, looking(0, 0, -1)));
    let p = await m.pixels();
    // Toward -Z: the negZ image, its top half at the top of the view.
    expect(colourDistance(meanColour(p, 0.3, 0.1, 0.7, 0.4), rgba('#ffff00'))).toBeLessThan(4);
    expect(colourDistance(meanColour(p, 0.3, 0.6, 0.7, 0.9), rgba('#ff00ff'))).toBeLessThan(4);

    // three's convention (the same as CubeTextureLoader, which stored dashboards were made with):
    // ±Z and ±Y show their own faces; the skybox is mirrored in X, so +X shows the negX image.
    const expected: [number, number, number, string][] = [
      [0, 0, 1, '#00ffff'],
      [0, 1, -1e-3, '#0000ff'],
      [0, -1, -1e-3, '#ffffff'],
      [1, 0, 0, '#00ff00'],
      [-1, 0, 0, '#ff0000'],
    ];
    for (const [x, y, z, hex] of expected) {
      await m.update(cube(faces, looking(x, y, z)));
      expect(colourDistance(centre(await m.pixels()), rgba(hex)), `looking at (${x},${y},${z})`).toBeLessThan(4);
    }

    await m.update(cube(faces, looking(0, 0, -1)));
    await m.update(cube({ ...faces, negZ: await solid('#884422') }, looking(0, 0, -1)));
    p = await m.pixels();
    expect(colourDistance(centre(p), rgba('#884422'))).toBeLessThan(4);
    expect(colourDistance(meanColour(p, 0.3, 0.1, 0.7, 0.4), rgba('#884422'))).toBeLessThan(4);

    // Five of six faces is not a cube yet: the colour shows until the sixth is set.
    await m.update(cube({ ...faces, posX: '' }, looking(0, 0, -1)));
    expect(colourDistance(centre(await m.pixels()), [51, 102, 153, 255])).toBeLessThanOrEqual(1);
    expect(assetErrors(m)).toEqual([]);
  });

  it('a broken image reports asset-failed and the colour stays', async () => {
    const m = await mountSpace(
      scene({ background: '#336699', backgroundImage: { imageType: 'panorama', panorama: '/no-such-background.png' } }),
    );
    await waitFor(() => assetErrors(m).length > 0, 'an asset-failed event');
    const [err] = assetErrors(m);
    expect(err?.fatal).toBe(false);
    expect(err?.message).toContain('/no-such-background.png');
    expect(colourDistance(centre(await m.pixels()), [51, 102, 153, 255])).toBeLessThanOrEqual(1);

    // One broken cube face names that face's URL.
    const ok = await solid('#ff0000');
    const notAnImage = blobUrl(new Blob(['not an image'], { type: 'image/png' }));
    await m.update(
      scene(
        {
          background: '#336699',
          backgroundImage: { imageType: 'cube', posX: ok, negX: ok, posY: ok, negY: ok, posZ: ok, negZ: notAnImage },
        },
        looking(0, 0, -1),
      ),
    );
    await waitFor(() => assetErrors(m).length > 1, 'a second asset-failed event');
    expect(assetErrors(m)[1]?.message).toContain(notAnImage);
    expect(colourDistance(centre(await m.pixels()), [51, 102, 153, 255])).toBeLessThanOrEqual(1);
  });

  it('a newer image replaces one still loading, and only the newest is kept', async () => {
    const m = await mountSpace(scene({ background: '#000000' }));
    const base = (await m.handle.stats()).memory;
    // Noise does not compress: a big noisy PNG takes long enough to decode that the second
    // request arrives while the first is still in flight.
    const slow = await imageUrl(4096, 2048, (g) => {
      const img = g.createImageData(4096, 2048);
      crypto.getRandomValues(new Uint8Array(img.data.buffer, 0, 65536));
      for (let i = 65536; i < img.data.length; i += 65536) img.data.copyWithin(i, 0, 65536);
      for (let i = 3; i < img.data.length; i += 4) img.data[i] = 255;
      g.putImageData(img, 0, 0);
    });
    const quick = await split('#0000ff', '#0000ff', 64, 32);
    const first = m.update(scene({ background: '#000000', backgroundImage: { imageType: 'panorama', panorama: slow } }));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    await m.update(scene({ background: '#000000', backgroundImage: { imageType: 'panorama', panorama: quick } }));
    await first;
    expect(colourDistance(pixelAt(await m.pixels(), 0.5, 0.1), rgba('#0000ff'))).toBeLessThan(4);
    // One panorama and the cube map three made from it: nothing left over from the first.
    expect((await m.handle.stats()).memory.textures).toBe(base.textures + 2);
    expect(assetErrors(m)).toEqual([]);
  });

  it('removing the image frees its textures', async () => {
    const m = await mountSpace(scene({ background: '#000000' }));
    const base = (await m.handle.stats()).memory;
    const panorama = await split('#ff0000', '#0000ff', 256, 128);
    const green = await solid('#00ff00');
    const faces = Object.fromEntries(['posX', 'negX', 'posY', 'negY', 'posZ', 'negZ'].map((f) => [f, green]));
    const cycle = async () => {
      await m.update(scene({ background: '#000000', backgroundImage: { imageType: 'panorama', panorama } }));
      expect(colourDistance(pixelAt(await m.pixels(), 0.5, 0.02), [0, 0, 0, 255])).toBeGreaterThan(100);
      expect((await m.handle.stats()).memory.textures).toBeGreaterThan(base.textures);
      await m.update(scene({ background: '#000000', backgroundImage: { imageType: 'cube', ...faces } }));
      expect(colourDistance(pixelAt(await m.pixels(), 0.5, 0.5), rgba('#00ff00'))).toBeLessThan(4);
      await m.update(scene({ background: '#000000' }));
      return (await m.handle.stats()).memory;
    };
    const first = await cycle();
    expect(first.textures).toBe(base.textures);
    // three keeps one shared box for drawing cube backgrounds for the renderer's life; a second
    // round trip must not add anything more.
    const second = await cycle();
    expect(second).toEqual(first);
  });
});
