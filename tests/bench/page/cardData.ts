import type { CardDraw, CardItemText } from '../../../shared/overlays';
import type { CardConfigInput } from '../../../shared/schema/card';

/** Each card's three data items (label and a value that changes 10 times a second). */
export const LABELS = ['Temperature', 'Pressure', 'Flow'] as const;
/** How often every card's values change (ms): 10 times a second, as the issue asks. */
export const UPDATE_MS = 100;
/** Card body width (CSS px), the same in both techniques. */
export const CARD_WIDTH = 130;

/** Anchor of card i of n: a grid over the plant floor (scenes.ts spreads its meshes over 880 x 880), 50 units up. */
export function anchor(i: number, n: number): { x: number; y: number; z: number } {
  const side = Math.ceil(Math.sqrt(n));
  const spacing = 880 / side;
  return { x: ((i % side) - (side - 1) / 2) * spacing, y: 50, z: (Math.floor(i / side) - (side - 1) / 2) * spacing };
}

/** Card i's value texts at update `tick`: every value differs from the previous tick's. */
export function values(i: number, tick: number): string[] {
  const t = tick + i;
  return [`${(20 + (t % 100) / 10).toFixed(1)} °C`, `${(1 + (t % 50) / 100).toFixed(2)} bar`, `${(t * 7) % 1000} l/h`];
}

/**
 * The stored config of card i: screen-facing, constant pixel size (what a CSS2DRenderer label is),
 * anchored on the floor grid, a short leader line. Kept as one object per card: the main-thread
 * card store re-sends the config it holds, only the resolved items change.
 */
export function cardConfig(i: number, n: number): CardConfigInput {
  return {
    isSprite: true,
    isFixd: true,
    meshConfig: { position: anchor(i, n) },
    cardConfig: { cardWidth: CARD_WIDTH, lineWidth: 10, lineHeight: 20 },
    dataConfig: { lineCount: '1', dataList: LABELS.map((label) => ({ label, value: '' })) },
  };
}

/** The host variables card i binds (host path): one per data item, `card<i>.<item>`. */
export const KEYS = ['temperature', 'pressure', 'flow'] as const;
export const variableNames = (i: number): string[] => KEYS.map((key) => `card${i}.${key}`);

/**
 * Card i as a host stores it (host path): the same card as cardConfig, its data items bound to the
 * host variables `{{card<i>.temperature}}` and so on, which the host writes 10 times a second.
 */
export function boundCardConfig(i: number, n: number): CardConfigInput {
  const names = variableNames(i);
  const base = cardConfig(i, n);
  return { ...base, dataConfig: { lineCount: '1', dataList: LABELS.map((label, k) => ({ label, value: `{{${names[k]}}}` })) } };
}

/** What the card store makes when a card's values change: a new CardDraw (and items) for that card. */
export function cardDraw(config: CardConfigInput, i: number, tick: number): CardDraw {
  const items: CardItemText[] = values(i, tick).map((value, k) => ({ label: LABELS[k] ?? '', value }));
  return { config, items, active: false };
}
