import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EnvironmentType } from '../../shared/schema/scene';
import type { PixelReadout } from '../../shared/protocol';
import { colourDistance, diffShare, EMPTY, meanColour, mountSpace, unmountAll, type Mounted, type RGBA } from './support/harness';
import { ENVIRONMENT_CACHE, environmentCacheKey } from '../../worker/features/environment-cache';
import { ENVIRONMENT_PRESETS } from '../../worker/features/environment-presets';
import { useDevWorker } from './support/test-worker-url';

/**
 * No lights at all: whatever colour the mirror-like sphere shows comes from the environment alone.
 * The sphere sits above the origin, in the upper middle of the view.
 */
const SPHERE_SCRIPT = `function onReady(THREE, api) {
  const s = new THREE.Mesh(new THREE.SphereGeometry(150, 64, 32), new THREE.MeshStandardMaterial({ metalness: 1, roughness: 0.2 }));
  s.position.y = 150;
  api.scene.add(s);
  api.invalidate();
}`;
const SIZE = { width: 160, height: 100 };
const scene = (type: EnvironmentType) => ({ ...EMPTY, script: SPHERE_SCRIPT, environmentConfig: { type } });
/** The sphere's middle, well inside its silhouette. */
const sphereColour = (p: PixelReadout) => meanColour(p, 0.42, 0.2, 0.58, 0.45);
const errors = (m: Mounted) => m.events.filter((e) => e.type === 'error' || e.type === 'script-error');

/**
 * A representative few of the 18 presets light the sphere here: prefiltering and lighting are one
 * code path for all of them, and every preset's data is checked to decode into a lit, distinct HDR
 * image in tests/unit/engine/environment-presets.test.ts (each prefiltering costs seconds in
 * SwiftShader). Dark, warm, neutral, daylight, indoor and green ones.
 */
const LIT: readonly EnvironmentType[] = ['night', 'sunset', 'studio', 'sky', 'warehouse', 'forest'];

describe('environment presets', () => {
  let m: Mounted;
  const seen = new Map<EnvironmentType, RGBA>();

  beforeAll(async () => {
    m = await mountSpace(scene('sky'), SIZE);
  });
  afterAll(unmountAll);

  it.each(LIT.map((t) => [t]))('%s loads and lights the sphere', async (type) => {
    await m.update(scene(type));
    const colour = sphereColour(await m.pixels());
    seen.set(type, colour);
    expect(errors(m)).toEqual([]);
    // Lit by the environment alone: not black.
    expect(Math.max(colour[0], colour[1], colour[2])).toBeGreaterThan(10);
  });

  it('different presets light the sphere differently', () => {
    expect(seen.size).toBe(LIT.length);
    const c = (t: EnvironmentType) => seen.get(t)!;
    expect(colourDistance(c('night'), c('sunset'))).toBeGreaterThan(15);
    expect(colourDistance(c('night'), c('studio'))).toBeGreaterThan(15);
    expect(colourDistance(c('sunset'), c('studio'))).toBeGreaterThan(15);
    // Not one fallback image for all: the presets differ from each other.
    const distinct: RGBA[] = [];
    for (const colour of seen.values()) if (distinct.every((d) => colourDistance(d, colour) > 3)) distinct.push(colour);
    expect(distinct.length).toBeGreaterThanOrEqual(5);
  });
});

describe('environment lifecycle', () => {
  afterEach(unmountAll);

  it('the newest choice wins when presets are switched faster than they load', async () => {
    const m = await mountSpace(scene('studio'), SIZE);
    const reference = await m.pixels();
    const memory = (await m.handle.stats()).memory;
    await m.update(scene('night'));
    expect(diffShare(reference, await m.pixels())).toBeGreaterThan(0.05);
    // Each update leaves as its own patch (a frame apart) while the earlier loads are still running;
    // the largest preset first, so the stale load tends to finish last.
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    void m.update(scene('forest'));
    await frame();
    void m.update(scene('sunset'));
    await frame();
    await m.update(scene('studio'));
    expect(diffShare(reference, await m.pixels())).toBeLessThan(0.01);
    // The stale results were freed, not just hidden.
    expect((await m.handle.stats()).memory).toEqual(memory);
    expect(errors(m)).toEqual([]);
  });

  it('enable: false turns image-based lighting off and frees it; enabling again brings it back', async () => {
    const lit = await mountSpace(scene('studio'), SIZE);
    const on = await lit.pixels();
    const texturesOn = (await lit.handle.stats()).memory.textures;
    await lit.update({ ...scene('studio'), environmentConfig: { enable: false, type: 'studio' } });
    const off = await lit.pixels();
    // No lights and no environment: the mirror sphere goes black.
    expect(Math.max(...sphereColour(off).slice(0, 3))).toBeLessThan(5);
    expect((await lit.handle.stats()).memory.textures).toBeLessThan(texturesOn);
    await lit.update(scene('studio'));
    expect(diffShare(on, await lit.pixels())).toBeLessThan(0.01);
  });

  it('switching presets frees the previous environment', async () => {
    const m = await mountSpace(scene('sky'), SIZE);
    const before = (await m.handle.stats()).memory;
    for (const type of ['lab', 'night', 'sky'] as const) await m.update(scene(type));
    expect((await m.handle.stats()).memory).toEqual(before);
  });

  it('loads presets from the page origin only (main-thread engine, where resource timing is visible)', async () => {
    // The worker's resource timing is not visible to the page; the main-thread fallback runs the
    // same engine code, so it shows which requests choosing a preset makes.
    // The page's resource timing buffer (250 entries) is long full of test modules: observe instead.
    const urls: string[] = performance.getEntriesByType('resource').map((e) => e.name);
    const observer = new PerformanceObserver((list) => urls.push(...list.getEntries().map((e) => e.name)));
    observer.observe({ type: 'resource' });
    // A preset prefiltered before is not downloaded again (below): start from none kept.
    await caches.delete(ENVIRONMENT_CACHE);
    const m = await mountSpace(scene('sky'), { ...SIZE, forceMainThread: true });
    expect(m.handle.mode).toBe('main');
    await m.update(scene('workshop'));
    urls.push(...observer.takeRecords().map((e) => e.name));
    observer.disconnect();
    expect(urls.filter((u) => u.includes('workshop.exr')).length).toBeGreaterThan(0);
    const foreign = urls.filter((u) => !u.startsWith(location.origin + '/') && !u.startsWith('data:') && !u.startsWith('blob:'));
    expect(foreign).toEqual([]);
    expect(errors(m)).toEqual([]);
  });
});

describe('prefiltered environments kept between starts', () => {
  afterEach(unmountAll);
  // Kept by the preset's URL, which the render worker and the main-thread engine share in a real
  // build: here too, with the dev server's worker (the one built for the tests has its own copy).
  let builtWorker = () => {};
  beforeAll(() => void (builtWorker = useDevWorker()));
  afterAll(() => builtWorker());
  const key = environmentCacheKey(ENVIRONMENT_PRESETS.sunset.built.href)!;
  const BYTES = 6 * (256 ** 2 + 128 ** 2 + 64 ** 2 + 32 ** 2 + 16 ** 2 + 8 ** 2) * 4 * 2;
  /** The preset files the page asked for while `run` ran (main-thread engine: its requests are the page's). */
  async function presetRequests(run: () => Promise<unknown>): Promise<string[]> {
    const urls: string[] = [];
    const observer = new PerformanceObserver((list) => urls.push(...list.getEntries().map((e) => e.name)));
    observer.observe({ type: 'resource' });
    await run();
    urls.push(...observer.takeRecords().map((e) => e.name));
    observer.disconnect();
    return urls.filter((u) => u.includes('sunset.exr'));
  }

  it('the first start keeps what it prefiltered; later starts draw the same pixels from it without the download', async () => {
    await caches.delete(ENVIRONMENT_CACHE);
    const first = await mountSpace(scene('sunset'), SIZE);
    const made = await first.pixels();
    expect(Math.max(...sphereColour(made).slice(0, 3))).toBeGreaterThan(10);
    // Kept: the 6 faces of a 256 px cube with its mip levels down to 8 px, as 16-bit floats.
    const entry = await (await caches.open(ENVIRONMENT_CACHE)).match(key);
    expect(entry?.headers.get('x-dash3d-size')).toBe('256');
    expect(entry?.headers.get('x-dash3d-levels')).toBe('6');
    expect((await entry!.arrayBuffer()).byteLength).toBe(BYTES);
    first.unmount();

    // Another render worker: the same texture, bit for bit, so the same pixels.
    const second = await mountSpace(scene('sunset'), SIZE);
    expect(diffShare(made, await second.pixels(), 0)).toBe(0);
    expect(errors(second)).toEqual([]);
    second.unmount();

    // The main-thread engine, whose requests the page sees: no download of the preset at all.
    let third: Mounted | undefined;
    const requests = await presetRequests(async () => (third = await mountSpace(scene('sunset'), { ...SIZE, forceMainThread: true })));
    expect(requests).toEqual([]);
    expect(diffShare(made, await third!.pixels())).toBeLessThan(0.01);
    expect(errors(third!)).toEqual([]);
  });

  it('a damaged entry is not used: the preset is downloaded and prefiltered again, and the entry replaced', async () => {
    const cache = await caches.open(ENVIRONMENT_CACHE);
    // A body shorter than its size says, then a size out of range.
    for (const [size, body] of [
      ['256', new Uint8Array(16)],
      ['4096', new Uint8Array(16)],
    ] as const) {
      await cache.put(key, new Response(body, { headers: { 'x-dash3d-size': size, 'x-dash3d-levels': '6' } }));
      let m: Mounted | undefined;
      const requests = await presetRequests(async () => (m = await mountSpace(scene('sunset'), { ...SIZE, forceMainThread: true })));
      expect(requests.length).toBeGreaterThan(0);
      expect(Math.max(...sphereColour(await m!.pixels()).slice(0, 3))).toBeGreaterThan(10);
      expect(errors(m!)).toEqual([]);
      const kept = await cache.match(key);
      expect((await kept!.arrayBuffer()).byteLength).toBe(BYTES);
      m!.unmount();
    }
  });
});
