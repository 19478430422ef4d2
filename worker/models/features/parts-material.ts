import { Color, type Material, type Object3D, type Texture } from 'three';
import { setColour } from '../../util/colour';
import { materialList } from '../../util/materials';

type Drawable = Object3D & { material: Material | Material[] };
type Coloured = Material & { color?: Color; map?: Texture | null; vertexColors: boolean };

/** What a clone started as, so "no colour" and "opacity 1" give back exactly the file's look. */
interface Base {
  color: Color | null;
  map: Texture | null | undefined;
  vertexColors: boolean;
  opacity: number;
  transparent: boolean;
}

export const hasMaterial = (o: Object3D): o is Drawable => (o as { material?: unknown }).material != null;

/**
 * Colour and opacity of ONE mesh, Points or Line. Its material is cloned the first time it needs a
 * change, because materials are shared between parts and a part's colour must not leak to its
 * siblings. The clone stays until dispose even when the settings go back to neutral: features
 * after this one (point colour, highlight) may have changed it, and swapping the original back in
 * would silently drop their changes.
 */
export class PartMaterial {
  private readonly original: Material | Material[];
  private clones: Coloured[] | null = null;
  private bases: Base[] = [];
  private colour = '';
  private opacity = 1;

  constructor(private readonly mesh: Drawable) {
    this.original = mesh.material;
  }

  get shownOpacity(): number {
    return this.opacity;
  }

  /**
   * `colour` '' keeps the file's colour. A colour replaces the base colour map and vertex colours
   * too: the designer asked for the part to BE that colour, and a texture multiplied by it would
   * show something else. Lighting, normal and emissive maps stay.
   */
  set(colour: string, opacity: number): void {
    if (colour === this.colour && opacity === this.opacity) return;
    if (!this.clones && colour === '' && opacity === 1) return;
    const colourChanged = colour !== this.colour;
    this.colour = colour;
    this.opacity = opacity;
    const clones = this.ensureClones();
    clones.forEach((m, i) => {
      const base = this.bases[i]; // made with the clones, one each
      if (!base) return;
      const alpha = base.opacity * opacity;
      const transparent = base.transparent || opacity < 1;
      if (m.transparent !== transparent) {
        m.transparent = transparent;
        m.needsUpdate = true;
      }
      m.opacity = alpha;
      if (!colourChanged || !m.color || !base.color) return;
      const map = colour ? null : base.map;
      const vertexColors = colour ? false : base.vertexColors;
      if (colour) setColour(m.color, colour);
      else m.color.copy(base.color);
      if (base.map !== undefined && m.map !== map) {
        m.map = map ?? null;
        m.needsUpdate = true;
      }
      if (m.vertexColors !== vertexColors) {
        m.vertexColors = vertexColors;
        m.needsUpdate = true;
      }
    });
  }

  private ensureClones(): Coloured[] {
    if (this.clones) return this.clones;
    // The material as it was when parts were set up (library materials already assigned), even if
    // something later (a hover highlight) shows another one for a moment.
    const list = materialList(this.original) as Coloured[];
    this.clones = list.map((m) => m.clone());
    this.bases = list.map((m) => ({
      color: m.color?.isColor ? m.color.clone() : null,
      map: m.map,
      vertexColors: m.vertexColors,
      opacity: m.opacity,
      transparent: m.transparent,
    }));
    this.mesh.material = Array.isArray(this.original) ? [...this.clones] : (this.clones[0] ?? this.original);
    return this.clones;
  }

  /** Put the file's material back and free the clones (textures are shared with the original, kept). */
  dispose(): void {
    if (!this.clones) return;
    this.mesh.material = this.original;
    for (const c of this.clones) c.dispose();
    this.clones = null;
  }
}
