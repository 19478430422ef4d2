import type { VariableSource } from '../../host/types';
import { plainValue, type VariableValue } from '../../../shared/variable-value';

/**
 * The host variables a space's rules read, on their way to its engine (issue 40). The page does
 * nothing per rule: it subscribes once per variable named by some rule, keeps each changed value,
 * and sends the changes of about a frame (BATCH_MS) as one batch (setVariables). A new engine (start, restart,
 * back in view) is sent every value it needs; a variable no rule reads any more is unsubscribed.
 * `overrides` hold values the designer tries in the rules panel instead of the variable's.
 */
/** How long changes gather before they leave as one batch: about a frame. */
const BATCH_MS = 16;

export function createVariableForwarder(send: (batch: Record<string, VariableValue>) => void) {
  let source: VariableSource | null = null;
  const subs = new Map<string, () => void>();
  /** What the rules read, and what the running engine's script asked for (api.variable): both are watched. */
  let ruleNames: readonly string[] = [];
  let scriptNames: readonly string[] = [];
  const overrides = new Map<string, VariableValue>();
  let pending: Record<string, VariableValue> | null = null;
  let frame: ReturnType<typeof setTimeout> | null = null;
  let live = false;

  const valueOf = (name: string): VariableValue => (overrides.has(name) ? overrides.get(name)! : plainValue(source?.read(name)));

  const flush = () => {
    frame = null;
    const batch = pending;
    pending = null;
    if (batch && live) send(batch);
  };
  const put = (name: string, value: VariableValue) => {
    (pending ??= {})[name] = value;
    // A timer, not an animation frame: asking for a frame would make the browser run a rendering
    // update of the page 60 times a second just to send a message (the rules bench: 14 ms/s more
    // of the host's main thread); a frame's worth of changes still leaves as one batch.
    frame ??= setTimeout(flush, BATCH_MS);
  };
  const queue = (name: string) => put(name, valueOf(name));
  const subscribe = (name: string) => {
    if (!source) return;
    subs.set(
      name,
      // The host's hot path (thousands of changes a second on a big dashboard): the value as given, one store.
      source.subscribe(name, (value) => {
        if (overrides.size === 0 || !overrides.has(name)) put(name, plainValue(value));
      }),
    );
  };
  const unsubscribeAll = () => {
    for (const off of subs.values()) off();
    subs.clear();
  };

  const forwarder = {
    /** The host's variables (null: none). */
    attach(next: VariableSource | null) {
      if (next === source) return;
      const names = [...subs.keys()];
      unsubscribeAll();
      source = next;
      for (const name of names) {
        subscribe(name);
        queue(name);
      }
    },
    /** The variables the space's rules read now. */
    watch(names: readonly string[]) {
      ruleNames = names;
      forwarder.update();
    },
    /** The variables the running engine's script reads (its 'variables-wanted'); cleared when it stops. */
    want(names: unknown) {
      // From the worker's 'variables-wanted': names only, as many as a script may ask for.
      scriptNames = Array.isArray(names)
        ? names.filter((n): n is string => typeof n === 'string' && n.length > 0 && n.length <= 200).slice(0, 200)
        : [];
      forwarder.update();
    },
    update() {
      const wanted = new Set([...ruleNames, ...scriptNames]);
      for (const [name, off] of subs) {
        if (wanted.has(name)) continue;
        off();
        subs.delete(name);
      }
      for (const name of wanted) {
        if (subs.has(name)) continue;
        if (source) subscribe(name);
        else subs.set(name, () => {});
        queue(name);
      }
    },
    /** Try `value` for `name` instead of the variable's own (undefined: the variable's own again). */
    override(name: string, value: VariableValue | undefined) {
      if (value === undefined) overrides.delete(name);
      else overrides.set(name, value);
      queue(name);
    },
    /** Send what is waiting now, not at the end of the batch's time (settled() and readPixels() wait for nothing else). */
    flushNow() {
      if (frame === null) return;
      clearTimeout(frame);
      flush();
    },
    /** An engine started: it gets every watched value now, and changes from then on. */
    started() {
      live = true;
      pending = null;
      const all: Record<string, VariableValue> = {};
      for (const name of subs.keys()) all[name] = valueOf(name);
      if (Object.keys(all).length) send(all);
    },
    stopped() {
      live = false;
      // The next engine's script asks again for what it reads.
      scriptNames = [];
    },
    dispose() {
      live = false;
      unsubscribeAll();
      if (frame !== null) clearTimeout(frame);
      frame = null;
    },
  };
  return forwarder;
}

export type VariableForwarder = ReturnType<typeof createVariableForwarder>;
