import { AxesHelper, Color, GridHelper } from 'three';
import type { HelperConfig } from '../../shared/schema/space';
import type { EngineContext, Feature } from '../engine/context';
import { setColour } from '../util/colour';

type Helper = GridHelper | AxesHelper;

/**
 * helperConfig: a grid on the ground plane and the axes at the origin, for designers placing
 * things. Each helper is rebuilt only when its own fields change (its geometry bakes size,
 * divisions and colours in), so toggling the axes leaves the grid's buffers alone.
 */
export function createHelpers(ctx: EngineContext): Feature<HelperConfig> {
  let grid: GridHelper | null = null;
  let axes: AxesHelper | null = null;

  function remove(helper: Helper | null): null {
    if (helper) {
      ctx.scene.remove(helper);
      helper.dispose();
    }
    return null;
  }

  function add<T extends Helper>(helper: T, name: string): T {
    helper.name = name;
    ctx.scene.add(helper);
    return helper;
  }

  const changed = <T>(a: T | undefined, b: T) => !a || JSON.stringify(a) !== JSON.stringify(b);

  return {
    apply(next, prev) {
      const g = next.gridConfig;
      if (changed(prev?.gridConfig, g)) {
        grid = remove(grid);
        if (g.enable) {
          const centre = setColour(new Color(), g.colorCenterLine);
          const lines = setColour(new Color(), g.colorGrid);
          grid = add(new GridHelper(g.size, g.divisions, centre, lines), 'dash3d:grid');
        }
      }
      const a = next.axesConfig;
      if (changed(prev?.axesConfig, a)) {
        axes = remove(axes);
        if (a.enable) axes = add(new AxesHelper(a.size), 'dash3d:axes');
      }
      ctx.invalidate();
    },
    dispose() {
      grid = remove(grid);
      axes = remove(axes);
    },
  };
}
