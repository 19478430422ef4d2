import { describe, expect, it } from 'vitest';
import { MSG, SpaceConfigSchema, toIssues } from '../../../shared/schema';
import { repairParse } from '../../../shared/schema/repair';
import { describeIssues } from '../../../shared/i18n';
import { issuesOf } from './helpers';

/*
 * Rules between two fields (issue 9 §3): the schema refuses the pair, naming both fields, so the
 * settings panel shows the message beside each row; the worker no longer has to guess silently.
 */

const PI = Math.PI;
const fog = (near: number, far: number) => ({ sceneConfig: { fog: { enable: true, near, far } } });
const orbit = (o: Record<string, number>) => ({ controlConfig: { orbitConfig: o } });

describe('fog: far beyond near', () => {
  it.each([
    [100, 50],
    [100, 100],
  ])('near %d, far %d is refused at both fields', (near, far) => {
    expect(issuesOf(SpaceConfigSchema, fog(near, far))).toEqual([
      { path: 'sceneConfig.fog.near', message: MSG.farNotBeyondNear },
      { path: 'sceneConfig.fog.far', message: MSG.farNotBeyondNear },
    ]);
  });

  it('reads "Far must be greater than near" in en and its zh_Hans text', () => {
    const issues = toIssues(SpaceConfigSchema.safeParse(fog(10, 5)).error!);
    expect(describeIssues(issues, 'en').map((i) => i.message)).toEqual(['Far must be greater than near', 'Far must be greater than near']);
    expect(describeIssues(issues, 'zh_Hans').map((i) => i.message)).toEqual(['远端值必须大于近端值', '远端值必须大于近端值']);
  });

  it('accepts far beyond near, the defaults included', () => {
    expect(SpaceConfigSchema.parse(fog(0, 1)).sceneConfig.fog).toMatchObject({ near: 0, far: 1 });
    expect(SpaceConfigSchema.safeParse({}).success).toBe(true);
  });

  it('a field out of its own range says only that', () => {
    expect(issuesOf(SpaceConfigSchema, fog(100, -1))).toEqual([{ path: 'sceneConfig.fog.far', message: MSG.range }]);
  });

  it('a stored document with the pair reversed opens with both at their defaults, and says so', () => {
    const { value, issues } = repairParse(SpaceConfigSchema, fog(500, 20));
    expect(value.sceneConfig.fog).toMatchObject({ enable: true, near: 1, far: 10000 });
    expect(issues.map((i) => i.path)).toEqual(['sceneConfig.fog.near', 'sceneConfig.fog.far']);
  });
});

describe('camera: far plane beyond near plane', () => {
  it('refuses far at or before near, at both fields', () => {
    expect(issuesOf(SpaceConfigSchema, { cameraConfig: { near: 10, far: 10 } })).toEqual([
      { path: 'cameraConfig.near', message: MSG.farNotBeyondNear },
      { path: 'cameraConfig.far', message: MSG.farNotBeyondNear },
    ]);
    expect(SpaceConfigSchema.safeParse({ cameraConfig: { near: 0.1, far: 0.2 } }).success).toBe(true);
  });
});

describe('orbit: minimum not above maximum', () => {
  it.each([
    ['Distance', 500, 400],
    ['PolarAngle', 2, 1],
  ])('min%s above max%s is refused at both fields', (name, min, max) => {
    const path = 'controlConfig.orbitConfig';
    expect(issuesOf(SpaceConfigSchema, orbit({ [`min${name}`]: min, [`max${name}`]: max }))).toEqual([
      { path: `${path}.min${name}`, message: MSG.minAboveMax },
      { path: `${path}.max${name}`, message: MSG.minAboveMax },
    ]);
  });

  it('reads "The minimum cannot be greater than the maximum" in en and 最小值不能大于最大值 in zh_Hans', () => {
    const issues = toIssues(SpaceConfigSchema.safeParse(orbit({ minDistance: 20, maxDistance: 10 })).error!);
    expect(describeIssues(issues, 'en')[0]!.message).toBe('The minimum cannot be greater than the maximum');
    expect(describeIssues(issues, 'zh_Hans')[0]!.message).toBe('最小值不能大于最大值');
  });

  it('accepts equal limits (a fixed distance, a fixed height), and both pairs are checked on their own', () => {
    expect(SpaceConfigSchema.safeParse(orbit({ minDistance: 300, maxDistance: 300, minPolarAngle: 1, maxPolarAngle: 1 })).success).toBe(true);
    expect(issuesOf(SpaceConfigSchema, orbit({ minDistance: 20, maxDistance: 10, minPolarAngle: 2, maxPolarAngle: 1 })).map((i) => i.path)).toEqual([
      'controlConfig.orbitConfig.minPolarAngle',
      'controlConfig.orbitConfig.maxPolarAngle',
      'controlConfig.orbitConfig.minDistance',
      'controlConfig.orbitConfig.maxDistance',
    ]);
  });

  it('leaves azimuth alone: a minimum above the maximum is a range through ±π (behind the target)', () => {
    expect(SpaceConfigSchema.safeParse(orbit({ minAzimuthAngle: PI / 2, maxAzimuthAngle: -PI / 2 })).success).toBe(true);
  });
});
