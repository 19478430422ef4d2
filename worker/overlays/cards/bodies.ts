import {
  DynamicDrawUsage,
  Matrix4,
  Mesh,
  NoBlending,
  ShaderMaterial,
  SRGBColorSpace,
  Vector3,
  type BufferAttribute,
  type BufferGeometry,
  type WebGLRenderer,
} from 'three';
import type { CardAtlas } from './atlas';
import type { CardNode } from './card';
import { drawQuads, QUAD_CORNERS, quadGeometry, setQuad, uploadQuads } from './quads';

/**
 * The atlas texel under each body pixel, its opacity per card. The atlas holds sRGB bytes as they
 * are (no decoding on sampling): drawing to the canvas, they go out unchanged, which is what three
 * does for an sRGB texture through linear and back (blending happens on the canvas' sRGB values in
 * both cases), without a per-pixel conversion each way, the costliest part of a card pixel on a
 * software rasteriser. Onto a canvas whose output is linear (renderConfig.outputEncoding) they are decoded.
 * Colour stays premultiplied by alpha, as the canvases hold it, and is blended as such.
 */
const VERTEX = /* glsl */ `
attribute vec4 cardUv;
attribute float cardAlpha;
attribute float cardDepth;
varying vec2 vCardUv;
varying float vCardAlpha;
void main() {
  vCardUv = cardUv.xy + uv * cardUv.zw;
  vCardAlpha = cardAlpha;
  // position: the corner in world units (BodyQuads.set); the mesh stays where the world's origin is.
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
  // The card's own depth, in front of the whole scene (see CARD_DEPTH_STEP), whatever its place.
  gl_Position.z = (2.0 * cardDepth - 1.0) * gl_Position.w;
}`;

/**
 * Depth between cards (window depth units, a few hundred steps of a 24-bit buffer each). The card
 * k-th nearest has its opaque core (coreOf) at (2k + 1) steps and its body at (2k + 2): a body
 * is not blended again where its own core or a nearer one is drawn. Cards are drawn after the
 * scene with the depth buffer cleared (engine/compose.ts): a card is hidden by its anchor's
 * occlusion test, never by a model in front of its body (spec §3). Every body writes its depth,
 * whatever its opacity: the pins drawn after them (pins.ts) do not show through a whole card.
 */
const CARD_DEPTH_STEP = 2 ** -16;
const FRAGMENT = /* glsl */ `
uniform sampler2D atlas;
uniform bool srgbOut;
varying vec2 vCardUv;
varying float vCardAlpha;
void main() {
  vec4 texel = texture2D(atlas, vCardUv);
  if (!srgbOut && texel.a > 0.0) {
    vec4 straight = linearToOutputTexel(sRGBTransferEOTF(vec4(texel.rgb / texel.a, texel.a)));
    texel.rgb = straight.rgb * texel.a;
  }
  gl_FragColor = texel * vCardAlpha;
}`;

/** The part of a body to draw, as shares of its width and height from its bottom-left corner. */
export interface BodyCrop {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}
export const WHOLE: BodyCrop = { x0: 0, x1: 1, y0: 0, y1: 1 };

/**
 * The depth step between cards for n of them (see CARD_DEPTH_STEP): all of them within 2^-8 of the
 * near plane, however many always-show cards a space has, and never closer than 2 steps of a 24-bit buffer.
 */
export const depthStep = (n: number) => Math.max(2 ** -23, Math.min(CARD_DEPTH_STEP, 2 ** -8 / (2 * n + 2)));

/**
 * The opaque inside of a fully opaque body (an opaque theme, shown whole, not see-through): the
 * part of `crop` at least `bodyInset` CSS px inside its edges, where rounded corners and the
 * border's antialiasing are not (card.ts). Null when the body is not opaque or nothing is left.
 */
export function coreOf(card: CardNode, crop: BodyCrop, alpha: number): BodyCrop | null {
  if (card.bodyAlpha * alpha < 1) return null;
  const ix = card.bodyInset / card.layout.width;
  const iy = card.bodyInset / card.layout.height;
  const core = { x0: Math.max(crop.x0, ix), x1: Math.min(crop.x1, 1 - ix), y0: Math.max(crop.y0, iy), y1: Math.min(crop.y1, 1 - iy) };
  return core.x1 > core.x0 && core.y1 > core.y0 ? core : null;
}

const _m = new Matrix4();
const _v = new Vector3();
const noRaycast = () => undefined;

/**
 * Card bodies (or parts of them) as ONE draw of quads (quads.ts): per quad its corners in the
 * world, its atlas rectangle, its opacity and its depth. Blended (the bodies, written far to near) or opaque (their
 * cores, written near to far: a farther core is not drawn where a nearer one already is).
 */
export class BodyQuads {
  readonly mesh: Mesh<BufferGeometry, ShaderMaterial>;
  private readonly uv = [0, 0, 0, 0];

  constructor(
    private readonly atlas: CardAtlas,
    material: ShaderMaterial,
    capacity: number,
    renderOrder: number,
  ) {
    const quads = quadGeometry(capacity, 0, [
      ['cardUv', 4],
      ['cardAlpha', 1],
      ['cardDepth', 1],
    ]);
    // The corners move with the camera (a card faces it): written every frame.
    (quads.getAttribute('position') as BufferAttribute).setUsage(DynamicDrawUsage);
    this.mesh = new Mesh(quads, material);
    this.mesh.renderOrder = renderOrder;
    this.mesh.frustumCulled = false;
    // Cards are found by their screen quads (click.ts), never by rays through the scene.
    this.mesh.raycast = noRaycast;
  }

  /** Quad i: the part `c` of the card's body, at this opacity and window depth. */
  set(i: number, card: CardNode, c: BodyCrop, alpha: number, depth: number): void {
    const { lineWidth, lineHeight } = card.input.config.cardConfig;
    const { width, height } = card.layout;
    // Card px -> world: the body (or its part) is a unit quad moved to the end of the leader line and sized.
    _m.makeScale(width * (c.x1 - c.x0), height * (c.y1 - c.y0), 1)
      .setPosition(lineWidth + width * c.x0, lineHeight + height * c.y0, 0)
      .premultiply(card.matrix);
    // Quad i's corners (unit quad 0..1, PlaneGeometry's order: quads.ts) into the world.
    const position = this.attribute('position');
    QUAD_CORNERS.forEach(([x, y], k) => {
      _v.set(x, y, 0).applyMatrix4(_m);
      position.setXYZ(i * 4 + k, _v.x, _v.y, _v.z);
    });
    const uv = this.uv;
    this.atlas.uvRect(card, uv, 0);
    const [u = 0, v = 0, du = 0, dv = 0] = uv;
    setQuad(this.attribute('cardUv'), i, u + c.x0 * du, v + c.y0 * dv, (c.x1 - c.x0) * du, (c.y1 - c.y0) * dv);
    setQuad(this.attribute('cardAlpha'), i, alpha);
    setQuad(this.attribute('cardDepth'), i, depth);
  }

  /** Draw the first n quads; only that part of each buffer goes to the GPU. */
  finish(n: number): void {
    drawQuads(this.mesh.geometry, n);
    this.mesh.visible = n > 0;
    for (const name of ['position', 'cardUv', 'cardAlpha', 'cardDepth']) uploadQuads(this.attribute(name), 0, n - 1);
  }

  dispose(): void {
    this.mesh.removeFromParent();
    this.mesh.geometry.dispose();
  }

  private attribute(name: string) {
    return this.mesh.geometry.getAttribute(name) as BufferAttribute;
  }
}

/**
 * The bodies' material (blended, premultiplied, tested against nearer cards' cores and bodies) or
 * the cores' (opaque: no blending). Both write depth (CARD_DEPTH_STEP).
 */
export function bodyMaterial(opaque: boolean): ShaderMaterial {
  const material = new ShaderMaterial({
    vertexShader: VERTEX,
    fragmentShader: FRAGMENT,
    uniforms: { atlas: { value: null }, srgbOut: { value: true } },
    // Both are drawn after the scene, cores first (the render order of the transparent list).
    transparent: true,
    // The atlas holds premultiplied colour: blended as such (the same result as straight colour).
    premultipliedAlpha: true,
    depthTest: true,
    // A see-through body too: what is under a whole card on screen is the card's (issue 34 point 2).
    depthWrite: true,
  });
  if (opaque) material.blending = NoBlending;
  material.toneMapped = false;
  return material;
}

/** Before a draw of `material`: the atlas brought up to date, and how to write for the target. */
export function prepareBodies(renderer: WebGLRenderer, material: ShaderMaterial, atlas: CardAtlas, live: Iterable<CardNode>): void {
  atlas.flush(renderer, live);
  material.uniforms.atlas!.value = atlas.texture;
  // three encodes for the canvas' colour space, and keeps any other target linear.
  material.uniforms.srgbOut!.value = renderer.getRenderTarget() === null && renderer.outputColorSpace === SRGBColorSpace;
  material.uniformsNeedUpdate = true;
}
