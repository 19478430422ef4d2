import { afterEach, describe, expect, it } from 'vitest';
import type { PixelReadout } from '../../shared/protocol';
import { colourDistance, diffShare, EMPTY, meanColour, mountSpace, unmountAll, waitFor } from './support/harness';

afterEach(unmountAll);

/*
 * Shadow maps are drawn only when a shadow-casting light or a caster changed
 * (worker/engine/shadows.ts). What a viewer must never see is a stale shadow: these tests move the
 * light and the caster and compare the picture with a scene built with them there from the start.
 */

const SIZE = { width: 320, height: 200 };
const NO_LIGHTS = { ambientLight: [], directionalLight: [], hemisphereLight: [], pointLight: [], spotLight: [] };
/** The light stands to the box's right, so its shadow falls to the left. */
const RIGHT = { x: 300, y: 300, z: 0 };
const LEFT = { x: -300, y: 300, z: 0 };
const FIXED = { resolution: 'fixed', pixelRatio: 1 };

/**
 * A 200-unit box casting a shadow. `follow`: a frame script puts it at z = -2000 (off the ground:
 * no shadow on it) while the background is not black, the same object moved, not a new one.
 */
function boxScript(z: number, follow = false): string {
  const move = follow ? 'api.onFrame(() => { m.position.z = api.scene.background && api.scene.background.r > 0 ? -2000 : 0; });' : '';
  return `function onReady(THREE, api) {
    api.scene.environmentIntensity = 0;
    const m = new THREE.Mesh(new THREE.BoxGeometry(200, 200, 200), new THREE.MeshLambertMaterial());
    m.position.set(0, 100, ${z}); m.castShadow = true; api.scene.add(m);
    ${move}
    api.invalidate();
  }`;
}

const scene = (script: string, light = RIGHT, background = '#000000', extra: Record<string, unknown> = {}) => ({
  ...EMPTY,
  script,
  renderConfig: FIXED,
  sceneConfig: { background, ground: { enable: true } },
  lightConfig: { ...NO_LIGHTS, directionalLight: [{ intensity: 2, castShadow: true, position: light }] },
  ...extra,
});

const leftOfBox = (p: PixelReadout) => meanColour(p, 0.15, 0.5, 0.28, 0.6);
const rightOfBox = (p: PixelReadout) => meanColour(p, 0.72, 0.5, 0.85, 0.6);

describe('shadow maps drawn on change', () => {
  it('a still scene under an orbiting camera draws its shadow map once; moving the light redraws it where a fresh scene has it', async () => {
    const orbit = { controlConfig: { controlType: 'orbit', orbitConfig: { autoRotate: true, autoRotateSpeed: 2 } } };
    const m = await mountSpace(scene(boxScript(0), RIGHT, '#000000', orbit), SIZE);
    const before = await m.handle.stats();
    expect(before.shadowMapDraws).toBeGreaterThanOrEqual(1);
    // The camera turns every frame; the light and the box do not.
    await waitFor(async () => (await m.handle.stats()).frames >= before.frames + 20, '20 more frames of the orbit');
    const orbited = await m.handle.stats();
    expect(orbited.shadowMapDraws, `${orbited.frames - before.frames} frames`).toBe(before.shadowMapDraws);

    // The same light moved to the other side: drawn again, at least once.
    await m.update(scene(boxScript(0), LEFT, '#000000', orbit));
    expect((await m.handle.stats()).shadowMapDraws).toBeGreaterThan(orbited.shadowMapDraws);
    m.unmount();

    // Still views, so the pictures compare: the moved light against one that stood there from the start.
    const moved = await mountSpace(scene(boxScript(0), RIGHT), SIZE);
    const shadowLeft = await moved.pixels();
    await moved.update(scene(boxScript(0), LEFT));
    const afterMove = await moved.pixels();
    const fresh = await mountSpace(scene(boxScript(0), LEFT), SIZE);
    const expected = await fresh.pixels();
    expect(diffShare(afterMove, expected, 8)).toBeLessThan(0.002);
    // And the shadow really changed sides (the pictures differ where it was and where it is).
    expect(leftOfBox(afterMove)[2]).toBeGreaterThan(leftOfBox(shadowLeft)[2] * 1.5);
    expect(rightOfBox(afterMove)[2]).toBeLessThan(rightOfBox(shadowLeft)[2] * 0.7);
  });

  it('a caster moved by a frame script takes its shadow with it', async () => {
    const m = await mountSpace(scene(boxScript(0, true)), SIZE);
    const shadowed = await m.pixels();
    const drawn = (await m.handle.stats()).shadowMapDraws;
    // A background one step off black: the frame script moves the box off the ground.
    await m.update(scene(boxScript(0, true), RIGHT, '#010101'));
    const moved = await m.pixels();
    expect((await m.handle.stats()).shadowMapDraws).toBeGreaterThan(drawn);
    const fresh = await mountSpace(scene(boxScript(-2000), RIGHT, '#010101'), SIZE);
    const expected = await fresh.pixels();
    expect(diffShare(moved, expected, 8)).toBeLessThan(0.002);
    // The ground left of where the box stood is lit again.
    expect(leftOfBox(moved)[2]).toBeGreaterThan(leftOfBox(shadowed)[2] * 1.5);
    expect(colourDistance(leftOfBox(moved), leftOfBox(expected))).toBeLessThan(3);
  });
});
