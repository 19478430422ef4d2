import type { EngineEvent } from '../../shared/protocol';
import { toIssues } from '../../shared/schema/common';
import { GroupConfigSchema, type GroupConfig } from '../../shared/schema/group';
import type { CardLayer } from './cards';
import { isCardId, MAX_CARD_CHANGES, parseCard, type CardInput } from './cards/input';
import { CARD_MAX_ITEMS } from '../../shared/schema/card-theme';
import { parseTheme, type CardTheme } from './cards/theme';
import type { GroupOverlays } from './groups';

/** The overlay layers of the stage drawing now (none while the WebGL context is lost). */
export interface OverlayLayers {
  cards: CardLayer;
  groups: GroupOverlays;
}

/**
 * The overlays' last valid input (data cards, their theme, component groups), kept by the engine
 * outside any stage, so a stage rebuilt after a lost context gets them all again. Each change is
 * checked here and handed on to the layers drawing now, if any.
 */
export class KeptOverlays {
  private readonly cards = new Map<string, CardInput>();
  private theme: CardTheme | null = null;
  private readonly groups = new Map<string, GroupConfig>();

  constructor(
    private readonly emit: (e: EngineEvent) => void,
    /** Each card as checked (null: removed), for what follows its level elsewhere (space/card-tints.ts). */
    private readonly levels: { update(id: string, card: CardInput | null): void } = { update: () => {} },
  ) {}

  /** Add, update or remove (null) data cards. A card whose config is invalid keeps its last valid input. */
  setCards(changes: unknown, layers: OverlayLayers | null): void {
    if (typeof changes !== 'object' || changes === null || Array.isArray(changes)) return;
    for (const [id, value] of Object.entries(changes as Record<string, unknown>).slice(0, MAX_CARD_CHANGES)) {
      if (!isCardId(id)) continue;
      if (value === null) {
        this.cards.delete(id);
        layers?.cards.set(id, null);
        this.levels.update(id, null);
        continue;
      }
      const r = parseCard(value, this.cards.get(id));
      if (!r.ok) {
        console.warn(`[dash3d] data card ${id} refused: ${r.error}`);
        continue;
      }
      this.cards.set(id, r.card);
      layers?.cards.set(id, r.card);
      this.levels.update(id, r.card);
    }
  }

  /**
   * Values-only updates (shared/overlays.ts CardValueBatch), checked as they are read: at most
   * MAX_CARD_CHANGES cards, each naming how many of the texts are its own (at most CARD_MAX_ITEMS);
   * a card not held, or whose count is not its number of items, is skipped (its texts too).
   */
  setCardValues(batch: unknown, layers: OverlayLayers | null): void {
    if (typeof batch !== 'object' || batch === null) return;
    const { ids, counts, texts } = batch as { ids?: unknown; counts?: unknown; texts?: unknown };
    if (!Array.isArray(ids) || !Array.isArray(counts) || !Array.isArray(texts)) return;
    let at = 0;
    for (let i = 0; i < Math.min(ids.length, counts.length, MAX_CARD_CHANGES); i++) {
      const id: unknown = ids[i];
      const n: unknown = counts[i];
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > CARD_MAX_ITEMS || at + n > texts.length) return;
      const values = texts.slice(at, (at += n));
      const previous = isCardId(id) ? this.cards.get(id) : undefined;
      if (!previous) continue;
      const r = parseCard({ values, active: previous.active, focused: previous.focused }, previous);
      if (!r.ok) continue;
      this.cards.set(id as string, r.card);
      layers?.cards.set(id as string, r.card);
      if (r.card.alarm !== previous.alarm) this.levels.update(id as string, r.card);
    }
  }

  setCardTheme(theme: unknown, layers: OverlayLayers | null): void {
    this.theme = parseTheme(theme);
    layers?.cards.setTheme(this.theme);
  }

  /** Add, update or (null) remove component groups. An invalid config keeps the group's last valid one. */
  setGroups(changes: ReadonlyMap<string, { config: unknown } | null>, layers: OverlayLayers | null): void {
    for (const [id, place] of changes) {
      if (place === null) {
        this.groups.delete(id);
        layers?.groups.remove(id);
        continue;
      }
      const r = GroupConfigSchema.safeParse(place.config);
      if (!r.success) {
        const issues = toIssues(r.error).map((i) => ({ ...i, path: `groups.${id}.${i.path}` }));
        this.emit({ type: 'config-rejected', issues });
        continue;
      }
      this.groups.set(id, r.data);
      layers?.groups.set(id, r.data);
    }
  }

  /** Everything kept, to a freshly built stage. */
  restore(layers: OverlayLayers): void {
    if (this.theme) layers.cards.setTheme(this.theme);
    for (const [id, card] of this.cards) layers.cards.set(id, card);
    for (const [id, config] of this.groups) layers.groups.set(id, config);
  }
}
