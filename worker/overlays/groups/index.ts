import { Vector3 } from 'three';
import type { GroupConfig } from '../../../shared/schema/group';
import type { ChildBounds, GroupTransform } from '../../../shared/overlays';
import type { EngineContext } from '../../engine/context';
import { placeGroup } from './matrix';
import { occluded } from './occlusion';

/**
 * The component groups of one stage (spec §2): after each drawn frame, where each group's DOM
 * element goes and whether it shows. Only groups whose transform changed since the last report are
 * sent, in one event, and only when one did: the loop draws on demand, so an idle scene sends
 * nothing, and a frame drawn for something else (an animation under a still camera) sends nothing
 * for groups that stayed put.
 */
export interface GroupOverlays {
  set(id: string, config: GroupConfig): void;
  remove(id: string): void;
  /** Called after a frame was drawn (the camera's matrices are those of that frame). */
  update(): void;
  /** Where each group's panel was drawn by the last update (edit frames, space/childBounds.ts). */
  bounds(out: Map<string, ChildBounds>): void;
  dispose(): void;
}

interface Entry {
  config: GroupConfig;
  anchor: Vector3;
  /** What the main thread was last told; null: nothing yet. */
  sent: GroupTransform | null;
  /** Its anchor is in front of the camera (last update). */
  inFront: boolean;
}

const same = (a: GroupTransform, b: GroupTransform) =>
  a.visible === b.visible && a.opacity === b.opacity && a.matrix.every((v, i) => v === b.matrix[i]);

export function createGroupOverlays(ctx: EngineContext): GroupOverlays {
  const groups = new Map<string, Entry>();

  return {
    set(id, config) {
      const entry = groups.get(id);
      if (entry) entry.config = config;
      else groups.set(id, { config, anchor: new Vector3(), sent: null, inFront: false });
      ctx.invalidate();
    },
    remove(id) {
      groups.delete(id);
    },
    update() {
      if (groups.size === 0) return;
      const { camera, scene } = ctx;
      const { width, height } = ctx.size;
      camera.updateMatrixWorld();
      const changed: Record<string, GroupTransform> = {};
      let any = false;
      for (const [id, entry] of groups) {
        const { config } = entry;
        const placed = placeGroup(config, camera, width, height, entry.anchor);
        entry.inFront = placed.inFront;
        const shown = config.meshConfig.visible && placed.inFront && !occluded(scene, camera, placed.anchor);
        const next: GroupTransform = { matrix: placed.matrix, visible: shown, opacity: config.meshConfig.opacity };
        if (entry.sent && same(entry.sent, next)) continue;
        entry.sent = next;
        changed[id] = next;
        any = true;
      }
      if (any) ctx.emit({ type: 'group-transforms', transforms: changed });
    },
    bounds(out) {
      const { width, height } = ctx.size;
      for (const [id, { config, sent, inFront }] of groups) {
        if (!sent) continue;
        // The panel's corners (element px) through its matrix3d, divided: what the page shows.
        const m = sent.matrix;
        let minX = Infinity,
          minY = Infinity,
          maxX = -Infinity,
          maxY = -Infinity;
        for (const [x, y] of [
          [0, 0],
          [config.layoutWidth, 0],
          [0, config.layoutHeight],
          [config.layoutWidth, config.layoutHeight],
        ] as const) {
          const w = m[3]! * x + m[7]! * y + m[15]!;
          const sx = (m[0]! * x + m[4]! * y + m[12]!) / w;
          const sy = (m[1]! * x + m[5]! * y + m[13]!) / w;
          minX = Math.min(minX, sx);
          maxX = Math.max(maxX, sx);
          minY = Math.min(minY, sy);
          maxY = Math.max(maxY, sy);
        }
        const onCanvas = inFront && maxX >= 0 && minX <= width && maxY >= 0 && minY <= height;
        const state = !onCanvas ? 'out-of-view' : sent.visible ? 'shown' : 'hidden';
        out.set(id, { x: minX, y: minY, width: maxX - minX, height: maxY - minY, state });
      }
    },
    dispose() {
      groups.clear();
    },
  };
}
