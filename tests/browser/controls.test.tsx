import { afterEach, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { diffShare, mountSpace, unmountAll, waitFor } from './support/harness';
import { frames, idle, marker, markerInRows, orbit, pixelsAfterInput, SIZE, sleep, space } from './support/marker';

afterEach(unmountAll);

const DRAG = { fromX: 0.3, fromY: 0.5, toX: 0.7, toY: 0.55, steps: 12 };

describe('orbit controls', () => {
  it('a real Playwright mouse drag orbits the view around the look-at point', async () => {
    const m = await mountSpace(orbit(), SIZE);
    const before = await m.pixels();
    expect(marker(before).share).toBeGreaterThan(0.005);
    await commands.mouseDrag(DRAG);
    const after = await pixelsAfterInput(m);
    expect(diffShare(before, after)).toBeGreaterThan(0.1);
    // Orbiting keeps the target in the middle of the view.
    expect(Math.abs(marker(after).cx - 0.5)).toBeLessThan(0.06);

    // A settings change updates the controls in place: the view the user dragged to stays.
    await m.update(orbit({ rotateSpeed: 2, autoRotateSpeed: 3 }));
    expect(diffShare(after, await m.pixels())).toBeLessThan(0.01);
    // A new configured camera pose does move the view.
    await m.update({ ...orbit({ rotateSpeed: 2 }), cameraConfig: { cameraPositon: { x: 0, y: 800, z: 300 } } });
    expect(diffShare(after, await m.pixels())).toBeGreaterThan(0.1);
  });

  it('enableRotate false or enabled false: the same drag leaves the view alone', async () => {
    const m = await mountSpace(orbit({ enableRotate: false }), SIZE);
    const before = await m.pixels();
    await commands.mouseDrag(DRAG);
    expect(diffShare(before, await pixelsAfterInput(m))).toBeLessThan(0.005);

    await m.update(orbit({ enabled: false }));
    await commands.mouseDrag(DRAG);
    await commands.mouseWheel({ deltaY: -500 });
    expect(diffShare(before, await pixelsAfterInput(m))).toBeLessThan(0.005);
  });

  it('the wheel zooms, unless zoom is off', async () => {
    const m = await mountSpace(orbit({ enableZoom: false }), SIZE);
    const before = await m.pixels();
    await commands.mouseWheel({ deltaY: -500 });
    expect(diffShare(before, await pixelsAfterInput(m))).toBeLessThan(0.005);

    await m.update(orbit());
    await commands.mouseWheel({ deltaY: -500 });
    const zoomed = await pixelsAfterInput(m);
    expect(diffShare(before, zoomed)).toBeGreaterThan(0.1);
    expect(marker(zoomed).share).toBeGreaterThan(marker(before).share * 1.5);
  });

  it('idle draws nothing; auto-rotate keeps frames coming; damping settles', async () => {
    const m = await mountSpace(orbit(), SIZE);
    await idle(m);
    const f0 = await frames(m);
    await sleep(500);
    expect(await frames(m)).toBe(f0);

    await m.update(orbit({ autoRotate: true, autoRotateSpeed: 30 }));
    const a = await m.pixels();
    const f1 = await frames(m);
    // Frames keep coming with nothing asking for them (however slowly this machine draws them).
    await waitFor(async () => (await frames(m)) > f1 + 5, 'auto-rotate frames', 10_000);
    expect(diffShare(a, await m.pixels())).toBeGreaterThan(0.02);

    await m.update(orbit({ enableDamping: true, dampingFactor: 0.2 }));
    await idle(m);
    const f2 = await frames(m);
    await commands.mouseDrag(DRAG);
    // Damping keeps the view gliding after the button is released, then it stops drawing.
    await idle(m);
    expect(await frames(m)).toBeGreaterThan(f2);
  });
});

describe('first-person (pointerLock) controls', () => {
  const walk = (pointerLockConfig: object = {}, y = 170) =>
    space({ controlType: 'pointerLock', pointerLockConfig }, { cameraPositon: { x: 0, y, z: 700 }, cameraLookAt: { x: 0, y, z: 0 } });

  it('keyboard moves the camera: W walks towards what is ahead, S away from it', async () => {
    const m = await mountSpace(walk(), SIZE);
    await idle(m);
    const start = await m.pixels();
    await commands.mouseClick({ x: 0.5, y: 0.9 }); // focus the canvas (and ask for pointer lock)
    // How far a held key walks depends on the frames drawn meanwhile (a slow frame advances at most
    // 0.1 s): hold it in short presses until the camera went 100 of the 700 units to the marker.
    const walkUntil = async (key: string) => {
      const from = (await m.handle.getView()).position;
      const moved = async () => {
        const p = (await m.handle.getView()).position;
        return Math.hypot(p.x - from.x, p.z - from.z);
      };
      for (let i = 0; i < 40 && (await moved()) < 100; i++) await commands.keyHold(key, 100);
      expect(await moved()).toBeGreaterThan(100);
    };
    await walkUntil('KeyW');
    const ahead = await pixelsAfterInput(m);
    expect(diffShare(start, ahead)).toBeGreaterThan(0.05);
    // Compare directions, not distances.
    expect(marker(ahead).share).toBeGreaterThan(marker(start).share * 1.1);

    await walkUntil('ArrowDown');
    const back = await pixelsAfterInput(m);
    expect(marker(back).share).toBeLessThan(marker(ahead).share / 1.1);
  });

  it('the eye settles at eyeHeight above the ground, falling from above', async () => {
    // Looking level: the horizon is the middle row; the 120-tall marker is below it at eye
    // height 170 and reaches above it at eye height 20.
    const m = await mountSpace(walk({}, 400), SIZE);
    await idle(m);
    const fallen = await m.pixels();
    expect(markerInRows(fallen, 0.4, 0.5)).toBe(0);
    expect(marker(fallen).cy).toBeGreaterThan(0.5);

    const standing = await mountSpace(walk({}, 170), SIZE);
    await idle(standing);
    expect(diffShare(fallen, await standing.pixels())).toBeLessThan(0.01);
    standing.unmount();

    await m.update(walk({ eyeHeight: 20 }, 400));
    await idle(m);
    const low = await m.pixels();
    expect(markerInRows(low, 0.4, 0.5)).toBeGreaterThan(0.01);

    // Space jumps and lands back at eye height: frames while in the air, the same view after.
    const f = await frames(m);
    await commands.mouseClick({ x: 0.5, y: 0.9 });
    // A jump starts only in a frame drawn while Space is down: hold it until the eye left the ground.
    await commands.keyDown('Space');
    try {
      await waitFor(async () => (await m.handle.getView()).position.y > 20, 'the eye to leave the ground', 10_000);
    } finally {
      await commands.keyUp('Space');
    }
    await idle(m);
    expect((await frames(m)) - f).toBeGreaterThan(10);
    expect(diffShare(low, await m.pixels())).toBeLessThan(0.01);
  });

  it('a click locks the pointer and plain mouse moves then turn the view', async () => {
    const m = await mountSpace(walk(), SIZE);
    await idle(m);
    const start = await m.pixels();
    await commands.mouseClick({ x: 0.5, y: 0.9 });
    await waitFor(() => document.pointerLockElement === m.handle.canvas(), 'pointer lock');
    await commands.mouseMove({ fromX: 0.5, fromY: 0.9, toX: 0.8, toY: 0.9 });
    const turned = await pixelsAfterInput(m);
    // Turning right: the marker that was straight ahead moves to the left (or out of view).
    const { cx } = marker(turned);
    expect(Number.isNaN(cx) || cx < marker(start).cx - 0.1).toBe(true);
  });

  it('enabled false ignores the keys', async () => {
    const m = await mountSpace(walk({ enabled: false }), SIZE);
    await idle(m);
    const start = await m.pixels();
    await commands.mouseClick({ x: 0.5, y: 0.9 });
    await commands.keyHold('KeyW', 300);
    expect(diffShare(start, await pixelsAfterInput(m))).toBeLessThan(0.005);
  });
});

describe('fly controls and switching', () => {
  // Looking down at the marker's centre, so flying along the look direction keeps it centred.
  const high = { cameraPositon: { x: 0, y: 500, z: 700 }, cameraLookAt: { x: 0, y: 60, z: 0 } };

  it('W flies along the 3D look direction', async () => {
    const m = await mountSpace(space({ controlType: 'fly', flyConfig: { moveSpeed: 600 } }, high), SIZE);
    const start = await m.pixels();
    await commands.mouseClick({ x: 0.5, y: 0.9 });
    const from = (await m.handle.getView()).position;
    // How far a held key takes the camera depends on the frames drawn meanwhile (a starved worker
    // draws few, each step capped): hold W until the camera went a good way, however long that takes.
    const moved = async () => {
      const p = (await m.handle.getView()).position;
      return Math.hypot(p.x - from.x, p.y - from.y, p.z - from.z);
    };
    for (let i = 0; i < 20 && (await moved()) < 150; i++) await commands.keyHold('KeyW', 250);
    expect(await moved()).toBeGreaterThan(150);
    // Along the look direction (towards the look-at point), not along the ground.
    const to = (await m.handle.getView()).position;
    const look = { x: 0 - from.x, y: 60 - from.y, z: 0 - from.z };
    const step = { x: to.x - from.x, y: to.y - from.y, z: to.z - from.z };
    const cos =
      (look.x * step.x + look.y * step.y + look.z * step.z) / (Math.hypot(look.x, look.y, look.z) * Math.hypot(step.x, step.y, step.z));
    expect(cos).toBeGreaterThan(0.99);
    const after = await pixelsAfterInput(m);
    // Flying straight at the look-at point: the marker grows and stays in the middle.
    expect(marker(after).share).toBeGreaterThan(marker(start).share * 1.1);
    expect(Math.abs(marker(after).cy - 0.5)).toBeLessThan(0.08);
    expect(Math.abs(marker(after).cx - 0.5)).toBeLessThan(0.05);
  });

  it('only the selected control listens: in fly mode a drag turns the view and the wheel does nothing', async () => {
    const m = await mountSpace(orbit(), SIZE);
    await m.update(space({ controlType: 'fly' }));
    const start = await m.pixels();
    await commands.mouseWheel({ deltaY: -500 });
    expect(diffShare(start, await pixelsAfterInput(m))).toBeLessThan(0.005);

    // Orbiting would keep the marker centred; turning the head moves it aside.
    await commands.mouseDrag(DRAG);
    const turned = await pixelsAfterInput(m);
    expect(diffShare(start, turned)).toBeGreaterThan(0.05);
    const { cx } = marker(turned);
    expect(Number.isNaN(cx) || Math.abs(cx - 0.5) > 0.1).toBe(true);

    // Back to orbit: the wheel zooms again.
    await m.update(orbit());
    const orbitStart = await m.pixels();
    await commands.mouseWheel({ deltaY: -500 });
    expect(diffShare(orbitStart, await pixelsAfterInput(m))).toBeGreaterThan(0.1);
  });
});
