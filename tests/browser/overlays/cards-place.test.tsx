import { afterEach, describe, expect, it } from 'vitest';
import { mountSpace, unmountAll, waitFor, type Mounted } from '../support/harness';
import type { CardDraw } from '../../../shared/overlays';
import type { CameraView } from '../../../shared/protocol';
import { card, crop, findPixels, FOV, GREEN, isGreen, project, SCENE } from './support';

/**
 * Data cards drawn by the render worker, placed in the scene: they follow their anchor as the
 * camera moves, face the screen or keep a 3D orientation, keep their pixel size or scale with
 * distance, and hide behind the scene's geometry. Checked in the pixels the engine draws and
 * against the anchor projected here, independently of the engine.
 */
afterEach(unmountAll);

const W = 400;
const H = 300;

async function mountCards(cards: Record<string, CardDraw>, config: unknown = SCENE): Promise<Mounted> {
  return mountSpace(config, { width: W, height: H, cards, cardTheme: GREEN });
}

/** Move the camera at once and let a frame be drawn with it (readPixels draws). */
async function look(m: Mounted, view: CameraView) {
  await m.handle.viewTo(view);
  return m.pixels();
}

describe('data cards in the scene', () => {
  it('a card follows its anchor while the camera moves: its leader line starts on the projected anchor', async () => {
    const anchor = { x: 60, y: -40, z: 30 };
    const m = await mountCards({ a: card({ meshConfig: { position: anchor } }) });
    const views: CameraView[] = [
      { position: { x: 0, y: 0, z: 600 }, target: { x: 0, y: 0, z: 0 } },
      { position: { x: 300, y: 150, z: 400 }, target: { x: 20, y: 0, z: 0 } },
      { position: { x: -500, y: 80, z: 200 }, target: { x: 0, y: -30, z: 10 } },
    ];
    for (const view of views) {
      const pixels = await look(m, view);
      const actual = await m.handle.getView();
      const expected = project(actual, FOV, W, H, anchor);
      const rect = (await m.handle.cardRects()).a!;
      expect(rect.visible).toBe(true);
      expect(Math.abs(rect.anchorX - expected.x)).toBeLessThanOrEqual(2);
      expect(Math.abs(rect.anchorY - expected.y)).toBeLessThanOrEqual(2);
      // A fixed billboard: the body's bottom-left corner is lineWidth right, lineHeight up of the anchor.
      expect(Math.abs(rect.x - (expected.x + 20))).toBeLessThanOrEqual(2);
      expect(Math.abs(rect.y + rect.height - (expected.y - 20))).toBeLessThanOrEqual(2);
      // And the pixels agree: the green body starts there.
      const k = pixels.width / W;
      const green = findPixels(pixels, isGreen);
      expect(Math.abs(green.minX / k - (expected.x + 20))).toBeLessThanOrEqual(2);
      expect(Math.abs((green.maxY + 1) / k - (expected.y - 20))).toBeLessThanOrEqual(2);
      expect(green.width / k).toBeGreaterThan(95);
    }
  });

  it('a billboard faces the screen; an oriented card seen at an angle is foreshortened', async () => {
    // Far and with a short leader line, so perspective hardly adds to the foreshortening.
    const side: CameraView = { position: { x: 707, y: 0, z: 707 }, target: { x: 0, y: 0, z: 0 } };
    const layout = { cardWidth: 200, lineWidth: 1, lineHeight: 1 };
    const sprite = await mountCards({ a: card({ isFixd: false, isSprite: true, cardConfig: layout }) });
    const faced = findPixels(await look(sprite, side), isGreen);
    sprite.unmount();
    const oriented = await mountCards({
      a: card({ isFixd: false, isSprite: false, cardConfig: layout, meshConfig: { rotation: { x: 0, y: 0, z: 0 } } }),
    });
    const angled = findPixels(await look(oriented, side), isGreen);
    expect(faced.count).toBeGreaterThan(500);
    // Seen 45 degrees off its normal, a card is cos 45 = 0.71 as wide, 0.82 here with its near edge
    // closer to the camera (perspective: depth 1000 at the anchor, 858 at the far corner).
    expect(angled.width / faced.width).toBeGreaterThan(0.75);
    expect(angled.width / faced.width).toBeLessThan(0.88);
    // Turned 45 degrees to face the camera again, it is as wide as the billboard.
    await oriented.update(SCENE, {
      cards: { a: card({ isFixd: false, isSprite: false, cardConfig: layout, meshConfig: { rotation: { x: 0, y: 45, z: 0 } } }) },
    });
    const turned = findPixels(await look(oriented, side), isGreen);
    expect(turned.width / faced.width).toBeGreaterThan(0.95);
  });

  it('a fixed card keeps its pixel size; a world-size card halves at double distance and scales with meshConfig.scale', async () => {
    const near: CameraView = { position: { x: 0, y: 0, z: 300 }, target: { x: 0, y: 0, z: 0 } };
    const far: CameraView = { position: { x: 0, y: 0, z: 600 }, target: { x: 0, y: 0, z: 0 } };
    const m = await mountCards({ fixed: card({ isFixd: true, meshConfig: { position: { x: -150, y: 0, z: 0 } } }) });
    const fixedNear = findPixels(await look(m, near), isGreen);
    const fixedFar = findPixels(await look(m, far), isGreen);
    expect(fixedNear.width).toBeGreaterThan(90);
    expect(Math.abs(fixedFar.width - fixedNear.width)).toBeLessThanOrEqual(2);
    expect(Math.abs(fixedFar.height - fixedNear.height)).toBeLessThanOrEqual(2);

    await m.update(SCENE, { cards: { world: card({ isFixd: false, meshConfig: { position: { x: -150, y: 0, z: 0 } } }) } });
    const worldNear = findPixels(await look(m, near), isGreen);
    const worldFar = findPixels(await look(m, far), isGreen);
    expect(worldFar.width / worldNear.width).toBeGreaterThan(0.45);
    expect(worldFar.width / worldNear.width).toBeLessThan(0.55);
    // One CSS px of the card is one world unit: 100 units wide at distance 600 (fov 45, 300 px high).
    const k = (await m.handle.readPixels()).width / W;
    const expected = 100 / ((2 * 600 * Math.tan((FOV * Math.PI) / 360)) / H);
    expect(Math.abs(worldFar.width / k - expected)).toBeLessThanOrEqual(2);

    await m.update(SCENE, {
      cards: { world: card({ isFixd: false, meshConfig: { position: { x: -150, y: 0, z: 0 }, scale: { x: 2, y: 2, z: 1 } } }) },
    });
    const doubled = findPixels(await look(m, far), isGreen);
    expect(doubled.width / worldFar.width).toBeGreaterThan(1.9);
    expect(doubled.width / worldFar.width).toBeLessThan(2.1);
  });

  it('meshConfig.visible false hides a card; opacity fades it', async () => {
    const m = await mountCards({ a: card({ meshConfig: { visible: false } }) });
    expect(findPixels(await m.pixels(), isGreen).count).toBe(0);
    expect((await m.handle.cardRects()).a!.visible).toBe(false);
    await m.update(SCENE, { cards: { a: card({ meshConfig: { opacity: 0.5 } }) } });
    const half = findPixels(await m.pixels(), ([r, g, b]) => g! > 100 && g! < 160 && r! < 40 && b! < 40);
    expect(half.count).toBeGreaterThan(500);
  });

  it('a card whose anchor is behind a box is hidden, and shown when the camera moves to its side', async () => {
    const scene = {
      ...SCENE,
      script: `
function onReady(THREE, api) {
  const box = new THREE.Mesh(new THREE.BoxGeometry(200, 200, 200), new THREE.MeshBasicMaterial({ color: 0xff0000 }));
  api.scene.add(box);
  api.invalidate();
}`,
    };
    // The anchor is behind the box seen from +z; the body (up and right of it) is clear of the box's outline.
    const m = await mountSpace(scene, {
      width: W,
      height: H,
      cardTheme: GREEN,
      cards: {
        a: card({ meshConfig: { position: { x: 0, y: 0, z: -200 } }, cardConfig: { cardWidth: 100, lineWidth: 150, lineHeight: 120 } }),
      },
    });
    const behind = await look(m, { position: { x: 0, y: 0, z: 600 }, target: { x: 0, y: 0, z: 0 } });
    expect(findPixels(behind, ([r, g, b]) => r! > 200 && g! < 50 && b! < 50).count).toBeGreaterThan(1000);
    expect(findPixels(behind, isGreen).count).toBe(0);
    expect((await m.handle.cardRects()).a!.visible).toBe(false);
    const front = await look(m, { position: { x: 0, y: 0, z: -600 }, target: { x: 0, y: 0, z: 0 } });
    expect(findPixels(front, isGreen).count).toBeGreaterThan(500);
    expect((await m.handle.cardRects()).a!.visible).toBe(true);
    // An anchor on the box's surface (as picking in the scene places it) is not hidden by that surface,
    // seen straight on or at an angle; from behind the box it is.
    const onFace = card({ meshConfig: { position: { x: 30, y: 40, z: 100 } } });
    await m.update(scene, { cards: { a: onFace } });
    for (const position of [
      { x: 0, y: 0, z: 600 },
      { x: 300, y: 200, z: 450 },
    ]) {
      await look(m, { position, target: { x: 0, y: 0, z: 0 } });
      expect((await m.handle.cardRects()).a!.visible).toBe(true);
    }
    await look(m, { position: { x: 0, y: 0, z: -600 }, target: { x: 0, y: 0, z: 0 } });
    expect((await m.handle.cardRects()).a!.visible).toBe(false);
  });

  it('an opaque body is drawn opaque in front of a nearer model; a see-through one blends over it; the nearer of two opaque cards covers the farther', async () => {
    // A red wall between the camera and the card's body, clear of the ray to its anchor (x = 0).
    const scene = {
      ...SCENE,
      script: `
function onReady(THREE, api) {
  const wall = new THREE.Mesh(new THREE.PlaneGeometry(400, 400), new THREE.MeshBasicMaterial({ color: 0xff0000 }));
  wall.position.set(210, 0, 300);
  api.scene.add(wall);
  api.invalidate();
}`,
    };
    const m = await mountSpace(scene, { width: W, height: H, cardTheme: GREEN, cards: { a: card() } });
    const inside = async () => {
      const pixels = await m.pixels();
      const r = (await m.handle.cardRects()).a!;
      expect(r.visible).toBe(true);
      const k = pixels.width / W;
      // The body's inside, clear of its edges and of the text (left and top: label and value).
      const rgb = crop(pixels, (r.x + r.width * 0.6) * k, (r.y + r.height * 0.75) * k, r.width * 0.3 * k, r.height * 0.15 * k);
      const pixelsOf = (test: (p: number[]) => boolean) => {
        let n = 0;
        for (let i = 0; i < rgb.length; i += 3) if (test(rgb.slice(i, i + 3))) n++;
        return { n, of: rgb.length / 3 };
      };
      return { pixels, pixelsOf };
    };
    const opaque = await inside();
    expect(findPixels(opaque.pixels, ([r, g, b]) => r! > 200 && g! < 50 && b! < 50).count).toBeGreaterThan(1000);
    const green = opaque.pixelsOf(([r, g, b]) => r === 0 && g === 255 && b === 0);
    expect(green.of).toBeGreaterThan(20);
    expect(green.n).toBe(green.of);
    // Half see-through: green over the red wall, blended.
    const half = { ...GREEN, body: { ...GREEN.body, background: 'rgba(0, 255, 0, 0.5)' } };
    await m.update(scene, { cards: { a: card() }, cardTheme: half });
    const blended = (await inside()).pixelsOf(([r, g, b]) => r! > 100 && r! < 160 && g! > 100 && g! < 160 && b! < 30);
    expect(blended.n).toBe(blended.of);
    // Two opaque cards shown whole at one place, the active one (magenta) farther: the nearer, green, covers it.
    const flat = (z: number) => ({ isSprite: false, levelConfig: { alwaysShow: true }, meshConfig: { position: { x: -100, y: 0, z } } });
    await m.update(SCENE, { cards: { near: card(flat(100)), far: card(flat(-100), undefined, true) }, cardTheme: GREEN });
    const pixels = await m.pixels();
    const rects = await m.handle.cardRects();
    const [a, b] = [rects.near!, rects.far!];
    const k = pixels.width / W;
    const x0 = Math.max(a.x, b.x) + 2;
    const y0 = Math.max(a.y, b.y) + 2;
    const both = crop(
      pixels,
      x0 * k,
      y0 * k,
      (Math.min(a.x + a.width, b.x + b.width) - 2 - x0) * k,
      (Math.min(a.y + a.height, b.y + b.height) - 2 - y0) * k,
    );
    expect(both.length).toBeGreaterThan(300);
    let magenta = 0;
    for (let i = 0; i < both.length; i += 3) if (both[i]! > 200 && both[i + 1]! < 60 && both[i + 2]! > 200) magenta++;
    expect(magenta).toBe(0);
    expect(findPixels(pixels, ([r, g, b]) => r! > 200 && g! < 60 && b! > 200).count).toBeGreaterThan(50);
  });

  it('cards come back after the WebGL context is lost and restored, and removing them frees their GPU memory', async () => {
    const base = await mountSpace(SCENE, { width: W, height: H });
    const baseline = (await base.handle.stats()).memory;
    base.unmount();
    const m = await mountCards({ a: card(), b: card({ meshConfig: { position: { x: -100, y: -50, z: 0 } } }) });
    expect(findPixels(await m.pixels(), isGreen).count).toBeGreaterThan(1000);
    expect(await m.handle.simulateContextLoss(50)).toBe(true);
    await waitFor(() => m.events.some((e) => e.type === 'context-restored'), 'the context to come back');
    await m.handle.settled();
    const back = await m.pixels();
    expect(findPixels(back, isGreen).count).toBeGreaterThan(1000);
    expect((await m.handle.stats()).cards.total).toBe(2);
    await m.update(SCENE, { cards: {} });
    expect(findPixels(await m.pixels(), isGreen).count).toBe(0);
    const stats = await m.handle.stats();
    expect(stats.cards.total).toBe(0);
    expect(stats.memory).toEqual(baseline);
  });

  it('a restarted engine (here: moved to the main thread) gets every card and the theme again', async () => {
    const m = await mountCards({ a: card() });
    expect(m.handle.mode).toBe('worker');
    await m.update(SCENE, { forceMainThread: true });
    await waitFor(() => m.handle.mode === 'main', 'the engine to run on the main thread');
    await waitFor(async () => (await m.handle.stats()).cards.total === 1, 'the card to be sent again');
    expect(findPixels(await m.pixels(), isGreen).count).toBeGreaterThan(500);
  });
});
