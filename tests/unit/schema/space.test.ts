import { describe, expect, it } from 'vitest';
import { MSG, SpaceConfigSchema, SpotLightSchema, toIssues } from '../../../shared/schema';
import { describeIssues } from '../../../shared/i18n';
import { at, expectRange, issuesOf } from './helpers';

const PI = Math.PI;
const EPS = 1e-6;

describe('space config defaults (spec §9)', () => {
  const c = SpaceConfigSchema.parse({});

  it('scene: fog, ground', () => {
    expect(c.sceneConfig.fog).toMatchObject({ near: 1, far: 10000, color: '#ffffff' });
    expect(c.sceneConfig.ground).toMatchObject({ width: 1000, height: 1000, color: '#748FA5' });
  });

  it('camera: fov 45, near 1, far 10000, at (0,200,500) looking at the origin', () => {
    expect(c.cameraConfig).toEqual({
      fov: 45, near: 1, far: 10000,
      cameraPositon: { x: 0, y: 200, z: 500 },
      cameraLookAt: { x: 0, y: 0, z: 0 },
    });
  });

  it('orbit controls', () => {
    expect(c.controlConfig.controlType).toBe('orbit');
    expect(c.controlConfig.orbitConfig).toMatchObject({
      rotateSpeed: 1, panSpeed: 1, zoomSpeed: 1, maxPolarAngle: 3.14,
      enableDamping: false, dampingFactor: 0.05, autoRotateSpeed: 2,
    });
  });

  it('pointer lock', () => {
    expect(c.controlConfig.pointerLockConfig).toMatchObject({ eyeHeight: 170, moveSpeed: 1000, fallSpeed: 100, jumpHeight: 100 });
  });

  it('environment sky, encoding sRGB, bloom off', () => {
    expect(c.environmentConfig.type).toBe('sky');
    expect(c.renderConfig.outputEncoding).toBe('sRGBEncoding');
    expect(c.composerConfig.unrealBloom.enable).toBe(false);
  });

  it('lights: one white ambient, one white directional casting shadow from (0,300,300)', () => {
    expect(c.lightConfig.ambientLight).toHaveLength(1);
    expect(c.lightConfig.ambientLight[0]!.color).toBe('#ffffff');
    expect(c.lightConfig.directionalLight).toHaveLength(1);
    expect(c.lightConfig.directionalLight[0]).toMatchObject({ color: '#ffffff', castShadow: true, position: { x: 0, y: 300, z: 300 } });
    expect(c.lightConfig.pointLight).toEqual([]);
  });

  it('helpers: grid 1000 with 20 divisions, axes 500', () => {
    expect(c.helperConfig.gridConfig).toMatchObject({ size: 1000, divisions: 20 });
    expect(c.helperConfig.axesConfig.size).toBe(500);
  });

  it('script template offers both hooks', () => {
    expect(c.script).toMatch(/function onReady\(THREE/);
    expect(c.script).toMatch(/function onModelLoaded\(THREE/);
  });

  it('defaults are fresh objects per parse (arrays not shared)', () => {
    const a = SpaceConfigSchema.parse({});
    a.lightConfig.ambientLight.push(a.lightConfig.ambientLight[0]!);
    expect(SpaceConfigSchema.parse({}).lightConfig.ambientLight).toHaveLength(1);
  });
});

describe('old and partial configs', () => {
  it('keeps what is given and fills the rest', () => {
    const c = SpaceConfigSchema.parse({ cameraConfig: { fov: 60 } });
    expect(c.cameraConfig.fov).toBe(60);
    expect(c.cameraConfig.near).toBe(1);
    expect(c.cameraConfig.cameraPositon).toEqual({ x: 0, y: 200, z: 500 });
    expect(c.controlConfig.orbitConfig.dampingFactor).toBe(0.05);
  });

  it('fills inside partial nested objects', () => {
    const c = SpaceConfigSchema.parse({ controlConfig: { orbitConfig: { enableDamping: true } }, cameraConfig: { cameraPositon: { y: 9 } } });
    expect(c.controlConfig.orbitConfig).toMatchObject({ enableDamping: true, dampingFactor: 0.05, rotateSpeed: 1 });
    expect(c.cameraConfig.cameraPositon).toEqual({ x: 0, y: 9, z: 500 });
  });

  it.each([
    [3001, 'sRGBEncoding'],
    [3000, 'LinearEncoding'],
    ['LinearEncoding', 'LinearEncoding'],
  ])('reads outputEncoding %s as %s', (stored, name) => {
    expect(SpaceConfigSchema.parse({ renderConfig: { outputEncoding: stored } }).renderConfig.outputEncoding).toBe(name);
  });

  it('refuses an unknown encoding', () => {
    expect(issuesOf(SpaceConfigSchema, { renderConfig: { outputEncoding: 3002 } })[0]?.path).toBe('renderConfig.outputEncoding');
  });
});

describe('ranges (spec §5)', () => {
  const orbit = 'controlConfig.orbitConfig';
  it('damping factor 0..1', () => expectRange(SpaceConfigSchema, `${orbit}.dampingFactor`, [0, 1, 0.5], [-EPS, 1 + EPS]));
  it.each(['maxAzimuthAngle', 'minAzimuthAngle'])('%s -π..π', (f) =>
    expectRange(SpaceConfigSchema, `${orbit}.${f}`, [-PI, PI, 0], [-PI - EPS, PI + EPS]));
  // The other angle of the pair at its widest, so the minimum-not-above-maximum rule stays out of it.
  const widestPolar = { [`${orbit}.minPolarAngle`]: 0, [`${orbit}.maxPolarAngle`]: PI };
  it.each(['maxPolarAngle', 'minPolarAngle'])('%s 0..π', (f) =>
    expectRange(SpaceConfigSchema, `${orbit}.${f}`, [0, PI], [-EPS, PI + EPS], widestPolar));
  it.each(['rotateSpeed', 'panSpeed', 'zoomSpeed', 'autoRotateSpeed', 'maxDistance', 'minDistance'])('orbit %s >= 0', (f) =>
    expectRange(SpaceConfigSchema, `${orbit}.${f}`, [0, 5000], [-EPS]));
  it.each(['eyeHeight', 'moveSpeed', 'fallSpeed', 'jumpHeight'])('pointer lock %s >= 0', (f) =>
    expectRange(SpaceConfigSchema, `controlConfig.pointerLockConfig.${f}`, [0, 10], [-EPS]));
  it('grid divisions: a whole number 1..1000', () => {
    expectRange(SpaceConfigSchema, 'helperConfig.gridConfig.divisions', [1, 1000], [0, 1001]);
    expect(issuesOf(SpaceConfigSchema, at('helperConfig.gridConfig.divisions', 2.5)).map((i) => i.path)).toEqual(['helperConfig.gridConfig.divisions']);
  });
  // Far must also be beyond near (the cross-field rule below): with near at 0, far's own floor 0 is
  // approached from above.
  it.each([
    ['near', 0],
    ['far', EPS],
  ] as const)('fog %s >= 0', (f, lowest) =>
    expectRange(SpaceConfigSchema, `sceneConfig.fog.${f}`, [lowest], [-EPS], { 'sceneConfig.fog.near': 0, 'sceneConfig.fog.far': 1 }));

  it('spot light angle 0..π/2 default π/3, penumbra 0..1 default 0', () => {
    const s = SpotLightSchema.parse({});
    expect(s.angle).toBeCloseTo(PI / 3, 12);
    expect(s.penumbra).toBe(0);
    expectRange(SpotLightSchema, 'angle', [0, PI / 2], [-EPS, PI / 2 + EPS]);
    expectRange(SpotLightSchema, 'penumbra', [0, 1], [-EPS, 1 + EPS]);
    expectRange(SpaceConfigSchema, 'lightConfig.spotLight.0.angle', [PI / 2], [PI / 2 + EPS]);
  });

  it('damping out of range reads "Exceeding the value range" in en and 超出取值范围 in zh_Hans', () => {
    const r = SpaceConfigSchema.safeParse({ controlConfig: { orbitConfig: { dampingFactor: 1.5 } } });
    expect(r.success).toBe(false);
    const issues = toIssues(r.error!);
    const path = 'controlConfig.orbitConfig.dampingFactor';
    expect(describeIssues(issues, 'en')).toEqual([{ path, message: 'Exceeding the value range' }]);
    expect(describeIssues(issues, 'zh_Hans')).toEqual([{ path, message: '超出取值范围' }]);
  });
});

describe('garbage', () => {
  it.each([null, 'space', 42, [], true])('refuses %j at the root', (v) => {
    expect(issuesOf(SpaceConfigSchema, v)).toEqual([expect.objectContaining({ path: '(root)' })]);
  });

  it('names the path of wrong types deep inside', () => {
    expect(issuesOf(SpaceConfigSchema, { cameraConfig: { fov: 'wide' } }).map((i) => i.path)).toEqual(['cameraConfig.fov']);
    expect(issuesOf(SpaceConfigSchema, { cameraConfig: { cameraPositon: { x: NaN } } }).map((i) => i.path)).toEqual(['cameraConfig.cameraPositon.x']);
    expect(issuesOf(SpaceConfigSchema, { lightConfig: { ambientLight: [{ intensity: Infinity }] } }).map((i) => i.path)).toEqual(['lightConfig.ambientLight.0.intensity']);
    expect(issuesOf(SpaceConfigSchema, { environmentConfig: { type: 'moon' } }).map((i) => i.path)).toEqual(['environmentConfig.type']);
  });

  it('colours must be colours', () => {
    expect(issuesOf(SpaceConfigSchema, { sceneConfig: { ground: { color: 'mud' } } })).toEqual([{ path: 'sceneConfig.ground.color', message: MSG.colour }]);
    expect(SpaceConfigSchema.parse({ sceneConfig: { ground: { color: 'rgb(1, 2, 3)' } } }).sceneConfig.ground.color).toBe('rgb(1, 2, 3)');
  });

  it('snapshots: names required and unique', () => {
    const list = [{ name: 'a' }, { name: 'a' }, { name: '  ' }];
    const both = issuesOf(SpaceConfigSchema, { snapshotConfig: { snapshotList: list } });
    expect(both).toHaveLength(2);
    expect(both).toEqual(expect.arrayContaining([
      { path: 'snapshotConfig.snapshotList.2.name', message: MSG.nameEmpty },
      { path: 'snapshotConfig.snapshotList.1.name', message: MSG.snapshotNameExists },
    ]));
    expect(issuesOf(SpaceConfigSchema, { snapshotConfig: { snapshotList: list.slice(0, 2) } })).toEqual([
      { path: 'snapshotConfig.snapshotList.1.name', message: MSG.snapshotNameExists },
    ]);
  });
});
