import type { VariableSource } from '../../host/types';
import { repairConfig } from '../../host/parsed';
import { CardConfigSchema, type CardAlarmLevel } from '../../../shared/schema/card';
import { levelOf } from '../../../shared/card-level';
import type { CardDraw, CardValueBatch } from '../../../shared/overlays';
import type { CardFeed } from '../../bridge/cards';
import { planItems, readValues } from './cardText';
import { drawOf, type Entry } from './cardEntry';
import { createCardBindings } from './cardBindings';
import { mirrorPacer, mirrorWriter, type MirrorTarget, type MirrorWriter } from './cardMirror';

/**
 * The data cards of one 3D space, kept outside React: each card registers its stored config, the
 * store follows the host variables its items bind (cardBindings.ts) and resolves their text for
 * the render worker.
 *
 * Why outside React: with hundreds of cards whose values change ten times a second, a React state
 * per value would re-render per value per card. Here a variable change only marks the cards that
 * bind it; once per animation frame the marked cards are resolved again, and only a card whose
 * text (or config, or active state) changed gets a new CardDraw object, and each card's DOM mirror
 * is written (outside React, cardMirror.ts) only when its own draw changed.
 *
 * It is the space's CardFeed (src/bridge/cards.ts): the record of every card is a new object only
 * when a card came, went or changed other than in its values, and the cards whose values alone
 * changed are announced in one batch per frame. Neither React nor a comparison of every card sees a value: at 5000
 * cards with values changing ten times a second, rebuilding and diffing the record each frame was
 * most of the page's cost (docs/cards-profile.md).
 */
export interface CardStore extends CardFeed {
  /** Adds the card, or takes its new config (compared by reference: configs are immutable data). */
  register(id: string, config: unknown): void;
  /** The config registered last for this card (as given), or undefined. */
  config(id: string): unknown;
  unregister(id: string): void;
  /** Makes the card the active one (clicked in the scene, or activated from the keyboard) and reports it. */
  activate(id: string): void;
  /** The card whose mirror has the keyboard focus (null: none): the worker shows it whole on top. */
  focus(id: string | null): void;
  /** Whether any card is registered and resolved (a useSyncExternalStore snapshot). */
  any(): boolean;
  /** Hears each card that enters a level, or another one, and at once each card in a level now (the space's announcements, alarmAnnouncer.ts). */
  onLevel(listener: LevelListener): () => void;
  /** Keeps the card's DOM mirror showing its draw, from now until the returned function is called. */
  mirror(id: string, target: MirrorTarget): () => void;
  /** Starts following `variables` (the space mounted, or its host changed)... */
  attach(variables: VariableSource): void;
  /** ...and stops: no subscriptions, no pending frame (the space unmounted). */
  detach(): void;
}

/** A card entered a level (or another one): its id, the level, the watched item's label and value. */
export type LevelListener = (id: string, level: CardAlarmLevel, label: string, value: string) => void;

/** `onActivate` runs on every activation, a repeated one included: each click is a click. */
export function createCardStore(onActivate: (id: string) => void): CardStore {
  const entries = new Map<string, Entry>();
  let dirty: Entry[] = [];
  const listeners = new Set<() => void>();
  const valueListeners = new Set<Parameters<CardFeed['onValues']>[0]>();
  const levelListeners = new Set<LevelListener>();
  const mirrors = new Map<string, MirrorWriter>();
  let record: Readonly<Record<string, CardDraw>> = Object.freeze({});
  /** Some card's draw is newer than the record's (its values changed): cards() builds it anew. */
  let recordStale = false;
  let membershipChanged = false;
  let active: Entry | null = null;
  let focused: Entry | null = null;
  let frame = 0;
  const pacer = mirrorPacer<Entry>(
    (e) => {
      if (e.draw && !e.gone) mirrors.get(e.id)?.(e.plan.labels, e.values, e.draw.active, e.level);
    },
    () => entries.size,
  );

  /** Tells `fn` the card's level now, named by its watched item's label and value (nothing when normal). */
  const tellLevel = (fn: LevelListener, e: Entry) => {
    const at = Math.round(e.levels.alarmItem) - 1;
    if (e.level) fn(e.id, e.level, e.plan.labels[at] ?? '', e.values[at] ?? '');
  };

  /** The card's level from its values now; true when it changed (a card entering a level is told to the level listeners). */
  const updateLevel = (e: Entry): boolean => {
    const next = levelOf(e.levels, (i) => e.values[i]);
    if (next === e.level) return false;
    e.level = next;
    for (const fn of levelListeners) tellLevel(fn, e);
    return true;
  };

  const mark = (e: Entry) => {
    if (e.dirty) return;
    e.dirty = true;
    dirty.push(e);
  };
  const bindings = createCardBindings<Entry>(mark, schedule);

  function schedule() {
    // Resolved only while attached: before that there are no variables to read.
    if (frame || !bindings.source) return;
    frame = requestAnimationFrame(flush);
  }

  function flush() {
    frame = 0;
    let touched = membershipChanged;
    membershipChanged = false;
    const redrawn: Entry[] = [];
    const batch: CardValueBatch = { ids: [], counts: [], texts: [] };
    const bases: CardDraw[] = [];
    const list = dirty;
    dirty = [];
    for (const e of list) {
      e.dirty = false;
      if (e.gone) continue;
      const changed = readValues(e.plan, bindings.source, e.values);
      // Said at once when it changes (the mirror, and the space's announcement on entering a level).
      const levelChanged = changed && updateLevel(e);
      const base = e.draw;
      const isActive = e === active;
      const isFocused = e === focused;
      // The same config: the same labels in the same number (they come from it alone).
      if (base !== undefined && base.config === e.config && base.active === isActive && !!base.focused === isFocused) {
        if (!changed) continue;
        // Values alone: no new draw, the texts go in the batch with the draw they belong to.
        e.stale = true;
        batch.ids.push(e.id);
        batch.counts.push(e.values.length);
        for (const text of e.values) batch.texts.push(text);
        bases.push(base);
        if (levelChanged) redrawn.push(e);
        else pacer.later(e);
        recordStale = true;
        continue;
      }
      e.draw = drawOf(e, isActive, isFocused);
      e.stale = false;
      if (!base || base.active !== isActive || levelChanged) redrawn.push(e);
      else pacer.later(e);
      touched = true;
    }
    if (!touched && !bases.length) return;
    if (touched) rebuild();
    for (const e of redrawn) pacer.now(e);
    if (focused?.behind) pacer.now(focused);
    pacer.schedule();
    // A change beyond values is in the record, values included; values alone go in the batch.
    if (touched) for (const fn of [...listeners]) fn();
    else for (const fn of [...valueListeners]) fn(batch, bases);
  }

  /** The record of every card's draw now: a card whose values moved on gets a new draw. */
  function rebuild() {
    const next: Record<string, CardDraw> = {};
    for (const [id, e] of entries) {
      if (!e.draw) continue;
      if (e.stale) e.draw = drawOf(e, e.draw.active, !!e.draw.focused);
      e.stale = false;
      next[id] = e.draw;
    }
    record = Object.freeze(next);
    recordStale = false;
  }

  return {
    register(id, config) {
      const old = entries.get(id);
      if (old?.config === config) return;
      const parsed = repairConfig(CardConfigSchema, config ?? {}).value;
      const plan = planItems(parsed.dataConfig.dataList);
      const levels = parsed.levelConfig;
      const names = [...new Set(plan.bound.filter((n): n is string => n !== null))];
      const e: Entry = old ?? {
        id,
        config,
        plan,
        levels,
        level: null,
        names,
        values: [],
        stale: false,
        dirty: false,
        behind: false,
        gone: false,
      };
      if (old) {
        bindings.unwatch(old, old.names);
        Object.assign(old, { config, plan, levels, level: null, names, values: [] });
      } else {
        entries.set(id, e);
        membershipChanged = true;
      }
      bindings.watch(e, e.names);
      mark(e);
      schedule();
    },
    config: (id) => entries.get(id)?.config,
    unregister(id) {
      const e = entries.get(id);
      if (!e) return;
      bindings.unwatch(e, e.names);
      entries.delete(id);
      e.gone = true;
      if (active === e) active = null;
      if (focused === e) focused = null;
      membershipChanged = true;
      schedule();
    },
    activate(id) {
      // Ids come from the worker's picking as well: one that is not a card here is ignored.
      const e = entries.get(id);
      if (!e) return;
      if (active) mark(active);
      active = e;
      mark(e);
      schedule();
      onActivate(id);
    },
    focus(id) {
      const e = id === null ? null : entries.get(id);
      if (e === undefined || e === focused) return;
      if (focused) mark(focused);
      focused = e;
      if (e) mark(e);
      schedule();
    },
    cards() {
      if (recordStale) rebuild();
      return record;
    },
    draw(id) {
      const e = entries.get(id);
      return e?.draw && e.stale ? drawOf(e, e.draw.active, !!e.draw.focused) : e?.draw;
    },
    any() {
      for (const _ in record) return true;
      return false;
    },
    mirror(id, target) {
      const write = mirrorWriter(target);
      mirrors.set(id, write);
      const e = entries.get(id);
      if (e?.draw) write(e.plan.labels, e.values, e.draw.active, e.level);
      return () => {
        if (mirrors.get(id) === write) mirrors.delete(id);
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    onValues(listener) {
      valueListeners.add(listener);
      return () => void valueListeners.delete(listener);
    },
    onLevel(listener) {
      levelListeners.add(listener);
      // Cards already in a level are told at once: one that entered before anyone listened (the
      // announcer is loaded after the first card) is not missed.
      for (const e of entries.values()) tellLevel(listener, e);
      return () => void levelListeners.delete(listener);
    },
    attach(next) {
      bindings.attach(next);
      // Values may have changed while detached: every card is resolved again.
      for (const e of entries.values()) mark(e);
      schedule();
    },
    detach() {
      bindings.detach();
      cancelAnimationFrame(frame);
      frame = 0;
      // What the mirrors were behind by is written now rather than dropped.
      pacer.flush();
    },
  };
}
