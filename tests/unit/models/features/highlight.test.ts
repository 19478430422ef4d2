import { describe, expect, it } from 'vitest';
import {
  BoxGeometry,
  Color,
  Group,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  Points,
  BufferGeometry,
  PointsMaterial,
  type Object3D,
} from 'three';
import { createHighlight } from '../../../../worker/models/features/highlight';
import type { ModelScope } from '../../../../worker/models/types';

/** A model of a lit part, a second lit part sharing nothing, and an unlit cloud; a scope that relays hover. */
function fixture() {
  const lit = new Mesh(new BoxGeometry(), new MeshStandardMaterial({ color: '#808080' }));
  const other = new Mesh(new BoxGeometry(), new MeshStandardMaterial());
  const cloud = new Points(new BufferGeometry(), new PointsMaterial({ color: '#00ff00', vertexColors: true }));
  const object = new Group();
  object.add(lit, other, cloud);
  let hover: (p: Object3D | null) => void = () => {};
  let frames = 0;
  const scope = {
    id: 'm',
    ctx: { invalidate: () => frames++ },
    model: { object },
    onHover: (fn: (p: Object3D | null) => void) => {
      hover = fn;
      return () => (hover = () => {});
    },
  } as unknown as ModelScope;
  return { lit, other, cloud, scope, hover: (p: Object3D | null) => hover(p), frames: () => frames };
}

const yellow = new Color('#ffff00');

describe('highlight: the hovered part in the highlight colour', () => {
  it('does nothing while disabled', () => {
    const f = fixture();
    const own = f.lit.material;
    const h = createHighlight(f.scope);
    h.apply({ enable: false, color: '#ffff00' }, undefined);
    f.hover(f.lit);
    expect(f.lit.material).toBe(own);
  });

  it('a lit part glows in the colour on a copy of its material, and gets its own back on leaving', () => {
    const f = fixture();
    const own = f.lit.material;
    const h = createHighlight(f.scope);
    h.apply({ enable: true, color: '#ffff00' }, undefined);
    f.hover(f.lit);
    const shown = f.lit.material;
    expect(shown).not.toBe(own);
    expect(shown.emissive.equals(yellow)).toBe(true);
    expect(shown.color.equals(own.color)).toBe(true); // shading colour kept
    expect(own.emissive.getHex()).toBe(0); // the source is untouched
    f.hover(f.other); // to another part: the first is restored
    expect(f.lit.material).toBe(own);
    expect(f.other.material.emissive.equals(yellow)).toBe(true);
    f.hover(null);
    expect(f.other.material).toBeInstanceOf(MeshStandardMaterial);
    expect(f.other.material.emissive.getHex()).toBe(0);
  });

  it('an unlit cloud takes the colour, without its vertex colours', () => {
    const f = fixture();
    const h = createHighlight(f.scope);
    h.apply({ enable: true, color: '#ff0000' }, undefined);
    f.hover(f.cloud);
    const m = f.cloud.material;
    expect(m.color.getHexString()).toBe('ff0000');
    expect(m.vertexColors).toBe(false);
  });

  it('a colour change re-tints the hovered part; disabling and dispose restore it and free the copies', () => {
    const f = fixture();
    const own = f.lit.material;
    const h = createHighlight(f.scope);
    h.apply({ enable: true, color: '#ffff00' }, undefined);
    f.hover(f.lit);
    const copy = f.lit.material;
    let disposed = 0;
    copy.addEventListener('dispose', () => disposed++);
    h.apply({ enable: true, color: '#0000ff' }, { enable: true, color: '#ffff00' });
    expect(f.lit.material.emissive.getHexString()).toBe('0000ff');
    expect(f.lit.material).toBe(copy); // the same copy, refreshed: no new program per change
    h.apply({ enable: false, color: '#0000ff' }, { enable: true, color: '#0000ff' });
    expect(f.lit.material).toBe(own);
    expect(disposed).toBe(1);
    h.apply({ enable: true, color: '#0000ff' }, { enable: false, color: '#0000ff' });
    expect(f.lit.material).not.toBe(own); // still hovered: shown again
    h.dispose();
    expect(f.lit.material).toBe(own);
    f.hover(f.lit); // no longer listening
    expect(f.lit.material).toBe(own);
  });

  it('leaves a material alone that another feature put on the part meanwhile', () => {
    const f = fixture();
    const h = createHighlight(f.scope);
    h.apply({ enable: true, color: '#ffff00' }, undefined);
    f.hover(f.lit);
    const replacement = new MeshBasicMaterial();
    f.lit.material = replacement as never;
    f.hover(null);
    expect(f.lit.material).toBe(replacement);
    h.dispose();
  });
});
