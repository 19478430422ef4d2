import { describe, expect, it } from 'vitest';
import {
  AnimationSchema, CustomAnimationSchema, ModelConfigSchema, MODEL_FORMATS, modelFormatOf, MSG, POINT_CLOUD_FORMAT,
} from '../../../shared/schema';
import { expectRange, issuesOf } from './helpers';

describe('model config defaults (spec §9)', () => {
  const m = ModelConfigSchema.parse({});

  it('adaptive on, tree hidden, highlight, tween and edge off', () => {
    expect(m.adaptive).toBe(true);
    expect(m.tree).toEqual({ visible: false, value: { key: '', name: '' } });
    expect(m.highlightConfig).toEqual({ enable: false, color: '#ffff00' });
    expect(m.tweenConfig).toEqual({ enable: false, time: 1000 });
    expect(m.edgeConfig).toEqual({ enable: false, color: '#ffffff' });
  });

  it('no file, no refresh, nothing configured per mesh', () => {
    expect(m.src).toEqual({ filePath: '', fileList: [] });
    expect(m.update).toBe(0);
    expect(m.treeConfig).toEqual({});
    expect(m.materialsConfig).toEqual({ materials: {} });
    expect(m.animationConfig).toEqual([]);
    expect(m.customAnimationConfig).toEqual([]);
    expect(m.pointConfig.hotColor).toBe('#ff4d4f');
  });

  it('a per-mesh entry gets the mesh defaults, scale 1', () => {
    const c = ModelConfigSchema.parse({ treeConfig: { Wheel: { opacity: 0.5 } } });
    expect(c.treeConfig.Wheel).toMatchObject({ visible: true, opacity: 0.5, scale: { x: 1, y: 1, z: 1 } });
  });
});

describe('animations', () => {
  it('clip defaults; the name is required', () => {
    expect(AnimationSchema.parse({ name: 'Walk' })).toEqual({
      name: 'Walk', enable: false, weight: 1, loop: 'repeat', repetitions: 0, time: 0, timeScale: 1, decorative: false,
    });
    expect(issuesOf(AnimationSchema, {}).map((i) => i.path)).toEqual(['name']);
  });

  it('weight 0..1, time >= 0, repetitions a whole number >= 0', () => {
    const clip = (p: object) => ({ name: 'a', ...p });
    expect(AnimationSchema.safeParse(clip({ weight: 0 })).success).toBe(true);
    expect(issuesOf(AnimationSchema, clip({ weight: 1.01 }))).toEqual([{ path: 'weight', message: MSG.range }]);
    expect(issuesOf(AnimationSchema, clip({ time: -1 }))).toEqual([{ path: 'time', message: MSG.range }]);
    expect(issuesOf(AnimationSchema, clip({ repetitions: -1 }))).toEqual([{ path: 'repetitions', message: MSG.range }]);
    expect(issuesOf(AnimationSchema, clip({ repetitions: 1.5 })).map((i) => i.path)).toEqual(['repetitions']);
    expect(issuesOf(AnimationSchema, clip({ loop: 'bounce' })).map((i) => i.path)).toEqual(['loop']);
    expect(AnimationSchema.parse(clip({ loop: 'pingpong', timeScale: -2 }))).toMatchObject({ loop: 'pingpong', timeScale: -2 });
  });

  it('custom animation defaults: 0..1000 ms, scale tracks at 1, others at 0', () => {
    const a = CustomAnimationSchema.parse({});
    const one = { x: 1, y: 1, z: 1 };
    const zero = { x: 0, y: 0, z: 0 };
    expect(a).toEqual({
      enable: false,
      time: { start: 0, end: 1000 },
      track: { scale: { start: one, end: one }, position: { start: zero, end: zero }, rotation: { start: zero, end: zero } },
      loop: 'repeat',
      repetitions: 0,
      decorative: false,
    });
  });

  it('custom animation ranges', () => {
    expectRange(CustomAnimationSchema, 'time.start', [0], [-1]);
    expectRange(CustomAnimationSchema, 'track.scale.end.y', [0.5], [0]);
    expectRange(CustomAnimationSchema, 'track.rotation.start.z', [-360], [-361]);
    expect(issuesOf(CustomAnimationSchema, { time: { start: 500, end: 100 } })).toEqual([{ path: 'time.end', message: MSG.range }]);
  });

  it('a model config reports animation issues under their index', () => {
    expect(issuesOf(ModelConfigSchema, { animationConfig: [{ name: 'a' }, { name: 'b', weight: 2 }] })).toEqual([
      { path: 'animationConfig.1.weight', message: MSG.range },
    ]);
  });
});

describe('model ranges and garbage', () => {
  it('refresh seconds >= 0, tween time >= 0', () => {
    expectRange(ModelConfigSchema, 'update', [0, 30], [-1]);
    expectRange(ModelConfigSchema, 'tweenConfig.time', [0], [-0.5]);
  });

  it('colours are checked', () => {
    expect(issuesOf(ModelConfigSchema, { highlightConfig: { color: 'shiny' } })).toEqual([{ path: 'highlightConfig.color', message: MSG.colour }]);
  });

  it('wrong types deep inside name their path', () => {
    expect(issuesOf(ModelConfigSchema, { src: { fileList: [{ uid: 1 }] } }).map((i) => i.path)).toEqual(['src.fileList.0.uid']);
    expect(issuesOf(ModelConfigSchema, { materialsConfig: { materials: { Steel: 7 } } }).map((i) => i.path)).toEqual(['materialsConfig.materials.Steel']);
    expect(issuesOf(ModelConfigSchema, { treeConfig: { Door: { rotation: { x: 400 } } } })).toEqual([{ path: 'treeConfig.Door.rotation.x', message: MSG.range }]);
  });
});

describe('formats', () => {
  it('lists obj, glb, gltf, fbx and the pcd point cloud', () => {
    expect([...MODEL_FORMATS]).toEqual(['obj', 'glb', 'gltf', 'fbx']);
    expect(POINT_CLOUD_FORMAT).toBe('pcd');
  });

  it.each([
    ['/m/robot.GLB', 'glb'],
    ['a.gltf?v=2#x', 'gltf'],
    ['scan.pcd', 'pcd'],
    ['chair.obj', 'obj'],
    ['part.stl', null],
    ['folder.glb/file', null],
    ['noext', null],
  ])('modelFormatOf(%s) = %s', (path, format) => {
    expect(modelFormatOf(path)).toBe(format);
  });
});
