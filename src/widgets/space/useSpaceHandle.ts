import { useImperativeHandle, type Ref, type RefObject } from 'react';
import { forwardCalls, invoke, localCall } from '../../bridge/calls';
import type { RenderHandle } from '../../bridge/connection';
import { SPACE_CALLS, type ThreeDSpaceHandle } from './spaceHandle';
import type { useSpaceEngine } from './useSpaceEngine';

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
      // A variable change still gathering for its batch is something asked for: it leaves first.
      settled: localCall('settled', async () => {
        await engine.variables.flushNow();
        if (engine.handle.current) await engine.handle.current.settled();
      }),
      getView: localCall('getView', async () => latestContext.current.view() ?? need().getView()),
      readPixels: localCall('readPixels', async () => {
        await engine.variables.flushNow();
        return engine.handle.current || !latestContext.current.snapshot ? need().readPixels() : latestContext.current.snapshot;
      }),
      canvas: () => engine.handle.current?.canvas ?? null,
      pick,
      watchChildren: engine.children.watch,
      setSelection: engine.children.select,
      get selected() {
        return engine.children.selected();
      },
      watchScriptError: engine.scriptErrors.watch,
      tryVariable: engine.variables.override,
    };
  }, [engine.handle, engine.restarts, engine.children, engine.scriptErrors, engine.variables, latestContext, pick]);
}
