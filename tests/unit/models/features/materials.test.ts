import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BoxGeometry, Group, Mesh, MeshBasicMaterial, MeshPhongMaterial, MeshPhysicalMaterial, type Material } from 'three';
import type { EngineContext } from '../../../../worker/engine/context';
import type { EngineEvent } from '../../../../shared/protocol';
import type { ModelScope } from '../../../../worker/models/types';
import { createMaterials } from '../../../../worker/models/features/materials';
import { createUserCode } from '../../../../worker/engine/user-code';

const airm = (material: object) => JSON.stringify({ formatVersion: 1, material });
const FILES: Record<string, string> = {
  '/media/lib/red-phong.airm': airm({ type: 'phong', color: '#ff0000', shininess: 10 }),
  '/media/lib/green-physical.airm': airm({ type: 'physical', color: '#00ff00', frameScript: 'material.opacity = dt' }),
  '/media/lib/bad.airm': '{"formatVersion": 1, "material": {"side": "Sideways"}}',
  '/media/lib/shader.airm': airm({ type: 'shader', shaderCode: 'return 1' }),
};

/** Fetch answers from FILES; a path listed in `held` waits until the test releases it. */
const held = new Map<string, () => void>();
beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    const path = new URL(url).pathname;
    if (held.has(path)) await new Promise<void>((r) => held.set(path, r));
    return FILES[path] ? new Response(FILES[path]) : new Response('', { status: 404 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  held.clear();
});

function setup(scriptsEnabled = true) {
  const activity: boolean[] = [];
  const userCode = createUserCode(scriptsEnabled, (e) => {
    if (e.type === 'script-activity') activity.push(e.busy);
  });
  const red = Object.assign(new MeshBasicMaterial({ color: 0x808080 }), { name: 'Body' });
  const glass = Object.assign(new MeshBasicMaterial(), { name: 'Glass' });
  const body = new Mesh(new BoxGeometry(), red);
  const multi = new Mesh(new BoxGeometry(), [glass, red]);
  const object = new Group().add(body, multi);
  const pending: Promise<unknown>[] = [];
  const frames = new Set<(dt: number) => void>();
  const warnings: string[] = [];
  const events: EngineEvent[] = [];
  const rebuilds: number[] = [];
  const ctx = {
    disposed: false,
    invalidate() {},
    track: <T>(_label: string, work: Promise<T>) => (pending.push(work), work),
    onFrame: (fn: (dt: number) => void) => (frames.add(fn), () => frames.delete(fn)),
    renderer: { initTexture() {} },
    userCode,
    emit: (e: EngineEvent) => events.push(e),
  } as unknown as EngineContext;
  const scope: ModelScope = {
    id: 'm1',
    ctx,
    root: new Group(),
    frame: new Group(),
    model: { kind: 'mesh', object, animations: [], warnings: [], bytes: 0, parsedOffThread: false },
    warn: (m) => warnings.push(m),
    onHover: () => () => {},
    rebuildLater: (change) => {
      rebuilds.push(1);
      change();
    },
  };
  const feature = createMaterials(scope);
  const settle = async () => {
    while (pending.length) await pending.shift();
  };
  const apply = async (materials: Record<string, string>) => {
    feature.apply({ materials }, undefined);
    await settle();
  };
  return { feature, body, multi, red, glass, warnings, events, rebuilds, frames, activity, apply, settle };
}

describe('library materials on model parts', () => {
  it('replaces every material of that name, in lists too, and clearing restores the original objects', async () => {
    const t = setup();
    await t.apply({ Body: 'lib/red-phong.airm' });
    const lib = t.body.material as unknown as MeshPhongMaterial;
    expect(lib).toBeInstanceOf(MeshPhongMaterial);
    expect(lib.color.getHexString()).toBe('ff0000');
    expect(lib.name).toBe('Body');
    expect(t.multi.material).toEqual([t.glass, lib]);
    expect(t.rebuilds).toHaveLength(1);
    expect(t.warnings).toEqual([]);

    const disposed = vi.fn();
    lib.addEventListener('dispose', disposed);
    await t.apply({});
    expect(t.body.material).toBe(t.red);
    expect(t.multi.material).toEqual([t.glass, t.red]);
    expect(disposed).toHaveBeenCalledOnce();
  });

  it('a newer file wins over one still loading, and replaces the shown one only when ready', async () => {
    const t = setup();
    await t.apply({ Body: 'lib/red-phong.airm' });
    const first = t.body.material as Material;
    held.set('/media/lib/green-physical.airm', () => {});
    t.feature.apply({ materials: { Body: 'lib/green-physical.airm' } }, undefined);
    await new Promise((r) => setTimeout(r, 0));
    expect(t.body.material).toBe(first); // no flash of the original meanwhile
    // Superseded while loading: the green file's late answer must never show.
    t.feature.apply({ materials: { Body: 'lib/red-phong.airm' } }, undefined);
    held.get('/media/lib/green-physical.airm')!();
    await t.settle();
    expect(t.body.material).toBeInstanceOf(MeshPhongMaterial);
    expect(t.body.material).not.toBe(first);
  });

  it('runs the frame script while the material is on the model', async () => {
    const t = setup();
    await t.apply({ Glass: 'lib/green-physical.airm' });
    const lib = (t.multi.material as Material[])[0] as MeshPhysicalMaterial;
    expect(t.frames.size).toBe(1);
    // Registered but not running: the heartbeat must not count the engine's own work as user code.
    expect(t.activity).toEqual([]);
    for (const f of t.frames) f(0.25);
    expect(lib.opacity).toBe(0.25);
    // The heartbeat learns when the frame script runs, and that it returned.
    expect(t.activity).toEqual([true, false]);
    await t.apply({});
    expect(t.frames.size).toBe(0);
    expect(t.activity).toEqual([true, false]);
  });

  it('with user code off (a hang, or no consent) neither frame scripts nor shader code run, and both are named', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const t = setup(false);
    await t.apply({ Glass: 'lib/green-physical.airm' });
    expect(t.frames.size).toBe(0);
    expect(t.activity).toEqual([]);
    await t.apply({ Body: 'lib/shader.airm' });
    expect(t.body.material).toBe(t.red);
    expect(t.warnings.join('\n')).toContain('green-physical.airm: its frameScript is not run (user code is off in this space');
    expect(t.warnings.join('\n')).toContain('shaderCode: not run, user code is off in this space');
    // What the consent notice lists (src/widgets/space/ConsentNotice.tsx).
    expect(t.events).toEqual([
      { type: 'user-code-held', what: 'frameScript', file: 'green-physical.airm' },
      { type: 'user-code-held', what: 'shaderCode', file: 'shader.airm' },
    ]);
  });

  it('an .airm path outside the allowed origins is refused without a request, naming it', async () => {
    const seen: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      seen.push(url);
      return Promise.resolve(new Response('', { status: 404 }));
    });
    const t = setup();
    await t.apply({ Body: 'http://203.0.113.1/lib/red-phong.airm' });
    expect(seen).toEqual([]);
    expect(t.body.material).toBe(t.red);
    expect(t.warnings.join('\n')).toContain('material file red-phong.airm: http://203.0.113.1/lib/red-phong.airm is refused');
  });

  it.each([
    ['lib/bad.airm', 'material file bad.airm is not a valid .airm file (material.side: Invalid option'],
    ['lib/missing.airm', 'material file missing.airm did not load: HTTP 404'],
    ['lib/shader.airm', 'material file shader.airm: shaderCode: shaderCode must return'],
  ])('a bad file %s is reported and the part keeps its original material', async (path, warning) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const t = setup();
    await t.apply({ Body: 'lib/red-phong.airm' });
    await t.apply({ Body: path });
    expect(t.body.material).toBe(t.red);
    expect(t.warnings).toHaveLength(1);
    expect(t.warnings[0]).toContain(warning);
  });

  it('a name the model does not have is reported, nothing loads', async () => {
    const t = setup();
    await t.apply({ Wheel: 'lib/red-phong.airm' });
    expect(t.warnings).toEqual(['material "Wheel" is not in this model: red-phong.airm is not applied']);
  });

  it('dispose puts every original back, also while a load is under way', async () => {
    const t = setup();
    await t.apply({ Body: 'lib/red-phong.airm' });
    held.set('/media/lib/green-physical.airm', () => {});
    t.feature.apply({ materials: { Body: 'lib/red-phong.airm', Glass: 'lib/green-physical.airm' } }, undefined);
    t.feature.dispose();
    held.get('/media/lib/green-physical.airm')!();
    await t.settle();
    expect(t.body.material).toBe(t.red);
    expect(t.multi.material).toEqual([t.glass, t.red]);
    expect(t.frames.size).toBe(0);
  });
});
