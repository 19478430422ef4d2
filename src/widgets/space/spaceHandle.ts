import { useImperativeHandle, type Ref, type RefObject } from 'react';
import { forwardCalls, invoke, localCall, type RenderCalls } from '../../bridge/calls';
import type { RenderHandle } from '../../bridge/connection';
import type { ChildBoundsListener } from './childWatch';
import type { ScriptErrorListener } from './scriptErrors';
import type { PickOptions, PickOutcome } from './usePickSession';
import type { useSpaceEngine } from './useSpaceEngine';

/*
 * The handle a host's ref gets on a ThreeDSpace: the engine's calls forwarded to whichever engine
 * runs now, and what the space answers itself (released context, pick, children, script errors).
 */

/**
 * Render calls the space makes itself, from its props and its own upkeep (config, models, size,
 * heartbeat, lifetime): not for the host.
 */
const SPACE_CALLS = [
  'init',
  'dispose',
  'patchConfig',
  'setModel',
  'removeModel',
  'setCards',
  'setCardTheme',
  'resize',
  'ping',
  'watchChildren',
  'setSelection',
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
};

type SpaceEngine = ReturnType<typeof useSpaceEngine>;

/**
 * Fill the host's ref with the space's handle: one handle per engine (restarts), not per render,
 * so a host that keeps it in state does not render for ever. `latestContext` is the kept view and
 * last frame while released (useLiveContext).
 */
export function useSpaceHandle(
  ref: Ref<ThreeDSpaceHandle> | undefined,
  engine: SpaceEngine,
  latestContext: RefObject<SpaceEngine['context']>,
  pick: ThreeDSpaceHandle['pick'],
): void {
  useImperativeHandle(ref, () => {
    const need = (): RenderHandle => {
      const h = engine.handle.current;
      if (!h) throw new Error('the 3D space is not running');
      return h;
    };
    return {
      // Async: a space that is not running (or restarting) rejects, as every remote call does.
      ...forwardCalls(SPACE_CALLS, async (method, args) => await invoke(need(), method, args)),
      get mode() {
        return engine.handle.current?.mode ?? null;
      },
      restarts: engine.restarts,
      get context() {
        return engine.handle.current ? 'live' : 'released';
      },
      // While released there is no engine: these answer from what the space kept (useLiveContext).
      settled: localCall('settled', async () => {
        if (engine.handle.current) await engine.handle.current.settled();
      }),
      getView: localCall('getView', async () => latestContext.current.view() ?? need().getView()),
      readPixels: localCall('readPixels', async () =>
        engine.handle.current || !latestContext.current.snapshot ? need().readPixels() : latestContext.current.snapshot,
      ),
      canvas: () => engine.handle.current?.canvas ?? null,
      pick,
      watchChildren: engine.children.watch,
      setSelection: engine.children.select,
      get selected() {
        return engine.children.selected();
      },
      watchScriptError: engine.scriptErrors.watch,
    };
  }, [engine.handle, engine.restarts, engine.children, engine.scriptErrors, latestContext, pick]);
}
