import {
  BufferGeometry,
  DynamicDrawUsage,
  Float32BufferAttribute,
  Group,
  LineBasicMaterial,
  LineSegments,
  Vector3,
  type BufferAttribute,
  type WebGLRenderer,
} from 'three';
import type { CardAtlas } from './atlas';
import { bodyMaterial, BodyQuads, coreOf, depthStep, prepareBodies, WHOLE, type BodyCrop } from './bodies';
import type { CardNode } from './card';

export type { BodyCrop } from './bodies';

/** Above everything else: a card is hidden by the anchor test (occlusion.ts), not by depth. */
export const CARD_RENDER_ORDER = 1_000_000;

/** A body to draw: all of it (crop null), or the part cover.ts found may show. */
export interface DrawnBody {
  card: CardNode;
  crop: BodyCrop | null;
}
const _a = new Vector3();
const _b = new Vector3();
const noRaycast = () => undefined;

/**
 * All shown cards in three draw calls (bodies.ts): ONE draw of plain quads (quads.ts) for the
 * bodies (blended, far to near: the nearer card covers the farther), ONE for the opaque cores of the fully opaque ones
 * (drawn first, near to far, depth written: no body is blended again over them) and ONE
 * LineSegments for the leader lines (per vertex colour with alpha). Buffers grow (doubling) with
 * the number of shown cards; `dispose` frees them all.
 */
export class CardBatch {
  readonly root = new Group();
  private capacity = 0;
  private bodies: BodyQuads | null = null;
  private cores: BodyQuads | null = null;
  private lines: LineSegments<BufferGeometry, LineBasicMaterial> | null = null;
  private readonly material = bodyMaterial(false);
  private readonly coreMaterial = bodyMaterial(true);
  private readonly lineMaterial = new LineBasicMaterial({
    vertexColors: true,
    transparent: true,
    depthTest: false,
    depthWrite: false,
    toneMapped: false,
    fog: false,
  });

  constructor(
    private readonly atlas: CardAtlas,
    private readonly live: () => Iterable<CardNode>,
  ) {
    this.root.name = 'dash3d-cards';
  }

  /** Show these bodies (sorted far to near) and these leader lines, nothing else. */
  write(shown: readonly DrawnBody[], withLines: readonly CardNode[]): void {
    const need = Math.max(shown.length, withLines.length);
    if (need > this.capacity) this.allocate(Math.max(64, 2 ** Math.ceil(Math.log2(need))));
    const { bodies, cores, lines } = this;
    if (!bodies || !cores || !lines) return;
    const pos = lines.geometry.getAttribute('position') as BufferAttribute;
    const col = lines.geometry.getAttribute('color') as BufferAttribute;
    const n = shown.length;
    // The k-th nearest card: its core at (2k + 1) steps, its body behind it at (2k + 2).
    const step = depthStep(n);
    const alphaOf = (card: CardNode) => card.input.config.meshConfig.opacity * Math.max(0, card.fade);
    shown.forEach(({ card, crop }, i) => bodies.set(i, card, crop ?? WHOLE, alphaOf(card), (2 * (n - 1 - i) + 2) * step));
    let c = 0;
    for (let i = n - 1; i >= 0; i--) {
      const { card, crop } = shown[i]!;
      const core = coreOf(card, crop ?? WHOLE, alphaOf(card));
      if (core) cores.set(c++, card, core, 1, (2 * (n - 1 - i) + 1) * step);
    }
    withLines.forEach((card, i) => {
      const { lineWidth, lineHeight } = card.input.config.cardConfig;
      _a.set(0, 0, 0).applyMatrix4(card.matrix);
      _b.set(lineWidth, lineHeight, 0).applyMatrix4(card.matrix);
      pos.setXYZ(2 * i, _a.x, _a.y, _a.z);
      pos.setXYZ(2 * i + 1, _b.x, _b.y, _b.z);
      const colour = card.lineColour;
      const alpha = card.input.config.meshConfig.opacity * card.lineAlpha * Math.max(0, card.fade);
      col.setXYZW(2 * i, colour.r, colour.g, colour.b, alpha);
      col.setXYZW(2 * i + 1, colour.r, colour.g, colour.b, alpha);
    });
    bodies.finish(n);
    cores.finish(c);
    const l = withLines.length;
    lines.geometry.setDrawRange(0, 2 * l);
    for (const [attr, size] of [
      [pos, 6],
      [col, 8],
    ] as const) {
      // Only the part in use goes to the GPU.
      attr.clearUpdateRanges();
      if (l > 0) attr.addUpdateRange(0, l * size);
      attr.needsUpdate = true;
    }
    lines.visible = l > 0;
  }

  private allocate(capacity: number) {
    this.disposeMeshes();
    this.capacity = capacity;
    // Lines first, then the cores, then the bodies: all after the scene.
    const bodies = new BodyQuads(this.atlas, this.material, capacity, CARD_RENDER_ORDER + 2);
    const cores = new BodyQuads(this.atlas, this.coreMaterial, capacity, CARD_RENDER_ORDER + 1);
    // The atlas is brought up to date by the renderer about to draw the cores or bodies (the first of them drawn).
    for (const [quads, material] of [
      [bodies, this.material],
      [cores, this.coreMaterial],
    ] as const)
      quads.mesh.onBeforeRender = (renderer: WebGLRenderer) => prepareBodies(renderer, material, this.atlas, this.live());
    const segments = new BufferGeometry();
    segments.setAttribute('position', new Float32BufferAttribute(new Float32Array(capacity * 6), 3).setUsage(DynamicDrawUsage));
    segments.setAttribute('color', new Float32BufferAttribute(new Float32Array(capacity * 8), 4).setUsage(DynamicDrawUsage));
    const lines = new LineSegments(segments, this.lineMaterial);
    lines.renderOrder = CARD_RENDER_ORDER;
    lines.frustumCulled = false;
    // Cards are found by their screen quads (click.ts), never by rays through the scene.
    lines.raycast = noRaycast;
    this.root.add(lines, cores.mesh, bodies.mesh);
    this.bodies = bodies;
    this.cores = cores;
    this.lines = lines;
  }

  private disposeMeshes() {
    this.bodies?.dispose();
    this.cores?.dispose();
    if (this.lines) {
      this.lines.removeFromParent();
      this.lines.geometry.dispose();
    }
    this.bodies = null;
    this.cores = null;
    this.lines = null;
    this.capacity = 0;
  }

  /** Free every GPU buffer and the atlas (no card left, or the layer is disposed). */
  clear(): void {
    this.disposeMeshes();
    this.atlas.dispose();
    this.material.uniforms.atlas!.value = null;
    this.coreMaterial.uniforms.atlas!.value = null;
  }

  dispose(): void {
    this.clear();
    this.material.dispose();
    this.coreMaterial.dispose();
    this.lineMaterial.dispose();
    this.root.removeFromParent();
  }
}
