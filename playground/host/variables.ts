import type { VariableSource } from 'dash3d';
import { SELECTED_PART_VAR } from './widgetEvents';

/** The simulated IoT device behind the playground's variables. */
export interface SimulatedVariables extends VariableSource {
  /**
   * Counted: the updates run while at least one start() is not matched by a stop(). React
   * StrictMode mounts, cleans up and mounts an effect again; a plain dispose() in the clean-up
   * stopped the device for good, a count survives it.
   */
  start(): void;
  stop(): void;
}

type Listener = (value: unknown) => void;

/** One step of a bounded random walk, so values drift like a sensor rather than jump. */
function drift(value: number, step: number, min: number, max: number, digits: number): number {
  const next = Math.min(max, Math.max(min, value + (Math.random() * 2 - 1) * step));
  return Number(next.toFixed(digits));
}

/**
 * temperature (°C), pressure (kPa), running (on/off), speed (the fan's rpm), valve (% open) and flow (m³/h),
 * updated every second while started, so bindings and the example's rules have something live to show; selectedPart, '' until a model click names a part. `write` sets a value at once (a host's "set variable"
 * action); the simulation then continues from it.
 */
export function createSimulatedVariables(intervalMs = 1000): SimulatedVariables {
  const values = new Map<string, unknown>([
    ['temperature', 22.5],
    ['pressure', 101.3],
    ['running', true],
    ['speed', 1450],
    ['valve', 100],
    ['flow', 42],
    // Not simulated: the model click action writes the clicked part's name (host/widgetEvents.ts).
    [SELECTED_PART_VAR, ''],
  ]);
  // Arrays replaced (never changed in place) on subscribe and unsubscribe: a change walks the
  // array it found, so a listener leaving during the walk is harmless, and a plain array is the
  // cheapest walk for a dashboard with thousands of bindings written ten times a second.
  const listeners = new Map<string, readonly Listener[]>();

  const set = (name: string, value: unknown) => {
    if (Object.is(values.get(name), value)) return;
    values.set(name, value);
    const list = listeners.get(name);
    if (list) for (let i = 0; i < list.length; i++) list[i]!(value);
  };

  const tick = () => {
    const running = values.get('running') === true;
    // A running machine warms up and builds pressure; a stopped one cools down.
    const t = Number(values.get('temperature'));
    set('temperature', drift(Number.isFinite(t) ? t + (running ? 0.05 : -0.1) : 22.5, 0.4, 15, 45, 1));
    const p = Number(values.get('pressure'));
    set('pressure', drift(Number.isFinite(p) ? p : 101.3, running ? 0.6 : 0.2, 95, 110, 1));
    // The fan runs near its rated speed or runs down; the valve opens or closes in four steps; flow follows both.
    const rpm = Number(values.get('speed'));
    set('speed', running ? drift(1450, 20, 1400, 1500, 0) : Math.max(0, Math.round((Number.isFinite(rpm) ? rpm : 0) * 0.5 - 10)));
    const open = Number(values.get('valve'));
    const valve = Math.min(100, Math.max(0, (Number.isFinite(open) ? open : 0) + (running ? 25 : -25)));
    set('valve', valve);
    set('flow', running ? drift((42 * valve) / 100, 1.5, 0, 60, 1) : 0);
    // About once a minute the machine switches state.
    if (Math.random() < 1 / 60) set('running', !running);
  };
  let users = 0;
  let timer: ReturnType<typeof setInterval> | undefined;

  return {
    names: () => [...values.keys()],
    read: (name) => values.get(name),
    subscribe(name, onChange) {
      listeners.set(name, [...(listeners.get(name) ?? []), onChange]);
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        // One entry goes, even where the same function was subscribed twice.
        const list = [...(listeners.get(name) ?? [])];
        const at = list.indexOf(onChange);
        if (at >= 0) list.splice(at, 1);
        if (list.length) listeners.set(name, list);
        else listeners.delete(name);
      };
    },
    write: (name, value) => set(name, value),
    start() {
      if (users++ === 0) timer = setInterval(tick, intervalMs);
    },
    stop() {
      if (users === 0) return;
      if (--users === 0) clearInterval(timer);
    },
  };
}
