import type { CardInput } from '../overlays/cards/input';
import type { VariableHub } from '../engine/variables';
import type { VariableValue } from '../../shared/schema/variables';

/** The engine's own variables, one per card whose levels tint a part: never the host's (Engine.setVariables drops them). */
export const CARD_LEVEL_PREFIX = '@card:';

/** A host's batch without names of the engine's own variables: a host variable so named would fake a card's level. */
export function withoutCardLevels(batch: ReadonlyMap<string, VariableValue>): ReadonlyMap<string, VariableValue> {
  for (const name of batch.keys()) {
    if (!name.startsWith(CARD_LEVEL_PREFIX)) continue;
    return new Map([...batch].filter(([n]) => !n.startsWith(CARD_LEVEL_PREFIX)));
  }
  return batch;
}

/**
 * A data card's levels that tint its part (levelConfig.levels[].tintPart, issue 40 point 3) become
 * rules of that model (levelConfig.partModel), so the part is coloured, blinks and is put back
 * exactly as by any rule (models/features/rules.ts): one rule per such level, reading the engine
 * variable `@card:<id>` (the index of the card's level, -1 when normal), tinting the parts while
 * it equals the level's index. The rules change only with the card's config; a level entered or
 * left is one variable change, as cheap as a host variable's.
 */
export class CardTints {
  private readonly byCard = new Map<string, { model: string; key: string; rules: Record<string, unknown>[] }>();

  constructor(
    private readonly variables: Pick<VariableHub, 'get' | 'set'>,
    /** The rules of these models changed: their configs are set again. */
    private readonly changed: (models: ReadonlySet<string>) => void,
  ) {}

  /** A card set (after its input was checked) or removed (null). */
  update(id: string, card: CardInput | null): void {
    const before = this.byCard.get(id);
    const rules = card ? tintRules(id, card) : null;
    const touched = new Set<string>();
    if (!rules) {
      if (before) {
        this.byCard.delete(id);
        touched.add(before.model);
      }
    } else if (!before || before.key !== card!.configKey) {
      this.byCard.set(id, { model: card!.config.levelConfig.partModel, key: card!.configKey, rules });
      if (before) touched.add(before.model);
      touched.add(card!.config.levelConfig.partModel);
    }
    // The level now, before the rules are set: a rule starts with the value it will read.
    if (rules) {
      const name = CARD_LEVEL_PREFIX + id;
      const index: VariableValue = card!.alarm ? card!.config.levelConfig.levels.indexOf(card!.alarm) : -1;
      if (this.variables.get(name) !== index) this.variables.set(new Map([[name, index]]));
    }
    if (touched.size) this.changed(touched);
  }

  /** The rules the cards add to a model, after its own (in the order the cards came). */
  rulesFor(model: string): Record<string, unknown>[] {
    const out: Record<string, unknown>[] = [];
    for (const entry of this.byCard.values()) if (entry.model === model) out.push(...entry.rules);
    return out;
  }
}

function tintRules(id: string, card: CardInput): Record<string, unknown>[] | null {
  const { partModel, parts, levels } = card.config.levelConfig;
  if (!partModel) return null;
  const rules = levels.flatMap((level, i) =>
    level.tintPart
      ? [
          {
            name: `card ${id}, level ${level.name || i + 1}`,
            variable: CARD_LEVEL_PREFIX + id,
            parts,
            condition: { kind: 'equals', value: i },
            effects: [{ type: 'tint', color: level.color }, ...(level.blink ? [{ type: 'blink', periodMs: level.blinkMs }] : [])],
          },
        ]
      : [],
  );
  return rules.length ? rules : null;
}
