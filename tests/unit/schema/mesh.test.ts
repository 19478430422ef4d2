import { describe, expect, it } from 'vitest';
import { MeshConfigSchema, MSG } from '../../../shared/schema';
import { expectRange, issuesOf } from './helpers';

describe('mesh config', () => {
  it('defaults: visible, opaque, original colour, unit scale, at the origin, unrotated', () => {
    expect(MeshConfigSchema.parse({})).toEqual({
      visible: true,
      opacity: 1,
      color: '',
      scale: { x: 1, y: 1, z: 1 },
      position: { x: 0, y: 0, z: 0 },
      rotation: { x: 0, y: 0, z: 0 },
    });
  });

  it('opacity 0..1', () => expectRange(MeshConfigSchema, 'opacity', [0, 0.01, 1], [-0.01, 1.01]));

  it.each(['x', 'y', 'z'])('rotation.%s -360..360', (axis) =>
    expectRange(MeshConfigSchema, `rotation.${axis}`, [-360, 360, 0], [-360.001, 360.001]));

  it.each(['x', 'y', 'z'])('scale.%s strictly positive', (axis) =>
    expectRange(MeshConfigSchema, `scale.${axis}`, [1e-6, 1, 250], [0, -1]));

  it('position is unbounded but finite', () => {
    expect(MeshConfigSchema.parse({ position: { x: -1e6 } }).position).toEqual({ x: -1e6, y: 0, z: 0 });
    expect(issuesOf(MeshConfigSchema, { position: { y: Infinity } }).map((i) => i.path)).toEqual(['position.y']);
  });

  it("colour: '' keeps the original, colours pass, anything else is refused", () => {
    expect(MeshConfigSchema.parse({ color: '#abc' }).color).toBe('#abc');
    expect(MeshConfigSchema.parse({ color: 'Red' }).color).toBe('Red');
    expect(issuesOf(MeshConfigSchema, { color: 'mud' })).toEqual([{ path: 'color', message: MSG.colour }]);
    expect(issuesOf(MeshConfigSchema, { color: 3 })).toHaveLength(1);
  });

  it('wrong types name their path', () => {
    expect(issuesOf(MeshConfigSchema, { visible: 'yes', scale: { x: '2' } }).map((i) => i.path).sort()).toEqual(['scale.x', 'visible']);
  });
});
