import * as THREE from 'three';
import type { EngineContext } from '../engine/context';
import type { ScriptHook } from '../../shared/protocol';
import { SCRIPT_TEMPLATE } from '../../shared/schema/space';
import { compileErrorText } from './compile-error';
import { bodyLine } from './codeLine';

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
}

const message = (err: unknown) => (err instanceof Error ? `${err.name}: ${err.message}` : String(err));

/**
 * The container's user script (spec §2): compiled once per code change, hooks called with THREE
 * and a scene API. Any error is caught and reported; the scene keeps running. A hook that never
 * returns is caught by the main thread's heartbeat, which restarts the worker without scripts.
 */
export function createScriptRunner(ctx: EngineContext, report: (hook: ScriptHook, msg: string, line: number | null) => void) {
  let compiled: Compiled = {};
  let frameUnsubs: (() => void)[] = [];
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
      frameErrorReported = false;
      compiled = {};
      announce();
    },
  };
}
export type ScriptRunner = ReturnType<typeof createScriptRunner>;
