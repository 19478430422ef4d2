import * as THREE from 'three';
import type { EngineContext } from '../engine/context';
import type { ScriptHook } from '../../shared/protocol';
import { SCRIPT_TEMPLATE } from '../../shared/schema/space';
import { compileErrorText } from './compile-error';
import { bodyLine } from './codeLine';
import type { VariableReader } from '../engine/variables';
import type { VariableValue } from '../../shared/schema/variables';

type Hook = (three: typeof THREE, api: ScriptApi, ...args: unknown[]) => unknown;
interface Compiled {
  onReady?: Hook;
  onModelLoaded?: Hook;
}

/** The small scene API user scripts get next to the three.js namespace. */
export interface ScriptApi {
  scene: THREE.Scene;
  camera: THREE.PerspectiveCamera;
  invalidate(): void;
  /** Run fn(dt) each frame while the script is active; keeps the scene drawing. */
  onFrame(fn: (dt: number) => void): void;
  log(...args: unknown[]): void;
  /**
   * A host variable's value now (a number, text, true/false or null), undefined until the page sent
   * one: the first read asks the page to send it, and its changes from then on.
   */
  variable(name: string): VariableValue | undefined;
  /** Call fn(value) on each change of a host variable (and once with its value, when it has one). */
  onVariable(name: string, fn: (value: VariableValue) => void): void;
}

/** How many variables one script may ask for (each is forwarded by the page). */
const MAX_SCRIPT_VARIABLES = 200;

const message = (err: unknown) => (err instanceof Error ? `${err.name}: ${err.message}` : String(err));

/**
 * The container's user script (spec §2): compiled once per code change, hooks called with THREE
 * and a scene API. Any error is caught and reported; the scene keeps running. A hook that never
 * returns is caught by the main thread's heartbeat, which restarts the worker without scripts.
 */
export function createScriptRunner(
  ctx: EngineContext,
  report: (hook: ScriptHook, msg: string, line: number | null) => void,
  variables?: VariableReader,
) {
  let compiled: Compiled = {};
  let frameUnsubs: (() => void)[] = [];
  const wanted = new Set<string>();
  let frameErrorReported = false;
  let inHook = 0;
  let release: (() => void) | null = null;

  /**
   * Tell the main thread before user code runs (see the 'script-activity' event), and again as
   * soon as it returned: 'busy' means executing user code now, not merely having a frame callback,
   * so the engine's own long work (a shader compile under CPU starvation) is never taken for a
   * hanging script.
   */
  function announce() {
    const busy = inHook > 0;
    if (busy && !release) release = ctx.userCode.hold();
    else if (!busy && release) {
      release();
      release = null;
    }
  }

  /** Ask the page for a variable's values (once per name; a name over 200 characters is no name). */
  const want = (name: unknown): name is string => {
    if (typeof name !== 'string' || !name || name.length > 200) return false;
    if (wanted.has(name)) return true;
    if (wanted.size >= MAX_SCRIPT_VARIABLES) return false;
    wanted.add(name);
    ctx.emit({ type: 'variables-wanted', names: [...wanted] });
    return true;
  };

  /** User code called from the engine (a frame, a variable's change): timed by the heartbeat, its errors reported once per kind. */
  const guarded = (hook: ScriptHook, fn: () => void) => {
    inHook++;
    announce();
    try {
      fn();
    } catch (err) {
      report(hook, message(err), bodyLine(err));
    } finally {
      inHook--;
      announce();
    }
  };

  const api: ScriptApi = {
    scene: ctx.scene,
    camera: ctx.camera,
    invalidate: () => ctx.invalidate(),
    onFrame(fn) {
      const tick = (dt: number) => {
        inHook++;
        announce();
        try {
          fn(dt);
        } catch (err) {
          // A frame callback throws every frame: say it once, not sixty times a second.
          if (!frameErrorReported) report('frame', message(err), bodyLine(err));
          frameErrorReported = true;
        } finally {
          inHook--;
          announce();
        }
        ctx.invalidate();
      };
      frameUnsubs.push(ctx.onFrame(tick));
      ctx.invalidate();
    },
    log: (...args) => ctx.emit({ type: 'log', level: 'log', message: args.map(String).join(' ') }),
    variable(name) {
      return want(name) ? variables?.get(name) : undefined;
    },
    onVariable(name, fn) {
      if (!want(name) || typeof fn !== 'function' || !variables) return;
      const off = variables.subscribe((changed) => {
        if (changed.has(name)) guarded('variable', () => fn(variables.get(name) ?? null));
      });
      frameUnsubs.push(off);
      const now = variables.get(name);
      if (now !== undefined) guarded('variable', () => fn(now));
    },
  };

  function call(hook: 'onReady' | 'onModelLoaded', ...args: unknown[]) {
    const fn = compiled[hook];
    if (!fn) return;
    inHook++;
    announce();
    try {
      const result = fn(THREE, api, ...args);
      if (result instanceof Promise) result.catch((err) => report(hook, message(err), bodyLine(err)));
    } catch (err) {
      report(hook, message(err), bodyLine(err));
    } finally {
      inHook--;
      announce();
    }
  }

  return {
    /** Compile and run onReady. An empty or template-only script does nothing (and is not compiled). */
    setCode(code: string) {
      this.stop();
      if (!code.trim() || code.trim() === SCRIPT_TEMPLATE.trim()) return;
      inHook++;
      announce();
      try {
        // The space's script is user code by design (spec §3 script), behind the document's consent.
        // eslint-disable-next-line @typescript-eslint/no-implied-eval
        const factory = new Function(
          `"use strict";\n${code}\n;return {` +
            `onReady: typeof onReady === 'function' ? onReady : undefined,` +
            `onModelLoaded: typeof onModelLoaded === 'function' ? onModelLoaded : undefined };`,
        ) as () => Compiled;
        compiled = factory();
      } catch (err) {
        report('compile', compileErrorText(err), null);
        return;
      } finally {
        inHook--;
        announce();
      }
      call('onReady');
    },
    modelLoaded(model: unknown) {
      call('onModelLoaded', model);
    },
    stop() {
      frameUnsubs.forEach((u) => u());
      frameUnsubs = [];
      wanted.clear();
      frameErrorReported = false;
      compiled = {};
      announce();
    },
  };
}
export type ScriptRunner = ReturnType<typeof createScriptRunner>;
