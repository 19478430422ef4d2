import type { VariableSource } from '../../host/types';
import { repairConfig } from '../../host/parsed';
import { CardConfigSchema, type DataItem } from '../../../shared/schema/card';
import type { CardDraw } from '../../../shared/overlays';
import { boundVariable, resolveItem, sameItems } from './cardText';
import { mirrorWriter, type MirrorTarget, type MirrorWriter } from './cardMirror';

/**
 * The data cards of one 3D space, kept outside React: each card registers its stored config, the
 * store follows the host variables its items bind and resolves their text, and hands the space a
 * `cards` record (id -> CardDraw) for the render worker.
 *
 * Why outside React: with hundreds of cards whose values change ten times a second, a React state
 * per value would re-render per value per card. Here a variable change only marks the cards that
 * bind it; once per animation frame the marked cards are resolved again, and only a card whose
 * text (or config, or active state) changed gets a new CardDraw object. The record is a new object
 * only when some card changed, so the space re-renders at most once per frame, the worker can diff
 * by reference, and each card's DOM mirror is written (outside React, cardMirror.ts) only when
 * its own draw changed.
 */
export interface CardStore {
  /** Adds the card, or takes its new config (compared by reference: configs are immutable data). */
  register(id: string, config: unknown): void;
  unregister(id: string): void;
  /** Makes the card the active one (clicked in the scene, or activated from the keyboard) and reports it. */
  activate(id: string): void;
  /** The card whose mirror has the keyboard focus (null: none): the worker shows it whole on top. */
  focus(id: string | null): void;
  /** The current record; the same object until something changed (a useSyncExternalStore snapshot). */
  cards(): Readonly<Record<string, CardDraw>>;
  /** One card's draw, or undefined while it is not registered (or not resolved yet). */
  draw(id: string): CardDraw | undefined;
  /** Keeps the card's DOM mirror showing its draw, from now until the returned function is called. */
  mirror(id: string, target: MirrorTarget): () => void;
  /** Called after each change of the record. */
  subscribe(listener: () => void): () => void;
  /** Starts following `variables` (the space mounted, or its host changed)... */
  attach(variables: VariableSource): void;
  /** ...and stops: no subscriptions, no pending frame (the space unmounted). */
  detach(): void;
}

/**
 * How often a changed value reaches the DOM mirror at most. Screen readers read it on demand, not
 * at the frame rate, while each write costs the page a style and layout pass: 500 cards changing
 * every frame cost about 90 ms of main thread per second when written per frame. Activation and a
 * card's first text are written at once.
 */
const MIRROR_INTERVAL_MS = 250;
/**
 * And how many mirrors a second are written at most: with thousands of cards the interval grows
 * (5000 changing cards: each mirror every 2.5 s) so the page's cost stays flat. The focused
 * mirror, the one a screen reader is on, is written with the frame like an activation.
 */
const MIRROR_WRITES_PER_SECOND = 2000;

interface Entry {
  config: unknown;
  items: readonly DataItem[];
  /** Each item's bound variable (null: its value as typed), read once per config. */
  bound: readonly (string | null)[];
  /** Variable names the items bind, without repeats. */
  names: readonly string[];
  draw?: CardDraw;
}

/** `onActivate` runs on every activation, a repeated one included: each click is a click. */
export function createCardStore(onActivate: (id: string) => void): CardStore {
  const entries = new Map<string, Entry>();
  const dirty = new Set<string>();
  const listeners = new Set<() => void>();
  const mirrors = new Map<string, MirrorWriter>();
  /** Per variable name: the cards binding it and the one host subscription they share. */
  const watched = new Map<string, { cards: Set<string>; off?: () => void }>();
  let variables: VariableSource | null = null;
  let record: Readonly<Record<string, CardDraw>> = Object.freeze({});
  let membershipChanged = false;
  let active: string | null = null;
  let focused: string | null = null;
  let frame = 0;
  /** Cards whose mirror is behind their draw, and the timer that will write them. */
  const mirrorBehind = new Set<string>();
  let mirrorTimer: ReturnType<typeof setTimeout> | undefined;
  let mirrorWritten = 0;

  const writeMirrors = () => {
    mirrorTimer = undefined;
    mirrorWritten = performance.now();
    for (const id of mirrorBehind) {
      const draw = record[id];
      if (draw) mirrors.get(id)?.(draw);
    }
    mirrorBehind.clear();
  };

  const changed = (name: string) => {
    for (const id of watched.get(name)?.cards ?? []) dirty.add(id);
    schedule();
  };
  const follow = (name: string, w: { off?: () => void }) => {
    if (variables && !w.off) w.off = variables.subscribe(name, () => changed(name));
  };
  const watch = (id: string, names: readonly string[]) => {
    for (const name of names) {
      let w = watched.get(name);
      if (!w) watched.set(name, (w = { cards: new Set() }));
      w.cards.add(id);
      follow(name, w);
    }
  };
  const unwatch = (id: string, names: readonly string[]) => {
    for (const name of names) {
      const w = watched.get(name);
      if (!w?.cards.delete(id) || w.cards.size) continue;
      w.off?.();
      watched.delete(name);
    }
  };

  function schedule() {
    // Resolved only while attached: before that there are no variables to read.
    if (frame || !variables) return;
    frame = requestAnimationFrame(flush);
  }

  function flush() {
    frame = 0;
    let touched = membershipChanged;
    membershipChanged = false;
    const redrawn: string[] = [];
    for (const id of dirty) {
      const e = entries.get(id);
      if (!e) continue;
      const items = e.items.map((item, i) => resolveItem(item, variables, e.bound[i]));
      const prev = e.draw;
      const isActive = id === active;
      const isFocused = id === focused;
      const sameText = prev !== undefined && sameItems(prev.items, items);
      if (sameText && prev.config === e.config && prev.active === isActive && !!prev.focused === isFocused) continue;
      e.draw = { config: e.config, items: sameText ? prev.items : items, active: isActive };
      if (isFocused) e.draw.focused = true;
      if (!prev || prev.active !== isActive) redrawn.push(id);
      else mirrorBehind.add(id);
      touched = true;
    }
    dirty.clear();
    if (!touched) return;
    const next: Record<string, CardDraw> = {};
    for (const [id, e] of entries) if (e.draw) next[id] = e.draw;
    record = Object.freeze(next);
    for (const id of redrawn) {
      mirrors.get(id)?.(record[id]!);
      mirrorBehind.delete(id);
    }
    const focusedDraw = focused === null ? undefined : record[focused];
    if (focusedDraw && mirrorBehind.delete(focused!)) mirrors.get(focused!)?.(focusedDraw);
    if (mirrorBehind.size && mirrorTimer === undefined) {
      const interval = Math.max(MIRROR_INTERVAL_MS, (entries.size * 1000) / MIRROR_WRITES_PER_SECOND);
      mirrorTimer = setTimeout(writeMirrors, Math.max(0, mirrorWritten + interval - performance.now()));
    }
    for (const fn of [...listeners]) fn();
  }

  return {
    register(id, config) {
      const old = entries.get(id);
      if (old?.config === config) return;
      const items = repairConfig(CardConfigSchema, config ?? {}).value.dataConfig.dataList;
      const bound = items.map((i) => boundVariable(i.value));
      const names = [...new Set(bound.filter((n): n is string => n !== null))];
      if (old) unwatch(id, old.names);
      else membershipChanged = true;
      entries.set(id, { config, items, bound, names, draw: old?.draw });
      watch(id, names);
      dirty.add(id);
      schedule();
    },
    unregister(id) {
      const old = entries.get(id);
      if (!old) return;
      unwatch(id, old.names);
      entries.delete(id);
      if (active === id) active = null;
      if (focused === id) focused = null;
      membershipChanged = true;
      schedule();
    },
    activate(id) {
      // Ids come from the worker's picking as well: one that is not a card here is ignored.
      if (!entries.has(id)) return;
      if (active !== null) dirty.add(active);
      active = id;
      dirty.add(id);
      schedule();
      onActivate(id);
    },
    focus(id) {
      if (id === focused || (id !== null && !entries.has(id))) return;
      if (focused !== null) dirty.add(focused);
      focused = id;
      if (id !== null) dirty.add(id);
      schedule();
    },
    cards: () => record,
    draw: (id) => record[id],
    mirror(id, target) {
      const write = mirrorWriter(target);
      mirrors.set(id, write);
      const draw = record[id];
      if (draw) write(draw);
      return () => {
        if (mirrors.get(id) === write) mirrors.delete(id);
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    attach(next) {
      variables = next;
      for (const [name, w] of watched) follow(name, w);
      // Values may have changed while detached: every card is resolved again.
      for (const id of entries.keys()) dirty.add(id);
      schedule();
    },
    detach() {
      for (const w of watched.values()) {
        w.off?.();
        w.off = undefined;
      }
      variables = null;
      cancelAnimationFrame(frame);
      frame = 0;
      // What the mirrors were behind by is written now rather than dropped.
      clearTimeout(mirrorTimer);
      writeMirrors();
    },
  };
}
