import { afterEach, describe, expect, it } from 'vitest';
import type { PixelReadout } from '../../../shared/protocol';
import {
  colourDistance,
  diffShare,
  EMPTY,
  meanColour,
  mountSpace,
  pixelAt,
  rgbaAt,
  unmountAll,
  waitFor,
  type RGBA,
} from '../support/harness';
import { fixtureUrl } from '../support/fixtures';
import { decodeJpeg, mountPreview, unmountPreviews } from './support';

afterEach(() => {
  unmountPreviews();
  unmountAll();
});

/**
 * The box seen from (-300,100,0): the middle of the view is its -x face, which the point light at
 * (0,5,5) (inside the box) does not reach. Ambient light 0.5 alone lights it: a diffuse colour c
 * shows as 0.5 * c / π in linear light (three's Lambert term), sRGB-encoded on the canvas.
 */
const AMBIENT_ONLY = Math.round(255 * (1.055 * Math.pow(0.5 / Math.PI, 1 / 2.4) - 0.055));
const centre = (p: PixelReadout) => meanColour(p, 0.45, 0.45, 0.55, 0.55);
const near = (c: RGBA, rgb: [number, number, number], tolerance: number) => colourDistance(c, [...rgb, 255] as RGBA) <= tolerance;

/** Pixels of one saturated colour (the points), and how many there are. */
function countColour(p: PixelReadout, match: (r: number, g: number, b: number) => boolean): number {
  let n = 0;
  for (let i = 0; i < p.data.length; i += 4) {
    const [r, g, b] = rgbaAt(p, i);
    if (match(r, g, b)) n++;
  }
  return n;
}

const SOLID_SHADER = `return {
  vertexShader: 'void main() { gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }',
  fragmentShader: 'void main() { gl_FragColor = vec4(1.0, 0.5, 0.0, 1.0); }',
};`;

describe('material preview: each type gives its colours', () => {
  it('phong and physical: the box in its colour under the ambient light; metalness means something only to physical', async () => {
    const m = await mountPreview({ type: 'phong', color: '#ff0000', metalness: 1 });
    expect(m.handle.mode).toBe('worker');
    const phong = centre(await m.pixels());
    expect(near(phong, [AMBIENT_ONLY, 0, 0], 12), `phong ${phong.join(',')}`).toBe(true);

    // Physical: the same Lambert term for a dielectric; fully metallic it has no diffuse colour, and
    // with no environment to reflect it goes black (phong has no metalness, so it stayed red).
    await m.set({ type: 'physical', color: '#0000ff' });
    const physical = centre(await m.pixels());
    expect(near(physical, [0, 0, AMBIENT_ONLY], 12), `physical ${physical.join(',')}`).toBe(true);
    await m.set({ type: 'physical', color: '#0000ff', metalness: 1 });
    expect(near(centre(await m.pixels()), [0, 0, 0], 6)).toBe(true);
    // Any other type name is physical too (spec §3).
    await m.set({ type: 'standard', color: '#0000ff' });
    expect(near(centre(await m.pixels()), [0, 0, AMBIENT_ONLY], 12)).toBe(true);
  });

  it('points: a cloud of points in the material colour instead of the box', async () => {
    // Size 8 with size attenuation, about 3 px across at the camera's distance.
    const m = await mountPreview({ type: 'points', color: '#00ff00', size: 8 });
    const p = await m.pixels();
    const green = countColour(p, (r, g, b) => g > 200 && r < 80 && b < 80);
    // 1000 points of a few pixels each (some overlap); never a solid box (240x240 = 57600 pixels).
    expect(green).toBeGreaterThan(1000);
    expect(green).toBeLessThan(p.width * p.height * 0.25);
    // They are points: twice the size covers clearly more (size means nothing to triangles).
    await m.set({ type: 'points', color: '#00ff00', size: 16 });
    const bigger = countColour(await m.pixels(), (r, g, b) => g > 200 && r < 80 && b < 80);
    expect(bigger).toBeGreaterThan(green * 1.5);
    // The background (the built-in environment image) shows between them.
    const grey = countColour(p, (r, g, b) => Math.abs(r - g) < 12 && Math.abs(g - b) < 16 && r > 60);
    expect(grey).toBeGreaterThan(p.width * p.height * 0.5);
  });

  it('shader: the box in the colour its fragment shader writes', async () => {
    const m = await mountPreview({ type: 'shader', shaderCode: SOLID_SHADER });
    const c = centre(await m.pixels());
    expect(near(c, [255, 128, 0], 3), c.join(',')).toBe(true);
  });

  it('the main-thread fallback runs the same engine: same colours, same thumbnail', async () => {
    const m = await mountPreview({ type: 'phong', color: '#ff0000' }, { forceMainThread: true });
    expect(m.handle.mode).toBe('main');
    expect(near(centre(await m.pixels()), [AMBIENT_ONLY, 0, 0], 12)).toBe(true);
    const img = await decodeJpeg(await m.handle.thumbnail(48, 48));
    expect([img.width, img.height]).toEqual([48, 48]);
    expect(meanColour(img, 0.4, 0.4, 0.6, 0.6)[0]).toBeGreaterThan(120);
  });

  it('a colour change shows in the preview', async () => {
    const m = await mountPreview({ type: 'phong', color: '#ff0000' });
    expect(near(centre(await m.pixels()), [AMBIENT_ONLY, 0, 0], 12)).toBe(true);
    await m.set({ type: 'phong', color: 'rgb(0, 255, 0)' });
    expect(near(centre(await m.pixels()), [0, AMBIENT_ONLY, 0], 12)).toBe(true);
  });
});

describe('material preview: user code', () => {
  it("runs the material's frame script before each frame", async () => {
    const m = await mountPreview({ type: 'phong', color: '#ff0000', frameScript: 'material.color.setRGB(0, 1, 0);' });
    expect(near(centre(await m.pixels()), [0, AMBIENT_ONLY, 0], 12)).toBe(true);
  });

  it('by default (no consent given) neither the frame script nor the shader code runs', async () => {
    const m = await mountPreview(
      { type: 'phong', color: '#ff0000', frameScript: 'material.color.setRGB(0, 1, 0);' },
      { scriptsAllowed: undefined },
    );
    expect(near(centre(await m.pixels()), [AMBIENT_ONLY, 0, 0], 12)).toBe(true);
    const shader = await m.set({ type: 'shader', shaderCode: SOLID_SHADER });
    // Not drawn: either refused or shown as nothing.
    expect(shader.ok && shader.shown).toBe(false);
    expect(countColour(await m.pixels(), (r, g, b) => r > 200 && g > 100 && g < 160 && b < 40)).toBe(0);
  });

  it('a frame script that never returns is stopped by the heartbeat; the preview goes on with scripts off', async () => {
    const m = await mountPreview({ type: 'phong', color: '#ff0000' }, { heartbeat: { intervalMs: 200 } });
    m.render({ type: 'phong', color: '#0000ff', frameScript: 'for (;;) {}' });
    await waitFor(() => m.root.querySelector('[data-notice="notice.scriptsDisabled"]'), 'the scripts-off notice');
    // A fresh engine is sent the material again; without its script it draws, blue.
    const before = m.results.length;
    await waitFor(() => m.results.length > before && m.handle.mode, 'the restarted preview to show the material');
    expect(m.results.at(-1)).toMatchObject({ ok: true, shown: true });
    expect(near(centre(await m.pixels()), [0, 0, AMBIENT_ONLY], 12)).toBe(true);
  });
});

describe('material preview: thumbnail', () => {
  it('is a JPEG of the asked size showing the material on the sphere; the canvas keeps the box', async () => {
    const m = await mountPreview({ type: 'phong', color: '#ff0000' });
    const before = await m.pixels();
    const blob = await m.handle.thumbnail(96, 64);
    expect(blob.type).toBe('image/jpeg');
    const head = new Uint8Array(await blob.slice(0, 3).arrayBuffer());
    expect([...head]).toEqual([0xff, 0xd8, 0xff]); // a JPEG's start-of-image marker
    const img = await decodeJpeg(blob);
    expect([img.width, img.height]).toEqual([96, 64]);
    // The ball, lit from the front by the point light: red in the middle.
    const ball = meanColour(img, 0.4, 0.35, 0.6, 0.65);
    expect(ball[0], ball.join(',')).toBeGreaterThan(120);
    expect(ball[1]).toBeLessThan(60);
    expect(ball[2]).toBeLessThan(60);
    // Around it the environment image (grey), not the box filling the view.
    const corner = pixelAt(img, 0.03, 0.05);
    expect(Math.abs(corner[0] - corner[1]), corner.join(',')).toBeLessThan(20);
    // The page never saw the sphere: the canvas shows the box as before.
    expect(diffShare(before, await m.pixels())).toBeLessThan(0.01);
  });
});

describe('material preview: bad input and memory', () => {
  it('an image that does not load: the material is shown without that map, and the corner names the field and the file', async () => {
    const m = await mountPreview({ type: 'phong', color: '#00ff00', map: '/no-such-texture.png' });
    await waitFor(() => m.root.querySelector('.dash3d-issues')?.textContent?.includes('no-such-texture.png'), 'the unused image named');
    const corner = m.root.querySelector('.dash3d-issues')!.textContent;
    expect(corner).toContain('Shown without');
    expect(corner).toContain('map');
    // Drawn without the map: the box in its own colour.
    const c = meanColour(await m.pixels(), 0.4, 0.4, 0.6, 0.6);
    expect(c[1], c.join(',')).toBeGreaterThan(2 * c[0]);
    // A material whose images load clears the notice.
    await m.set({ type: 'phong', color: '#00ff00' });
    expect(m.root.querySelector('.dash3d-issues')).toBeNull();
  });

  it('a material with a field of the wrong type is named and not shown; the previous one stays', async () => {
    const m = await mountPreview({ type: 'phong', color: '#ff0000' });
    const red = await m.pixels();
    m.render({ type: 'phong', color: 42 });
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const issues = m.root.querySelector('.dash3d-issues');
    expect(issues?.textContent).toMatch(/color/);
    expect(diffShare(red, await m.pixels())).toBeLessThan(0.01);

    // Shader code that throws: refused by the worker, named, and the red box stays.
    const result = await m.set({ type: 'shader', shaderCode: 'throw new Error("no shader today")' });
    expect(result.ok ? [] : result.issues.map((i) => `${i.path}: ${i.message}`)).toEqual(['shaderCode: no shader today']);
    expect(m.root.querySelector('.dash3d-issues')?.textContent).toMatch(/shaderCode.*no shader today/);
    expect(diffShare(red, await m.pixels())).toBeLessThan(0.01);
  });

  it('the worker checks what it is sent itself, and the newest material wins', async () => {
    // Called on a space's engine directly: nothing on the main thread checked these.
    const space = await mountSpace({
      ...EMPTY,
      lightConfig: { ambientLight: [{ intensity: 0.5 }], directionalLight: [] },
      cameraConfig: { cameraPositon: { x: -300, y: 100, z: 0 } },
    });
    const first = await space.handle.setPreviewMaterial({ type: 'phong', color: '#ff0000' });
    expect(first).toEqual({ ok: true, shown: true, problems: [] });
    const red = await space.pixels();
    const bad = await space.handle.setPreviewMaterial({ type: 'phong', color: { r: 1 }, opacity: 'full' });
    expect(bad.ok).toBe(false);
    expect(bad.ok ? [] : bad.issues.map((i) => i.path).sort()).toEqual(['color', 'opacity']);
    expect(diffShare(red, await space.pixels())).toBeLessThan(0.01);

    // An older material still loading its texture loses to a newer one sent after it.
    const older = space.handle.setPreviewMaterial({
      type: 'phong',
      color: '#ffffff',
      map: fixtureUrl('gltf/DamagedHelmet/Default_albedo.jpg'),
    });
    const newer = space.handle.setPreviewMaterial({ type: 'phong', color: '#00ff00' });
    expect(await newer).toMatchObject({ ok: true, shown: true });
    expect(await older).toMatchObject({ ok: true, shown: false });
    await space.handle.settled();
    const c = centre(await space.pixels());
    expect(near(c, [0, AMBIENT_ONLY, 0], 12), c.join(',')).toBe(true);
  });

  it('a lost and restored WebGL context shows the same material again', async () => {
    const space = await mountSpace({
      ...EMPTY,
      lightConfig: { ambientLight: [{ intensity: 0.5 }], directionalLight: [] },
      cameraConfig: { cameraPositon: { x: -300, y: 100, z: 0 } },
    });
    await space.handle.setPreviewMaterial({ type: 'phong', color: '#ff0000' });
    const red = await space.pixels();
    expect(near(centre(red), [AMBIENT_ONLY, 0, 0], 12)).toBe(true);
    expect(await space.handle.simulateContextLoss(100)).toBe(true);
    await waitFor(() => space.events.some((e) => e.type === 'context-restored'), 'context-restored event');
    expect(diffShare(red, await space.pixels())).toBeLessThan(0.01);
  });

  it("the material's envMap is the background instead of the default image", async () => {
    const m = await mountPreview({ type: 'phong', color: '#ff0000' });
    const corner = (p: PixelReadout) => meanColour(p, 0, 0, 0.15, 0.15);
    const plain = corner(await m.pixels());
    await m.set({ type: 'phong', color: '#ff0000', envMap: fixtureUrl('gltf/DamagedHelmet/Default_albedo.jpg') });
    await waitFor(async () => colourDistance(corner(await m.pixels()), plain) > 20, 'the envMap to show behind the box');
    // The box is the same material: only the background changed.
    expect(near(centre(await m.pixels()), [AMBIENT_ONLY, 0, 0], 12)).toBe(true);
  });

  it('taking the material away frees the GPU memory it and the thumbnail used', async () => {
    const m = await mountPreview(null);
    const baseline = (await m.handle.stats()).memory;
    await m.set({ type: 'phong', color: '#ffffff', map: fixtureUrl('gltf/DamagedHelmet/Default_albedo.jpg') });
    await m.handle.thumbnail(64, 64);
    const used = (await m.handle.stats()).memory;
    expect(used.textures).toBeGreaterThan(baseline.textures);
    expect(used.geometries).toBeGreaterThan(baseline.geometries);
    // Many changes do not pile up: each replaced material is freed.
    for (const color of ['#ff0000', '#00ff00', '#0000ff'])
      await m.set({ type: 'points', color, map: fixtureUrl('gltf/DamagedHelmet/Default_AO.jpg') });
    expect((await m.handle.stats()).memory.textures).toBe(used.textures);
    await m.set(null);
    expect((await m.handle.stats()).memory).toEqual(baseline);
    // Unmounting takes the canvas (and its worker) away.
    const canvas = m.handle.canvas();
    m.unmount();
    expect(canvas?.isConnected).toBe(false);
  });
});
