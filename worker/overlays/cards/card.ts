import { Color, Matrix4, SRGBColorSpace } from 'three';
import type { CardInput } from './input';
import { layoutCard, paintCard, type CardLayout } from './paint';
import type { CardTheme } from './theme';
import { cssColour } from './colour';
import type { AtlasEntry } from './atlas';
import type { Slot } from './packer';

/**
 * One data card of the layer. It owns no GPU object: its body is drawn into its own small canvas,
 * which the atlas copies into the cards' shared texture (atlas.ts), and batch.ts draws every card
 * at once. `matrix` takes the card's local units, CSS px with the anchor at the origin (x right,
 * y up), to the world: the leader line runs from the origin to (lineWidth, lineHeight), the body's
 * bottom-left corner. placement.ts sets it each drawn frame. The canvas is redrawn only when what
 * it shows (text, theme, active, layout, pixel ratio) changed.
 */
export class CardNode implements AtlasEntry {
  input: CardInput;
  layout: CardLayout = { width: 1, height: 1 };
  readonly canvas = new OffscreenCanvas(1, 1);
  slot: Slot | null = null;
  readonly matrix = new Matrix4();
  /** The leader line's colour (linear, as vertex colours are) and alpha, from the theme's border colour. */
  readonly lineColour = new Color();
  lineAlpha = 1;
  /**
   * How opaque the drawn body is at least, inside `bodyInset` CSS px from its edges (its background:
   * text and item boxes drawn over it only add): cover.ts lets such a body hide those behind it.
   */
  bodyAlpha = 0;
  bodyInset = 0;
  /**
   * 1 shown whole, 0 shown as a pin, in between while it fades from one to the other (index.ts);
   * below 0 until its first placement pass has decided.
   */
  fade = -1;
  /** Whether the canvas holds a drawing (a card is not shown before). */
  painted = false;
  private drawnKey = '';

  constructor(
    readonly id: string,
    input: CardInput,
  ) {
    this.input = input;
  }

  /** Drawn and in the atlas: it can be shown. */
  get drawn(): boolean {
    return this.painted && this.slot !== null;
  }

  /**
   * Bring the drawing up to date with the input, theme and pixel ratio; true when the canvas was
   * redrawn. `themeVersion` changes with every new theme: the theme itself is not compared.
   */
  update(theme: CardTheme, themeVersion: number, pixelRatio: number): boolean {
    const { config, items, active } = this.input;
    const columns = Number(config.dataConfig.lineCount);
    this.layout = layoutCard(config.cardConfig.cardWidth, columns, items.length, theme, active);
    const { r, g, b, a } = cssColour((active ? theme.activeBody : theme.body).borderColor);
    this.lineColour.setRGB(r / 255, g / 255, b / 255, SRGBColorSpace);
    this.lineAlpha = a;

    let key = `${themeVersion}|${pixelRatio}|${columns}|${active}|${this.layout.width}|${this.layout.height}`;
    for (const item of items) key += `\u0000${item.label}\u0001${item.value}`;
    if (key === this.drawnKey && this.painted) return false;
    this.drawnKey = key;
    paintCard(this.canvas, this.layout, pixelRatio, items, columns, theme, active);
    const body = active ? theme.activeBody : theme.body;
    this.bodyAlpha = cssColour(body.background).a;
    // Rounded corners and the border's antialiasing are less opaque than the inside.
    this.bodyInset = Math.max(body.borderRadius, body.borderWidth) + 1;
    this.painted = true;
    return true;
  }
}
