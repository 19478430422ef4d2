import { Color, type Material, type Object3D, type Texture } from 'three';
import type { ModelConfig } from '../../../shared/schema/model';
import type { Feature } from '../../engine/context';
import { setColour } from '../../util/colour';
import type { ModelScope } from '../types';

type Drawable = Object3D & { material: Material | Material[] };
type Tintable = Material & {
  color?: Color;
  emissive?: Color;
  emissiveIntensity?: number;
  emissiveMap?: Texture | null;
  map?: Texture | null;
};

const drawable = (o: Object3D | null): o is Drawable => !!o && (o as { material?: unknown }).material != null;
const canTint = (m: Tintable) => !!m.emissive?.isColor || !!m.color?.isColor;

/**
 * highlightConfig: the part under the pointer (picking reports it through scope.onHover) is shown
 * in the highlight colour while hovered. The part gets copies of its materials: lit materials glow
 * with the colour as emissive light (shading stays readable), unlit ones (basic, points, lines)
 * take it as their colour, with texture and vertex colours off so the colour is what shows.
 * Shader materials have no colour to change and stay as they are.
 *
 * The copies are kept per source material while the feature is on, refreshed from the source on
 * every hover (a part colour or opacity changed meanwhile), so moving over a model does not create
 * and drop a shader program per hover. Leaving puts the part's own material back, unless something
 * else replaced it meanwhile; disabling or dispose frees every copy.
 */
export function createHighlight(scope: ModelScope): Feature<ModelConfig['highlightConfig']> {
  const { ctx, model } = scope;
  const colour = new Color();
  const copies = new Map<Material, Tintable>();
  let enabled = false;
  let hovered: Object3D | null = null;
  let shown: { part: Drawable; original: Material | Material[]; value: Material | Material[] } | null = null;

  const inModel = (o: Object3D) => {
    for (let p: Object3D | null = o; p; p = p.parent) if (p === model.object) return true;
    return false;
  };

  const tinted = (source: Material): Material => {
    if (!canTint(source)) return source;
    let copy = copies.get(source);
    if (copy) copy.copy(source);
    else copies.set(source, (copy = source.clone() as Tintable));
    if (copy.emissive?.isColor) {
      copy.emissive.copy(colour);
      copy.emissiveIntensity = 1;
      copy.emissiveMap = null;
    } else {
      copy.color!.copy(colour);
      copy.map = null;
      copy.vertexColors = false;
    }
    // Rebuilds the program key only: a copy with the same parameters finds its program cached.
    copy.needsUpdate = true;
    return copy;
  };

  const clear = () => {
    if (!shown) return;
    if (shown.part.material === shown.value) shown.part.material = shown.original;
    shown = null;
    ctx.invalidate();
  };

  const show = () => {
    clear();
    if (!enabled || !drawable(hovered) || !inModel(hovered)) return;
    const original = hovered.material;
    const value = Array.isArray(original) ? original.map(tinted) : tinted(original);
    if (value === original) return;
    hovered.material = value;
    shown = { part: hovered, original, value };
    ctx.invalidate();
  };

  const freeCopies = () => {
    for (const c of copies.values()) c.dispose();
    copies.clear();
  };

  const off = scope.onHover((part) => {
    hovered = part;
    show();
  });

  return {
    apply(next) {
      enabled = next.enable;
      setColour(colour, next.color);
      show(); // also puts the part back when disabled
      if (!enabled) freeCopies();
      ctx.invalidate();
    },
    dispose() {
      off();
      clear();
      freeCopies();
      hovered = null;
    },
  };
}
