import { Color, Matrix4, SRGBColorSpace, Vector3 } from 'three';
import { looksActive, type CardInput } from './input';
import { layoutCard, paintCard, paintCells, type CardLayout, type PixelRect } from './paint';
import type { CardTheme } from './theme';
import { cssColour } from './colour';
import type { AtlasEntry } from './atlas';
import type { Slot } from './packer';

/** What `update` redrew: nothing, the whole canvas, or only this rectangle of it (some values changed). */
export type Redrawn = null | 'whole' | PixelRect;

/**
 * One data card of the layer. It owns no GPU object: its body is drawn into its own small canvas,
 * which the atlas copies into the cards' shared texture (atlas.ts), and batch.ts draws every card
 * at once. `matrix` takes the card's local units, CSS px with the anchor at the origin (x right,
 * y up), to the world: the leader line runs from the origin to (lineWidth, lineHeight), the body's
 * bottom-left corner. placement.ts sets it each drawn frame. The canvas is redrawn only when what
 * it shows (text, theme, active, layout, pixel ratio) changed, and only the changed items' cells
 * when nothing but values did (values change many times a second, the rest seldom).
 */
export class CardNode implements AtlasEntry {
  input: CardInput;
  layout: CardLayout = { width: 1, height: 1 };
  readonly canvas = new OffscreenCanvas(1, 1);
  slot: Slot | null = null;
  readonly matrix = new Matrix4();
  /** The world scale placement.ts worked out for this frame's camera (what `matrix` is composed with). */
  readonly scale = new Vector3();
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
  /** Its level as last decided by a pass (1 whole, 0 pin), -1 before: a change is counted (levels.ts). */
  decidedLevel = -1;
  /** Whether the canvas holds a drawing (a card is not shown before). */
  painted = false;
  /**
   * In a level that blinks: when it entered it (performance.now()), and whether this half period
   * shows it plain (blink.ts sets both); a blinking card is its level's colour every other half period.
   */
  blinkSince = 0;
  blinkOff = false;
  /** What the canvas shows: its look (theme, pixel ratio, layout…), labels and values. */
  private drawnLook = '';
  private drawnLabels: string[] = [];
  private drawnValues: string[] = [];

  constructor(
    readonly id: string,
    input: CardInput,
  ) {
    this.input = input;
  }

  /**
   * The body's size and the leader line's colour for the current input (cheap: no drawing), and
   * the theme the card is drawn with: a card in a level (levelConfig.levels) has its border, at
   * least ALARM_BORDER px wide, and its leader line in the level's colour (not in a blink's off half). Placement needs the size of a
   * card before its drawing is made (a card shown as a pin is never drawn).
   */
  measure(base: CardTheme): CardTheme {
    const { config, items } = this.input;
    const active = looksActive(this.input);
    // A blinking card's off half keeps the wider border in the theme's colour: its size stays.
    const theme = this.input.alarm ? alarmTheme(base, this.tint || null) : base;
    this.layout = layoutCard(config.cardConfig.cardWidth, Number(config.dataConfig.lineCount), items.length, theme, active);
    const { r, g, b, a } = cssColour((active ? theme.activeBody : theme.body).borderColor);
    this.lineColour.setRGB(r / 255, g / 255, b / 255, SRGBColorSpace);
    this.lineAlpha = a;
    return theme;
  }

  /** The colour of the level it is in, '' when normal or in a blink's off half. */
  get tint(): string {
    const level = this.input.alarm;
    return level && !(level.blink && this.blinkOff) ? level.color : '';
  }

  /** Drawn and in the atlas: it can be shown. */
  get drawn(): boolean {
    return this.painted && this.slot !== null;
  }

  /**
   * Bring the drawing up to date with the input, theme and pixel ratio; says what was redrawn.
   * `themeVersion` changes with every new theme: the theme itself is not compared.
   */
  update(base: CardTheme, themeVersion: number, pixelRatio: number): Redrawn {
    const { config, items } = this.input;
    const active = looksActive(this.input);
    const columns = Number(config.dataConfig.lineCount);
    const theme = this.measure(base);

    // What the drawing shows apart from the items' text: any change here redraws it whole.
    const tint = this.tint;
    const look = `${themeVersion}|${pixelRatio}|${columns}|${active}|${tint}|${this.layout.width}|${this.layout.height}`;
    // So does a new label (it may move its value) or item count; a new value redraws its cell only.
    const labels = items.map((item) => item.label);
    const values = items.map((item) => item.value);
    if (this.painted && look === this.drawnLook && sameList(labels, this.drawnLabels)) {
      const changed = changedAt(this.drawnValues, values);
      if (changed.length === 0) return null;
      this.drawnValues = values;
      return paintCells(this.canvas, this.layout, pixelRatio, items, changed, columns, theme, active);
    }
    this.drawnLook = look;
    this.drawnLabels = labels;
    this.drawnValues = values;
    paintCard(this.canvas, this.layout, pixelRatio, items, columns, theme, active);
    const body = active ? theme.activeBody : theme.body;
    this.bodyAlpha = cssColour(body.background).a;
    // Rounded corners and the border's antialiasing are less opaque than the inside.
    this.bodyInset = Math.max(body.borderRadius, body.borderWidth) + 1;
    this.painted = true;
    return 'whole';
  }
}

/** The border width (CSS px) of a card in alarm, at least: thin theme borders would not be seen. */
const ALARM_BORDER = 2;

/** The theme with both bodies' border (and so the leader line) in the level's colour (null: their own), fully opaque. */
function alarmTheme(theme: CardTheme, colour: string | null): CardTheme {
  const tint = (box: CardTheme['body']) => ({
    ...box,
    borderColor: colour ?? box.borderColor,
    borderWidth: Math.max(box.borderWidth, ALARM_BORDER),
  });
  return { ...theme, body: tint(theme.body), activeBody: tint(theme.activeBody) };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The indexes whose value differs (both lists as long: same labels). */
function changedAt(was: readonly string[], now: readonly string[]): number[] {
  const out: number[] = [];
  now.forEach((v, i) => {
    if (v !== was[i]) out.push(i);
  });
  return out;
}
