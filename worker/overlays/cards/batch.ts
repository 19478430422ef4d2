import {
  BufferGeometry,
  DynamicDrawUsage,
  Float32BufferAttribute,
  Group,
  InstancedBufferAttribute,
  InstancedMesh,
  LineBasicMaterial,
  LineSegments,
  Matrix4,
  PlaneGeometry,
  ShaderMaterial,
  SRGBColorSpace,
  Vector3,
  type BufferAttribute,
  type WebGLRenderer,
} from 'three';
import type { CardAtlas } from './atlas';
import type { CardNode } from './card';

/** Above everything else: a card is hidden by the anchor test (occlusion.ts), not by depth. */
export const CARD_RENDER_ORDER = 1_000_000;

/**
 * The atlas texel under each body pixel, its opacity per card. The atlas holds sRGB bytes as they
 * are (no decoding on sampling): drawing to the canvas, they go out unchanged, which is what three
 * does for an sRGB texture through linear and back (blending happens on the canvas' sRGB values in
 * both cases), without a per-pixel conversion each way, the costliest part of a card pixel on a
 * software rasteriser. Into a linear target (a composer) they are decoded, then encoded for it.
 * Colour stays premultiplied by alpha, as the canvases hold it, and is blended as such.
 */
const VERTEX = /* glsl */ `
attribute vec4 cardUv;
attribute float cardAlpha;
varying vec2 vCardUv;
varying float vCardAlpha;
void main() {
  vCardUv = cardUv.xy + uv * cardUv.zw;
  vCardAlpha = cardAlpha;
  gl_Position = projectionMatrix * modelViewMatrix * instanceMatrix * vec4(position, 1.0);
}`;
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
/** A body to draw: all of it (crop null), or the part cover.ts found may show. */
export interface DrawnBody {
  card: CardNode;
  crop: BodyCrop | null;
}
const WHOLE: BodyCrop = { x0: 0, x1: 1, y0: 0, y1: 1 };

const _m = new Matrix4();
const _a = new Vector3();
const _b = new Vector3();
const noRaycast = () => undefined;

/**
 * All shown cards in two draw calls: ONE InstancedMesh for the bodies (per card: a matrix, its
 * atlas rectangle, its opacity) and ONE LineSegments for the leader lines (per vertex colour with
 * alpha). Bodies are written far to near: without depth testing, the nearer card covers the
 * farther. Buffers grow (doubling) with the number of shown cards; `dispose` frees them all.
 */
export class CardBatch {
  readonly root = new Group();
  private capacity = 0;
  private bodies: InstancedMesh<BufferGeometry, ShaderMaterial> | null = null;
  private lines: LineSegments<BufferGeometry, LineBasicMaterial> | null = null;
  private readonly material = new ShaderMaterial({
    vertexShader: VERTEX,
    fragmentShader: FRAGMENT,
    uniforms: { atlas: { value: null }, srgbOut: { value: true } },
    transparent: true,
    // The atlas holds premultiplied colour: blended as such (the same result as straight colour).
    premultipliedAlpha: true,
    depthTest: false,
    depthWrite: false,
  });
  private readonly lineMaterial = new LineBasicMaterial({
    vertexColors: true,
    transparent: true,
    depthTest: false,
    depthWrite: false,
    toneMapped: false,
    fog: false,
  });
  private uv: number[] = [];

  constructor(
    private readonly atlas: CardAtlas,
    private readonly live: () => Iterable<CardNode>,
  ) {
    this.material.toneMapped = false;
    this.root.name = 'dash3d-cards';
  }

  /** Show these bodies (sorted far to near) and these leader lines, nothing else. */
  write(shown: readonly DrawnBody[], withLines: readonly CardNode[]): void {
    const need = Math.max(shown.length, withLines.length);
    if (need > this.capacity) this.allocate(Math.max(64, 2 ** Math.ceil(Math.log2(need))));
    const bodies = this.bodies;
    const lines = this.lines;
    if (!bodies || !lines) return;
    const geometry = bodies.geometry;
    const uvAttr = geometry.getAttribute('cardUv') as InstancedBufferAttribute;
    const alphaAttr = geometry.getAttribute('cardAlpha') as InstancedBufferAttribute;
    const pos = lines.geometry.getAttribute('position') as BufferAttribute;
    const col = lines.geometry.getAttribute('color') as BufferAttribute;
    const uv = this.uv;
    shown.forEach(({ card, crop }, i) => {
      const { lineWidth, lineHeight } = card.input.config.cardConfig;
      const { width, height } = card.layout;
      const c = crop ?? WHOLE;
      // Card px -> world: the body (or its part) is a unit quad moved to the end of the leader line and sized.
      _m.makeScale(width * (c.x1 - c.x0), height * (c.y1 - c.y0), 1)
        .setPosition(lineWidth + width * c.x0, lineHeight + height * c.y0, 0)
        .premultiply(card.matrix);
      bodies.setMatrixAt(i, _m);
      this.atlas.uvRect(card, uv, 0);
      const [u = 0, v = 0, du = 0, dv = 0] = uv;
      uvAttr.setXYZW(i, u + c.x0 * du, v + c.y0 * dv, (c.x1 - c.x0) * du, (c.y1 - c.y0) * dv);
      alphaAttr.setX(i, card.input.config.meshConfig.opacity * Math.max(0, card.fade));
    });
    withLines.forEach((card, i) => {
      const { lineWidth, lineHeight } = card.input.config.cardConfig;
      _a.set(0, 0, 0).applyMatrix4(card.matrix);
      _b.set(lineWidth, lineHeight, 0).applyMatrix4(card.matrix);
      pos.setXYZ(2 * i, _a.x, _a.y, _a.z);
      pos.setXYZ(2 * i + 1, _b.x, _b.y, _b.z);
      const c = card.lineColour;
      const alpha = card.input.config.meshConfig.opacity * card.lineAlpha * Math.max(0, card.fade);
      col.setXYZW(2 * i, c.r, c.g, c.b, alpha);
      col.setXYZW(2 * i + 1, c.r, c.g, c.b, alpha);
    });
    const n = shown.length;
    const l = withLines.length;
    bodies.count = n;
    lines.geometry.setDrawRange(0, 2 * l);
    for (const [attr, size, count] of [
      [bodies.instanceMatrix, 16, n],
      [uvAttr, 4, n],
      [alphaAttr, 1, n],
      [pos, 6, l],
      [col, 8, l],
    ] as const) {
      // Only the part in use goes to the GPU.
      attr.clearUpdateRanges();
      if (count > 0) attr.addUpdateRange(0, count * size);
      attr.needsUpdate = true;
    }
    bodies.visible = n > 0;
    lines.visible = l > 0;
  }

  private allocate(capacity: number) {
    this.disposeMeshes();
    this.capacity = capacity;
    const quad = new PlaneGeometry(1, 1).translate(0.5, 0.5, 0);
    quad.setAttribute('cardUv', new InstancedBufferAttribute(new Float32Array(capacity * 4), 4).setUsage(DynamicDrawUsage));
    quad.setAttribute('cardAlpha', new InstancedBufferAttribute(new Float32Array(capacity), 1).setUsage(DynamicDrawUsage));
    const bodies = new InstancedMesh(quad, this.material, capacity);
    bodies.instanceMatrix.setUsage(DynamicDrawUsage);
    // The atlas is brought up to date by the renderer about to draw the bodies.
    bodies.onBeforeRender = (renderer: WebGLRenderer) => {
      this.atlas.flush(renderer, this.live());
      this.material.uniforms.atlas!.value = this.atlas.texture;
      // three encodes for the canvas' colour space, and keeps any other target linear.
      this.material.uniforms.srgbOut!.value = renderer.getRenderTarget() === null && renderer.outputColorSpace === SRGBColorSpace;
      this.material.uniformsNeedUpdate = true;
    };
    const segments = new BufferGeometry();
    segments.setAttribute('position', new Float32BufferAttribute(new Float32Array(capacity * 6), 3).setUsage(DynamicDrawUsage));
    segments.setAttribute('color', new Float32BufferAttribute(new Float32Array(capacity * 8), 4).setUsage(DynamicDrawUsage));
    const lines = new LineSegments(segments, this.lineMaterial);
    lines.renderOrder = CARD_RENDER_ORDER;
    bodies.renderOrder = CARD_RENDER_ORDER + 1;
    for (const o of [bodies, lines]) {
      o.frustumCulled = false;
      // Cards are found by their screen quads (click.ts), never by rays through the scene.
      o.raycast = noRaycast;
      this.root.add(o);
    }
    this.bodies = bodies;
    this.lines = lines;
  }

  private disposeMeshes() {
    if (this.bodies) {
      this.bodies.removeFromParent();
      this.bodies.geometry.dispose();
      this.bodies.dispose();
    }
    if (this.lines) {
      this.lines.removeFromParent();
      this.lines.geometry.dispose();
    }
    this.bodies = null;
    this.lines = null;
    this.capacity = 0;
  }

  /** Free every GPU buffer and the atlas (no card left, or the layer is disposed). */
  clear(): void {
    this.disposeMeshes();
    this.atlas.dispose();
    this.material.uniforms.atlas!.value = null;
  }

  dispose(): void {
    this.clear();
    this.material.dispose();
    this.lineMaterial.dispose();
    this.root.removeFromParent();
  }
}
