import { CanvasTexture, LinearFilter, Mesh, ShaderMaterial, type BufferAttribute, type BufferGeometry } from 'three';
import { CARD_RENDER_ORDER } from './batch';
import { drawQuads, quadGeometry, setQuad, uploadQuads } from './quads';

/**
 * Drawn after the cards' bodies (batch.ts), behind them in depth: where a whole card is, its body's
 * depth hides the pins, however see-through the body (issue 34 point 2). A whole card is what a
 * designer reads: a pin must neither cover its text nor show through it.
 */
const PIN_RENDER_ORDER = CARD_RENDER_ORDER + 3;
/** A single pin's diameter, and a cluster badge's, in CSS px. */
export const PIN_PX = 12;
export const BADGE_PX = 22;
/** Glyphs of the count texture: the ten digits, then '+' (counts above 99 read "99+"). */
const GLYPHS = '0123456789+';
const GLYPH_PX = 32;

/**
 * The anchors of cards not shown whole (declutter.ts): a pin (a dot in the card's colour) or, for
 * pins merged into a cluster, a badge with the count. All of them are ONE draw (quads.ts): a
 * screen-facing quad per pin whose fragment shader draws the disc, its ring and the count's digits
 * (from one small texture of glyphs). Sizes are CSS px whatever the distance.
 */
const VERTEX = /* glsl */ `
attribute vec3 pinAt;
attribute vec4 pinColour;
attribute vec4 pinDigits;
uniform vec2 viewport;
varying vec2 vLocal;
varying vec4 vColour;
varying vec4 vDigits;
varying float vSize;
void main() {
  vec4 clip = projectionMatrix * modelViewMatrix * vec4(pinAt, 1.0);
  float size = pinDigits.w > 1.5 ? ${BADGE_PX.toFixed(1)} : ${PIN_PX.toFixed(1)};
  // A quad of size CSS px around the anchor, in clip space (pixel ratio cancels out).
  clip.xy += position.xy * size * 2.0 / viewport * clip.w;
  // Window depth 0.5: behind every card body (bodies.ts, within 2^-8 of the near plane), in front
  // of the cleared depth the overlays are drawn on (engine/compose.ts).
  clip.z = 0.0;
  gl_Position = clip;
  vLocal = position.xy * 2.0;
  vColour = pinColour;
  vDigits = pinDigits;
  vSize = size;
}`;
const FRAGMENT = /* glsl */ `
uniform sampler2D glyphs;
varying vec2 vLocal;
varying vec4 vColour;
varying vec4 vDigits;
varying float vSize;
float glyph(float index, vec2 p) {
  // p in 0..1 inside the glyph's cell; the texture holds the glyphs side by side.
  if (p.x < 0.0 || p.x > 1.0 || p.y < 0.0 || p.y > 1.0) return 0.0;
  // The texture is uploaded flipped (three's flipY): v runs up, as p does.
  return texture2D(glyphs, vec2((index + p.x) / ${GLYPHS.length.toFixed(1)}, p.y)).a;
}
void main() {
  float r = length(vLocal);
  float aa = 2.0 / vSize;
  float disc = 1.0 - smoothstep(1.0 - aa, 1.0, r);
  if (disc <= 0.0) discard;
  // A dark ring keeps a pin readable on any background.
  float ring = smoothstep(1.0 - 3.0 * aa, 1.0 - 2.0 * aa, r);
  vec3 colour = mix(vColour.rgb, vec3(0.05), ring * 0.85);
  // The count, centred, white on the badge: up to three glyphs.
  // Varyings come interpolated (1.0 may arrive as 0.99999): whole numbers are rounded.
  float n = vDigits.w > 1.5 ? floor(vDigits.z + 0.5) : 0.0;
  if (n > 0.0) {
    // Each glyph's cell, in the badge's own units (radius 1): smaller when three glyphs must fit.
    vec2 cell = n < 3.0 ? vec2(0.75, 1.2) : vec2(0.6, 1.0);
    vec2 start = vec2(-cell.x * n * 0.5, -cell.y * 0.5);
    float ink = 0.0;
    for (int i = 0; i < 3; i++) {
      if (float(i) >= n) break;
      float idx = floor((i == 0 ? vDigits.x : (i == 1 ? vDigits.y : ${(GLYPHS.length - 1).toFixed(1)})) + 0.5);
      ink = max(ink, glyph(idx, (vLocal - start - vec2(cell.x * float(i), 0.0)) / cell));
    }
    colour = mix(colour, vec3(1.0), ink);
  }
  gl_FragColor = vec4(colour * disc * vColour.a, disc * vColour.a);
}`;

export interface PinDraw {
  /** The anchor in world coordinates. */
  x: number;
  y: number;
  z: number;
  /** Linear colour and opacity. */
  r: number;
  g: number;
  b: number;
  a: number;
  /** 1 for a single pin; more for a cluster badge. */
  count: number;
}

/** The count's glyph indices for the shader: two digits, how many glyphs, and the count ('99+' above 99). */
function digitsOf(count: number): [number, number, number, number] {
  if (count <= 1) return [0, 0, 0, count];
  if (count < 10) return [count, 0, 1, count];
  if (count < 100) return [Math.floor(count / 10), count % 10, 2, count];
  return [9, 9, 3, count];
}

function glyphTexture(): CanvasTexture {
  const canvas = new OffscreenCanvas(GLYPH_PX * GLYPHS.length, GLYPH_PX);
  const g = canvas.getContext('2d')!;
  g.fillStyle = '#fff';
  g.font = `bold ${Math.round(GLYPH_PX * 0.8)}px sans-serif`;
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  [...GLYPHS].forEach((c, i) => g.fillText(c, (i + 0.5) * GLYPH_PX, GLYPH_PX * 0.55));
  const texture = new CanvasTexture(canvas);
  texture.minFilter = LinearFilter;
  texture.generateMipmaps = false;
  texture.premultiplyAlpha = false;
  return texture;
}

const noRaycast = () => undefined;

export class PinBatch {
  private mesh: Mesh<BufferGeometry, ShaderMaterial> | null = null;
  private drawn = 0;
  private capacity = 0;
  private glyphs: CanvasTexture | null = null;
  private readonly material = new ShaderMaterial({
    vertexShader: VERTEX,
    fragmentShader: FRAGMENT,
    uniforms: { glyphs: { value: null }, viewport: { value: [1, 1] } },
    transparent: true,
    premultipliedAlpha: true,
    depthTest: true,
    depthWrite: false,
  });

  constructor(private readonly parent: { add(o: Mesh): unknown }) {
    this.material.toneMapped = false;
  }

  /** Show exactly these pins, for a canvas of width x height CSS px. */
  write(pins: readonly PinDraw[], width: number, height: number): void {
    if (pins.length > this.capacity) this.allocate(Math.max(64, 2 ** Math.ceil(Math.log2(pins.length))));
    const mesh = this.mesh;
    if (!mesh) return;
    const geo = mesh.geometry;
    const at = geo.getAttribute('pinAt') as BufferAttribute;
    const colour = geo.getAttribute('pinColour') as BufferAttribute;
    const digits = geo.getAttribute('pinDigits') as BufferAttribute;
    // Pins sit at world anchors and the shader places them: while the same pins show, the camera
    // moving changes nothing here, and nothing is uploaded (thousands of pins, every frame).
    const a = at.array as Float32Array;
    const c = colour.array as Float32Array;
    const d = digits.array as Float32Array;
    const f = Math.fround;
    let first = Infinity;
    let last = -1;
    for (let i = 0; i < pins.length; i++) {
      const p = pins[i]!;
      const [d0, d1, d2, d3] = digitsOf(p.count);
      // Pin i's values as its first vertex holds them (all four hold the same).
      const j = i * 12;
      const k = i * 16;
      if (
        a[j] === f(p.x) &&
        a[j + 1] === f(p.y) &&
        a[j + 2] === f(p.z) &&
        c[k] === f(p.r) &&
        c[k + 1] === f(p.g) &&
        c[k + 2] === f(p.b) &&
        c[k + 3] === f(p.a) &&
        d[k] === d0 &&
        d[k + 1] === d1 &&
        d[k + 2] === d2 &&
        d[k + 3] === d3
      )
        continue;
      setQuad(at, i, f(p.x), f(p.y), f(p.z));
      setQuad(colour, i, f(p.r), f(p.g), f(p.b), f(p.a));
      setQuad(digits, i, d0, d1, d2, d3);
      first = Math.min(first, i);
      last = i;
    }
    if (last >= 0) for (const attr of [at, colour, digits]) uploadQuads(attr, first, last);
    drawQuads(geo, pins.length);
    this.drawn = pins.length;
    mesh.visible = pins.length > 0;
    this.material.uniforms.viewport!.value = [width, height];
  }

  private allocate(capacity: number) {
    this.disposeMesh();
    this.capacity = capacity;
    const quads = quadGeometry(capacity, -0.5, [
      ['pinAt', 3],
      ['pinColour', 4],
      ['pinDigits', 4],
    ]);
    this.glyphs ??= glyphTexture();
    this.material.uniforms.glyphs!.value = this.glyphs;
    const mesh = new Mesh(quads, this.material);
    mesh.renderOrder = PIN_RENDER_ORDER;
    // Placed by the shader at each pin's anchor: three's bounds of the quads' corners mean nothing here.
    mesh.frustumCulled = false;
    mesh.raycast = noRaycast;
    mesh.name = 'dash3d-card-pins';
    this.parent.add(mesh);
    this.mesh = mesh;
  }

  private disposeMesh() {
    if (!this.mesh) return;
    this.mesh.removeFromParent();
    this.mesh.geometry.dispose();
    this.mesh = null;
    this.capacity = 0;
    this.drawn = 0;
  }

  /** Pins drawn after the last write. */
  get count(): number {
    return this.mesh ? this.drawn : 0;
  }

  /** Free the GPU buffers and the glyph texture (no card left); the next write makes them again. */
  clear(): void {
    this.disposeMesh();
    this.glyphs?.dispose();
    this.glyphs = null;
  }

  dispose(): void {
    this.disposeMesh();
    this.glyphs?.dispose();
    this.glyphs = null;
    this.material.dispose();
  }
}
