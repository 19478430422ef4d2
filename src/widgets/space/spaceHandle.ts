import type { RenderCalls } from '../../bridge/calls';
import type { ChildBoundsListener } from './childWatch';
import type { ScriptErrorListener } from './scriptErrors';
import type { PickOptions, PickOutcome } from './usePickSession';
import type { VariableValue } from '../../../shared/variable-value';

/*
 * The handle a host's ref gets on a ThreeDSpace: the engine's calls forwarded to whichever engine
 * runs now, and what the space answers itself (released context, pick, children, script errors).
 * A leaf of types: the live-space registry and the panels hold handles without importing the
 * space's view; useSpaceHandle.ts fills one.
 */

/**
 * Render calls the space makes itself, from its props and its own upkeep (config, models, size,
 * heartbeat, lifetime): not for the host.
 */
export const SPACE_CALLS = [
  'init',
  'dispose',
  'patchConfig',
  'setModel',
  'removeModel',
  'setVariables',
  'setCards',
  'setCardTheme',
  'resize',
  'ping',
  'watchChildren',
  'setSelection',
  'setMotion',
] as const;

/**
 * What a host (or a test) can ask of a mounted space: the render protocol's other calls (answered
 * by the engine running now; they reject while none runs), plus what the space adds.
 */
export type ThreeDSpaceHandle = Omit<RenderCalls, (typeof SPACE_CALLS)[number]> & {
  readonly mode: 'worker' | 'main' | null;
  readonly restarts: number;
  /**
   * 'live' while the space holds a WebGL context; 'released' while it is out of view (or over the
   * page's cap), showing its last frame. A released space keeps its data-state ('ready' once it
   * drew; 'loading' if it never got a context yet) and carries data-context="released".
   */
  readonly context: 'live' | 'released';
  canvas(): HTMLCanvasElement | null;
  /** "Pick in scene": waits for one click on the canvas and answers the surface point under it (usePickSession). */
  pick(options?: PickOptions): Promise<PickOutcome>;
  /**
   * Where the 3D children (models, data cards, groups, by widget id) are drawn, in CSS px from the
   * space's top-left (a host's edit frames): `listener` is called at once and after each drawn
   * frame that moved one. The engine works them out only while someone watches. Returns the way to stop.
   */
  watchChildren(listener: ChildBoundsListener): () => void;
  /** The child selected in the host's editor (a widget id; null: none): a model is outlined in the scene. */
  setSelection(id: string | null): void;
  /** The child the host selected last (setSelection). */
  readonly selected: string | null;
  /** The space script's newest error (null: none since the script last changed); `listener` hears it at once. */
  watchScriptError(listener: ScriptErrorListener): () => void;
  /**
   * Show the scene as if the host variable `name` held `value` (the rules panel's "test value"):
   * the rules read it instead of the variable's own until called with undefined. Not saved anywhere.
   */
  tryVariable(name: string, value: VariableValue | undefined): void;
};
