import {
  BufferGeometry,
  CanvasTexture,
  Float32BufferAttribute,
  Group,
  Line,
  LineBasicMaterial,
  LinearFilter,
  Mesh,
  MeshBasicMaterial,
  PlaneGeometry,
  SRGBColorSpace,
} from 'three';
import type { CardInput } from './input';
import { layoutCard, paintCard, type CardLayout } from './paint';
import type { CardTheme } from './theme';
import { cssColour } from './colour';

/** Above everything else: a card is hidden by the anchor test (occlusion.ts), not by depth. */
const CARD_RENDER_ORDER = 1_000_000;

/**
 * One data card in the scene. Its group's local units are the card's CSS px (x right, y up) with
 * the anchor at the origin: the leader line runs from the origin to (lineWidth, lineHeight), the
 * body's bottom-left corner. placement.ts turns and scales the group each drawn frame. The body's
 * texture is redrawn only when what it shows (text, theme, active, layout, pixel ratio) changed.
 */
export class CardNode {
  readonly group = new Group();
  readonly body: Mesh<PlaneGeometry, MeshBasicMaterial>;
  readonly line: Line<BufferGeometry, LineBasicMaterial>;
  input: CardInput;
  layout: CardLayout = { width: 1, height: 1 };
  private readonly canvas = new OffscreenCanvas(1, 1);
  private texture: CanvasTexture | null = null;
  private drawnKey = '';
  private lineAlpha = 1;

  constructor(
    readonly id: string,
    input: CardInput,
  ) {
    this.input = input;
    this.body = new Mesh(
      // A unit plane with its bottom-left corner at the origin, scaled to the body's size in CSS px.
      new PlaneGeometry(1, 1).translate(0.5, 0.5, 0),
      new MeshBasicMaterial({ transparent: true, depthTest: false, depthWrite: false, toneMapped: false, fog: false }),
    );
    this.line = new Line(
      new BufferGeometry().setAttribute('position', new Float32BufferAttribute([0, 0, 0, 1, 1, 0], 3)),
      new LineBasicMaterial({ transparent: true, depthTest: false, depthWrite: false, toneMapped: false, fog: false }),
    );
    for (const o of [this.body, this.line]) {
      o.renderOrder = CARD_RENDER_ORDER;
      o.frustumCulled = false;
      o.userData.dash3dCard = id;
    }
    this.group.add(this.line, this.body);
    this.group.name = `card:${id}`;
  }

  /** Whether the texture was drawn at least once (a card is not shown before). */
  get drawn(): boolean {
    return this.texture !== null;
  }

  /** Bring the drawing up to date with the input, theme and pixel ratio; true when the texture was redrawn. */
  update(theme: CardTheme, pixelRatio: number): boolean {
    const { config, items, active } = this.input;
    const columns = Number(config.dataConfig.lineCount);
    const { cardWidth, lineWidth, lineHeight } = config.cardConfig;
    this.layout = layoutCard(cardWidth, columns, items.length, theme, active);
    this.body.scale.set(this.layout.width, this.layout.height, 1);
    this.body.position.set(lineWidth, lineHeight, 0);
    this.line.scale.set(lineWidth, lineHeight, 1);
    const { r, g, b, a } = cssColour((active ? theme.activeBody : theme.body).borderColor);
    this.line.material.color.setRGB(r / 255, g / 255, b / 255, SRGBColorSpace);
    this.lineAlpha = a;
    this.applyOpacity();

    const key = JSON.stringify([items, active, columns, this.layout, pixelRatio, theme]);
    if (key === this.drawnKey) return false;
    this.drawnKey = key;
    paintCard(this.canvas, this.layout, pixelRatio, items, columns, theme, active);
    const { width, height } = this.canvas;
    if (!this.texture || this.texture.image.width !== width || this.texture.image.height !== height) {
      // A texture's size is fixed once uploaded: a new size is a new texture.
      this.texture?.dispose();
      this.texture = new CanvasTexture(this.canvas);
      this.texture.colorSpace = SRGBColorSpace;
      this.texture.minFilter = LinearFilter;
      this.texture.generateMipmaps = false;
      this.body.material.map = this.texture;
      this.body.material.needsUpdate = true;
    } else this.texture.needsUpdate = true;
    return true;
  }

  private applyOpacity() {
    const { opacity } = this.input.config.meshConfig;
    this.body.material.opacity = opacity;
    this.line.material.opacity = opacity * this.lineAlpha;
  }

  dispose(): void {
    this.group.removeFromParent();
    this.texture?.dispose();
    this.body.material.dispose();
    this.line.material.dispose();
    this.line.geometry.dispose();
    this.body.geometry.dispose();
  }
}
