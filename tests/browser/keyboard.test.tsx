import { afterEach, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { diffShare, mountSpace, unmountAll, waitFor, type Mounted } from './support/harness';
import { idle, marker, orbit, SIZE, space } from './support/marker';
import { cameraKeys } from '../../shared/i18n/parts/camera-keys';

/*
 * Issue 42 point 1: the camera from the keyboard. With the space focused (Tab), arrows orbit,
 * Shift+arrows pan, + / - zoom, Home flies back to the configured view, each step small and inside
 * the orbit's limits; the keys neither scroll the page nor reach the host; Escape leaves. The
 * focus ring and the keys' help show for keyboard focus only.
 */

afterEach(() => {
  unmountAll();
  document.body.style.height = '';
});

type View = Awaited<ReturnType<Mounted['handle']['getView']>>;
const sub = (a: View['position'], b: View['position']) => ({ x: a.x - b.x, y: a.y - b.y, z: a.z - b.z });
const length = (v: View['position']) => Math.hypot(v.x, v.y, v.z);
/** Around the target: the angle in the ground plane (degrees), the height angle and the distance. */
function polar(v: View) {
  const o = sub(v.position, v.target);
  return {
    azimuth: (Math.atan2(o.x, o.z) * 180) / Math.PI,
    elevation: (Math.asin(o.y / length(o)) * 180) / Math.PI,
    distance: length(o),
  };
}

/** One key pressed and released, as a person types it. */
async function press(key: string) {
  await commands.keyDown(key);
  await commands.keyUp(key);
}

/** The view once the key's frame is drawn. */
async function after(m: Mounted, key: string): Promise<View> {
  await press(key);
  await m.handle.settled();
  return m.handle.getView();
}

/** The keys' help, a chunk that arrives once the space has drawn: waited for, so that its absence proves nothing. */
const keyHelp = (m: Mounted) => waitFor(() => m.host.querySelector<HTMLElement>('.dash3d-key-help'), 'the key help');

/** Focus the space's canvas with Tab, from a button before it (a host page's own control). */
async function tabIn(m: Mounted) {
  await keyHelp(m);
  const before = document.createElement('button');
  before.textContent = 'before';
  m.host.before(before);
  before.focus();
  await press('Tab');
  await waitFor(() => document.activeElement === m.handle.canvas(), 'the canvas to have focus');
}

describe('the orbit camera from the keyboard', () => {
  it('arrows orbit 5° a press, + and - zoom, Shift+arrows pan, Home flies back; the help and the ring show', async () => {
    const m = await mountSpace(orbit(), SIZE);
    await idle(m);
    const start = await m.handle.getView();
    // The ring as the screen shows it (a screenshot, not the DOM): at the space's left edge, 2 px of
    // white, then 2 px of #0958d9 (blended with the scene where a screenshot's column straddles).
    const edge = [
      { x0: 0, y0: 0.4, x1: 0.005, y1: 0.6 },
      { x0: 0.005, y0: 0.4, x1: 0.01, y1: 0.6 },
    ];
    const white = (c: number[]) => c.every((v) => v > 240);
    const before = await commands.screenColours(edge, '.dash3d-space');
    expect(white(before[0]!), JSON.stringify(before)).toBe(false);
    await tabIn(m);
    const help = await keyHelp(m);
    let ringed: number[][] = [];
    await waitFor(async () => {
      ringed = await commands.screenColours(edge, '.dash3d-space');
      // Inside the white, the blue: its red well under the scene's there, its blue high.
      return white(ringed[0]!) && ringed[1]![0]! < before[1]![0] - 40 && ringed[1]![2]! > 200;
    }, 'the focus ring on screen').catch((err: Error) => {
      throw new Error(`${err.message}: the edge was ${JSON.stringify(before)} before focus, ${JSON.stringify(ringed)} with it`);
    });
    expect(help.textContent).toBe(cameraKeys.en['keys.orbit']);
    // Described by what the space holds (scene-name.test.tsx), then by its keys.
    expect(m.handle.canvas()!.getAttribute('aria-describedby')?.split(' ').at(-1)).toBe(help.id);
    await waitFor(() => help.getBoundingClientRect().width > 100, 'the keys shown');
    expect(m.host.querySelector('.dash3d-focus-ring')).not.toBeNull();

    // What the viewer sees follows the view: the scene turns, turns back, and comes closer.
    const still = await m.pixels();
    const a = polar(await after(m, 'ArrowLeft'));
    const s = polar(start);
    expect(Math.abs(Math.abs(a.azimuth - s.azimuth) - 5)).toBeLessThan(0.2);
    expect(a.distance).toBeCloseTo(s.distance, 3);
    expect(diffShare(still, await m.pixels(), 30)).toBeGreaterThan(0.01);
    const back = polar(await after(m, 'ArrowRight'));
    expect(back.azimuth).toBeCloseTo(s.azimuth, 3);
    expect(diffShare(still, await m.pixels(), 30)).toBeLessThan(0.002);
    const up = polar(await after(m, 'ArrowUp'));
    expect(up.elevation - s.elevation).toBeCloseTo(5, 1);
    await after(m, 'ArrowDown');

    const zoomed = polar(await after(m, '+'));
    expect(zoomed.distance / s.distance).toBeCloseTo(0.9, 3);
    // A tenth closer: the marker box a ninth wider and taller on the screen.
    expect(marker(await m.pixels()).share / marker(still).share).toBeGreaterThan(1.15);
    expect(polar(await after(m, '-')).distance).toBeCloseTo(s.distance, 3);

    await commands.keyDown('Shift');
    const panned = await after(m, 'ArrowRight');
    await commands.keyUp('Shift');
    expect(length(sub(panned.target, start.target))).toBeGreaterThan(5);
    expect(polar(panned).distance).toBeCloseTo(s.distance, 3);

    await press('Home');
    await waitFor(async () => length(sub((await m.handle.getView()).position, start.position)) < 0.01, 'the configured view again');
    expect(length(sub((await m.handle.getView()).target, start.target))).toBeLessThan(0.01);
  });

  it('keeps to the orbit limits, as a drag does', async () => {
    const m = await mountSpace(orbit({ minAzimuthAngle: -0.2, maxAzimuthAngle: 0.2, maxDistance: 560 }), SIZE);
    await idle(m);
    await tabIn(m);
    for (let i = 0; i < 8; i++) await press('ArrowLeft');
    for (let i = 0; i < 5; i++) await press('-');
    await m.handle.settled();
    const v = polar(await m.handle.getView());
    expect(Math.abs(v.azimuth)).toBeLessThanOrEqual((0.2 * 180) / Math.PI + 0.01);
    expect(v.distance).toBeLessThanOrEqual(560.01);
  });

  it('the keys neither scroll the page nor reach the host; Escape leaves; rotate off leaves the arrows to nothing', async () => {
    document.body.style.height = '4000px';
    const m = await mountSpace(orbit({ enableRotate: false }), SIZE);
    await idle(m);
    const start = await m.handle.getView();
    await tabIn(m);
    const heard: string[] = [];
    const onKey = (e: KeyboardEvent) => heard.push(e.key);
    window.addEventListener('keydown', onKey);
    try {
      for (const key of ['ArrowDown', 'PageDown', 'ArrowLeft', '-', 'Home']) await press(key);
      await m.handle.settled();
      expect(window.scrollY).toBe(0);
      expect(heard).toEqual([]);
      // Rotation is off: the arrows moved nothing; '-' zoomed out.
      const v = polar(await m.handle.getView());
      expect(v.azimuth).toBeCloseTo(polar(start).azimuth, 3);
      // The host's shortcuts pass: Ctrl+Z is heard.
      await commands.keyDown('Control');
      await press('z');
      await commands.keyUp('Control');
      expect(heard).toContain('z');
      await press('Escape');
      expect(document.activeElement).not.toBe(m.handle.canvas());
      expect(m.host.querySelector('.dash3d-focus-ring')).toBeNull();
    } finally {
      window.removeEventListener('keydown', onKey);
    }
  });

  it('a click with the mouse focuses the scene without the ring or the help; fly mode has its own keys listed', async () => {
    const m = await mountSpace(space({ controlType: 'fly' }), SIZE);
    await idle(m);
    const help = await keyHelp(m);
    await commands.mouseClick({ x: 0.5, y: 0.5 });
    await waitFor(() => document.activeElement === m.handle.canvas(), 'the canvas to have focus');
    expect(m.host.querySelector('.dash3d-focus-ring')).toBeNull();
    expect(help.getBoundingClientRect().width).toBeLessThanOrEqual(1);
    expect(help.textContent).toBe(cameraKeys.en['keys.fly']);
  });
});
