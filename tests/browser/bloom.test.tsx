import { afterEach, describe, expect, it } from 'vitest';
import type { PixelReadout } from '../../shared/protocol';
import { diffShare, EMPTY, meanColour, mountSpace, pixelAt, rgbaAt, unmountAll, waitFor, type Mounted } from './support/harness';

/** A small sphere far brighter than white (linear 8), at the origin: the middle of the view. */
const BRIGHT_SCRIPT = `function onReady(THREE, api) {
  const s = new THREE.Mesh(new THREE.SphereGeometry(15, 32, 16), new THREE.MeshBasicMaterial({ color: new THREE.Color(8, 8, 8) }));
  api.scene.add(s);
  api.invalidate();
}`;
const BLOOM = { enable: true, strength: 2, radius: 0.5, threshold: 0.5 };
const bright = (bloom: object, background = '#000000') => ({
  ...EMPTY,
  sceneConfig: { ...EMPTY.sceneConfig, background },
  script: BRIGHT_SCRIPT,
  composerConfig: { unrealBloom: bloom },
});
const SIZE = { width: 200, height: 120 };
const errors = (m: Mounted) => m.events.filter((e) => e.type === 'error' || e.type === 'script-error');

/** Mean brightness of a square ring of pixels `inner`..`outer` pixels away from the centre. */
function ring(p: PixelReadout, inner: number, outer: number): number {
  const cx = p.width / 2;
  const cy = p.height / 2;
  let sum = 0;
  let n = 0;
  for (let y = Math.floor(cy - outer); y < cy + outer; y++)
    for (let x = Math.floor(cx - outer); x < cx + outer; x++) {
      const d = Math.max(Math.abs(x + 0.5 - cx), Math.abs(y + 0.5 - cy));
      if (d < inner) continue;
      const [r, g, b] = rgbaAt(p, (y * p.width + x) * 4);
      sum += (r + g + b) / 3;
      n++;
    }
  return sum / n;
}

describe('bloom', () => {
  afterEach(unmountAll);

  it('spreads a bright object into its surroundings, and off restores the plain image', async () => {
    const m = await mountSpace(bright({ enable: false }), SIZE);
    const off = await m.pixels();
    // The sphere itself is white and about 8 px wide; 10-20 px away there is only background.
    expect(pixelAt(off, 0.5, 0.5).slice(0, 3)).toEqual([255, 255, 255]);
    expect(ring(off, 10, 20)).toBeLessThan(2);

    await m.update(bright(BLOOM));
    const on = await m.pixels();
    expect(pixelAt(on, 0.5, 0.5).slice(0, 3)).toEqual([255, 255, 255]);
    expect(ring(on, 10, 20)).toBeGreaterThan(20);
    // The glow fades with distance.
    expect(ring(on, 10, 20)).toBeGreaterThan(ring(on, 30, 45) + 20);

    await m.update(bright({ ...BLOOM, enable: false }));
    expect(diffShare(off, await m.pixels(), 2)).toBe(0);
    expect(errors(m)).toEqual([]);
  });

  it('follows strength changes', async () => {
    const m = await mountSpace(bright({ ...BLOOM, strength: 0.5 }), SIZE);
    const weak = ring(await m.pixels(), 10, 20);
    await m.update(bright({ ...BLOOM, strength: 3 }));
    expect(ring(await m.pixels(), 10, 20)).toBeGreaterThan(weak + 15);
  });

  it('leaves a scene without bright parts as it was', async () => {
    // A lit ground well below the threshold, with an antialiased horizon edge.
    const plain = (enable: boolean) => ({
      sceneConfig: { background: '#203040', ground: { enable: true } },
      lightConfig: { ambientLight: [{ intensity: 1 }], directionalLight: [] },
      composerConfig: { unrealBloom: { enable } },
    });
    const m = await mountSpace(plain(false), SIZE);
    const off = await m.pixels();
    await m.update(plain(true));
    const on = await m.pixels();
    // Same colour management on both paths. Only antialiased edges may differ a little: the
    // composer resolves multisampling in linear light, the canvas after sRGB encoding.
    expect(diffShare(off, on, 3)).toBeLessThan(0.01);
    expect(diffShare(off, on, 30)).toBe(0);
    expect(meanColour(on, 0.3, 0.7, 0.7, 0.95)).toEqual(meanColour(off, 0.3, 0.7, 0.7, 0.95));
    expect(meanColour(on, 0.3, 0, 0.7, 0.2)).toEqual(meanColour(off, 0.3, 0, 0.7, 0.2));
  });

  it('on a transparent background, glows over the page like over black', async () => {
    const m = await mountSpace(bright(BLOOM, ''), SIZE);
    const clear = await m.pixels();
    // Away from the sphere the page shows through (little coverage) ...
    expect(pixelAt(clear, 0.02, 0.02)[3]).toBeLessThan(40);
    expect(pixelAt(clear, 0.5, 0.5)).toEqual([255, 255, 255, 255]);
    // ... and the glow adds light: composited over a black page (premultiplied: the colour as it
    // is), it looks exactly like the same scene on a black background.
    await m.update(bright(BLOOM, '#000000'));
    const black = await m.pixels();
    expect(pixelAt(black, 0.02, 0.02)[3]).toBe(255);
    expect(diffShare(clear, black, 3)).toBeLessThan(0.01);
  });

  it('resizes with the view', async () => {
    const m = await mountSpace(bright(BLOOM), SIZE);
    Object.assign(m.host.style, { width: '240px', height: '180px' });
    const resized = await waitFor(async () => {
      const r = await m.pixels();
      return r.width === 240 && r.height === 180 ? r : null;
    }, 'the view to resize');
    // A composer left at the old size would upscale a blurrier image and spread the glow
    // differently: the resized view must look like one mounted at that size.
    const fresh = await (await mountSpace(bright(BLOOM), { width: 240, height: 180 })).pixels();
    expect(pixelAt(resized, 0.5, 0.5).slice(0, 3)).toEqual([255, 255, 255]);
    expect(diffShare(resized, fresh, 3)).toBeLessThan(0.002);
  });

  it('frees the composer when turned off', async () => {
    const m = await mountSpace(bright({ enable: false }), SIZE);
    const before = (await m.handle.stats()).memory;
    await m.update(bright(BLOOM));
    const during = (await m.handle.stats()).memory;
    expect(during.textures).toBeGreaterThan(before.textures);
    await m.update(bright({ ...BLOOM, enable: false }));
    expect((await m.handle.stats()).memory).toEqual(before);
  });
});
