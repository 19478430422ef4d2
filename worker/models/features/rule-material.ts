import { Color, type Material, type Object3D, type Texture } from 'three';
import { setColour } from '../../util/colour';
import { materialList } from '../../util/materials';

/** An object that draws with materials (a mesh, line or points), as the rules change them. */
export type Drawable = Object3D & { material: Material | Material[] };
export const drawable = (o: Object3D): o is Drawable => (o as { material?: unknown }).material != null;
type Tintable = Material & {
  color?: Color;
  map?: Texture | null;
  emissive?: Color;
  emissiveIntensity?: number;
  emissiveMap?: Texture | null;
};

/** What a rule asks of one mesh's look now: null and 1 leave the material as it was. */
export interface RuleLook {
  colour: string | null;
  glow: { colour: string; intensity: number } | null;
  opacity: number;
}

export const NEUTRAL_LOOK: RuleLook = { colour: null, glow: null, opacity: 1 };

interface Base {
  color: Color | null;
  map: Texture | null | undefined;
  vertexColors: boolean;
  emissive: Color | null;
  emissiveIntensity: number;
  emissiveMap: Texture | null | undefined;
  opacity: number;
  transparent: boolean;
}

const sameLook = (a: RuleLook, b: RuleLook) =>
  a.colour === b.colour &&
  a.opacity === b.opacity &&
  (a.glow === b.glow || (!!a.glow && !!b.glow && a.glow.colour === b.glow.colour && a.glow.intensity === b.glow.intensity));

/**
 * The rules' own copies of the materials of a GROUP of meshes that wear the same material and are
 * under the same rules (so they always look alike: one copy serves them all, and the renderer keeps
 * switching materials as seldom as before), kept apart from the materials the file, the library and
 * treeConfig gave them: installed when the rules are applied (so a value change only writes colours
 * and numbers into them, never swaps materials or builds programs per change) and equal to what
 * they copy while no rule is active (the model looks exactly as without rules). `dispose` puts each
 * mesh's material back, unless something replaced the copies meanwhile.
 */
export class RuleMaterial {
  private readonly original: Material | Material[];
  /** Each mesh's own slot (meshes may hold equal arrays that are different objects): what dispose puts back. */
  private readonly originals: (Material | Material[])[];
  private readonly copies: Tintable[];
  private readonly bases: Base[];
  private readonly scratch = new Color();
  private shown: RuleLook = NEUTRAL_LOOK;

  /** `meshes`: at least one, all wearing the same material (slot) now. */
  constructor(readonly meshes: readonly Drawable[]) {
    this.original = meshes[0]!.material;
    this.originals = meshes.map((m) => m.material);
    const list = materialList(this.original) as Tintable[];
    this.copies = list.map((m) => m.clone());
    this.bases = list.map((m) => ({
      color: m.color?.isColor ? m.color.clone() : null,
      map: m.map,
      vertexColors: m.vertexColors,
      emissive: m.emissive?.isColor ? m.emissive.clone() : null,
      emissiveIntensity: m.emissiveIntensity ?? 1,
      emissiveMap: m.emissiveMap,
      opacity: m.opacity,
      transparent: m.transparent,
    }));
    for (const mesh of meshes) mesh.material = Array.isArray(this.original) ? [...this.copies] : (this.copies[0] ?? this.original);
  }

  set(look: RuleLook): boolean {
    if (sameLook(look, this.shown)) return false;
    this.shown = look;
    this.copies.forEach((m, i) => {
      const base = this.bases[i];
      if (base) this.write(m, base, look);
    });
    return true;
  }

  private write(m: Tintable, base: Base, look: RuleLook) {
    const transparent = base.transparent || look.opacity < 1;
    let rebuild = m.transparent !== transparent;
    m.transparent = transparent;
    m.opacity = base.opacity * look.opacity;
    // A colour replaces the colour map and vertex colours, as a part colour does (parts-material.ts).
    const colour = look.colour;
    if (m.color && base.color) {
      if (colour) setColour(m.color, colour);
      else m.color.copy(base.color);
      const map = colour ? null : (base.map ?? null);
      if (base.map !== undefined && m.map !== map) {
        m.map = map;
        rebuild = true;
      }
      const vertexColors = colour ? false : base.vertexColors;
      if (m.vertexColors !== vertexColors) {
        m.vertexColors = vertexColors;
        rebuild = true;
      }
    }
    const glow = look.glow;
    if (m.emissive && base.emissive) {
      if (glow) setColour(m.emissive, glow.colour);
      else m.emissive.copy(base.emissive);
      m.emissiveIntensity = glow ? glow.intensity : base.emissiveIntensity;
      const emissiveMap = glow ? null : (base.emissiveMap ?? null);
      if (base.emissiveMap !== undefined && m.emissiveMap !== emissiveMap) {
        m.emissiveMap = emissiveMap;
        rebuild = true;
      }
    } else if (glow && m.color && !colour) {
      // Unlit materials (basic, lines, points) cannot glow: they show the glow as their colour,
      // brightened by its intensity as far as it goes.
      m.color.copy(setColour(this.scratch, glow.colour)).multiplyScalar(Math.min(glow.intensity, 1));
    }
    // Only a change of maps, vertex colours or transparency changes the program key; a copy with
    // the same parameters finds its program cached.
    if (rebuild) m.needsUpdate = true;
  }

  dispose(): void {
    this.meshes.forEach((mesh, i) => {
      const installed = Array.isArray(mesh.material)
        ? mesh.material.every((m, k) => m === this.copies[k])
        : mesh.material === this.copies[0];
      if (installed) mesh.material = this.originals[i]!;
    });
    for (const c of this.copies) c.dispose();
  }
}
