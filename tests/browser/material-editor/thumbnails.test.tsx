import { afterEach, describe, expect, it } from 'vitest';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { createThumbnailRenderer, materialHash, type ThumbnailRenderer } from '../../../src/material-editor/thumbnails';
import { MaterialThumbnail } from '../../../src/material-editor/MaterialThumbnail';
import { MaterialSchema } from '../../../shared/schema/material';
import { meanColour, waitFor } from '../support/harness';
import { decodeJpeg } from './support';

let renderers: ThumbnailRenderer[] = [];
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const r of renderers) r.dispose();
  renderers = [];
  while (cleanups.length) cleanups.pop()!();
});
const make = (...args: Parameters<typeof createThumbnailRenderer>) => {
  const r = createThumbnailRenderer(...args);
  renderers.push(r);
  return r;
};
/** The middle of the ball, where the point light lights it. */
const ballColour = async (blob: Blob) => meanColour(await decodeJpeg(blob), 0.4, 0.35, 0.6, 0.65);

describe('material thumbnails from one shared engine', () => {
  it('each material on the sphere in its own colour, as a square JPEG of the asked size', async () => {
    const r = make({ scriptsAllowed: true });
    const [red, blue] = await Promise.all([
      r.thumbnail({ type: 'phong', color: '#ff0000' }, { size: 64 }),
      r.thumbnail({ type: 'physical', color: 'rgb(0, 0, 255)', roughness: 0.5 }, { size: 64 }),
    ]);
    expect(red.type).toBe('image/jpeg');
    const img = await decodeJpeg(red);
    expect([img.width, img.height]).toEqual([64, 64]);
    const r1 = await ballColour(red);
    const b1 = await ballColour(blue);
    expect(r1[0], r1.join(',')).toBeGreaterThan(120);
    expect(r1[2]).toBeLessThan(60);
    expect(b1[2], b1.join(',')).toBeGreaterThan(100);
    expect(b1[0]).toBeLessThan(60);
    expect(r.rendered).toBe(2);
  });

  it('an unchanged material is never rendered twice (equal content, another object, another uuid); an edited one is', async () => {
    const r = make();
    await r.thumbnail({ uuid: 'a', type: 'phong', color: '#00ff00' }, { size: 32 });
    expect(r.rendered).toBe(1);
    // The same fields in another order, another object, another uuid: the same material.
    await r.thumbnail({ color: '#00ff00', type: 'phong', uuid: 'b' }, { size: 32 });
    expect(r.rendered).toBe(1);
    await r.thumbnail({ uuid: 'a', type: 'phong', color: '#00ff01' }, { size: 32 });
    expect(r.rendered).toBe(2);
    // Another size is another picture.
    await r.thumbnail({ uuid: 'a', type: 'phong', color: '#00ff00' }, { size: 48 });
    expect(r.rendered).toBe(3);
    const h1 = await materialHash(MaterialSchema.parse({ type: 'phong', color: '#00ff00', uuid: 'x' }));
    const h2 = await materialHash(MaterialSchema.parse({ color: '#00ff00', type: 'phong' }));
    expect(h1).toBe(h2);
    expect(h1).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a material that cannot be drawn is refused with the reason, and not cached as a success', async () => {
    const r = make({ scriptsAllowed: true });
    await expect(r.thumbnail({ type: 'phong', opacity: 'lots' })).rejects.toThrow(/opacity/);
    await expect(r.thumbnail({ type: 'shader', shaderCode: '' })).rejects.toThrow(/shows nothing/);
    // The engine is still good for the next one.
    const ok = await r.thumbnail({ type: 'phong', color: '#ff0000' }, { size: 32 });
    expect((await ballColour(ok))[0]).toBeGreaterThan(120);
  });

  it('<MaterialThumbnail> shows the rendered ball as an image; the page holds no WebGL canvas of its own for it', async () => {
    const r = make();
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host);
    cleanups.push(() => {
      root.unmount();
      host.remove();
    });
    const list = ['#ff0000', '#00ff00', '#0000ff', 'yellow'].map((color) => ({ type: 'phong', color }));
    flushSync(() =>
      root.render(
        <>
          {list.map((m, i) => (
            <MaterialThumbnail key={i} material={m} renderer={r} size={40} alt={`m${i}`} />
          ))}
        </>,
      ),
    );
    await waitFor(() => host.querySelectorAll('img[data-state="shown"]').length === 4, 'four thumbnails');
    const img = host.querySelector<HTMLImageElement>('img[alt="m2"]')!;
    await img.decode();
    expect(img.naturalWidth).toBeGreaterThan(0);
    expect(host.querySelectorAll('canvas')).toHaveLength(0);
    expect(r.rendered).toBe(4);
  });
});
