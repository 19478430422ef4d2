import { describe, expect, it } from 'vitest';
import {
  BufferGeometry,
  Camera,
  Color,
  Float32BufferAttribute,
  Group,
  Points,
  PointsMaterial,
  Scene,
  type BufferAttribute,
  type WebGLRenderer,
} from 'three';
import { createPointColour, RAMP_FLOOR } from '../../../../worker/models/features/points';
import { fakeScope } from './anim-support';

function cloud(extra: Record<string, number[]>, source?: string) {
  const g = new BufferGeometry();
  g.setAttribute('position', new Float32BufferAttribute([0, 0, 0, 1, 0, 0, 0, 1, 0], 3));
  for (const [name, values] of Object.entries(extra)) g.setAttribute(name, new Float32BufferAttribute(values, name === 'color' ? 3 : 1));
  if (source) g.userData.colourSource = source;
  const material = new PointsMaterial({ color: 0x336699, vertexColors: 'color' in extra });
  const points = new Points(g, material);
  const f = fakeScope(points);
  f.scope.model.kind = 'points';
  return { f, g, material, points };
}

const lin = (css: string) => new Color(css);
const colours = (g: BufferGeometry) => Array.from((g.getAttribute('color') as BufferAttribute).array as Float32Array);

describe('pointConfig.hotColor', () => {
  it('a cloud without colours is drawn in hotColor; a new hotColor rewrites the colours', () => {
    const { f, g, material } = cloud({}, 'none');
    const feature = createPointColour(f.scope);
    feature.apply({ hotColor: '#ff0000' }, undefined);
    const red = lin('#ff0000');
    expect(colours(g)).toEqual([red.r, red.g, red.b, red.r, red.g, red.b, red.r, red.g, red.b]);
    expect(material.vertexColors).toBe(true);
    expect(material.color.getHex()).toBe(0xffffff);
    const attr = g.getAttribute('color') as BufferAttribute;
    const version = attr.version;
    feature.apply({ hotColor: '#00ff00' }, { hotColor: '#ff0000' });
    expect(g.getAttribute('color')).toBe(attr); // rewritten, not rebuilt
    expect(attr.version).toBeGreaterThan(version);
    expect(colours(g).slice(0, 3)).toEqual([0, 1, 0]);
  });

  it('a cloud with intensity ramps from a dark shade of hotColor to hotColor', () => {
    const { f, g } = cloud({ intensity: [0, 0.5, 1] }, 'intensity');
    createPointColour(f.scope).apply({ hotColor: '#ffffff' }, undefined);
    const r = colours(g).filter((_, i) => i % 3 === 0);
    expect(r[0]).toBeCloseTo(RAMP_FLOOR);
    expect(r[1]).toBeCloseTo(RAMP_FLOOR + (1 - RAMP_FLOOR) * 0.5);
    expect(r[2]).toBeCloseTo(1);
  });

  it('the source is inferred when the loader did not record it', () => {
    const { f, g } = cloud({ intensity: [1, 0, 1] });
    createPointColour(f.scope).apply({ hotColor: '#ffffff' }, undefined);
    expect(colours(g)[3]).toBeCloseTo(RAMP_FLOOR);
  });

  it('a cloud with its own colours keeps them', () => {
    const own = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
    const { f, g, material } = cloud({ color: own }, 'rgb');
    const attr = g.getAttribute('color');
    createPointColour(f.scope).apply({ hotColor: '#ff0000' }, undefined);
    expect(g.getAttribute('color')).toBe(attr);
    expect(colours(g).map((v) => +v.toFixed(5))).toEqual(own);
    expect(material.color.getHex()).toBe(0x336699);
  });

  it('only point clouds: a mesh model is left alone', () => {
    const { f, g } = cloud({}, 'none');
    f.scope.model.kind = 'mesh';
    createPointColour(f.scope).apply({ hotColor: '#ff0000' }, undefined);
    expect(g.getAttribute('color')).toBeUndefined();
  });

  it('dispose takes the colours away and restores the material', () => {
    const { f, g, material } = cloud({ intensity: [0, 1, 0] }, 'intensity');
    const feature = createPointColour(f.scope);
    feature.apply({ hotColor: '#ff0000' }, undefined);
    feature.dispose();
    expect(g.getAttribute('color')).toBeUndefined();
    expect(material.vertexColors).toBe(false);
    expect(material.color.getHex()).toBe(0x336699);
  });

  it("point size follows the cloud's world scale (adaptive scales clouds); dispose restores it", () => {
    const { f, points, material } = cloud({ color: [1, 1, 1, 1, 1, 1, 1, 1, 1] }, 'rgb');
    material.size = 0.01;
    const feature = createPointColour(f.scope);
    feature.apply({ hotColor: '#ff0000' }, undefined);
    f.scope.frame.scale.setScalar(300);
    f.scope.root.updateMatrixWorld(true);
    const draw = () => points.onBeforeRender({} as WebGLRenderer, new Scene(), new Camera(), points.geometry, material, new Group());
    draw();
    expect(material.size).toBeCloseTo(3);
    feature.dispose();
    expect(material.size).toBe(0.01);
    draw();
    expect(material.size).toBe(0.01);
  });
});
