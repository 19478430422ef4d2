import { Box3, Box3Helper, Color, LineBasicMaterial, type Object3D } from 'three';
import type { EngineContext } from '../engine/context';
import type { ModelRegistry } from '../models/registry';

/** The editors' selection blue (the host's frames use it too). */
const SELECTED = new Color('#1677ff');

export interface SelectionOutline {
  /** The child selected in the host's editor (a widget id), or null. */
  select(id: string | null): void;
  /** Before a frame is drawn: the outline follows the selected model (it may move or animate). */
  beforeDraw(): void;
  dispose(): void;
}

/**
 * The selected model outlined in the scene (issue 19: selected in the editor, outlined where it is
 * drawn): its bounding box as lines, drawn over everything. Cards and groups are framed by the
 * host's edit frame, placed from their drawn bounds (childBounds.ts).
 */
export function createSelectionOutline(ctx: EngineContext, models: ModelRegistry): SelectionOutline {
  const box = new Box3();
  const helper = new Box3Helper(box, SELECTED);
  helper.name = 'dash3d-selection';
  // Seen through whatever stands in front of it: the designer must find what they selected.
  const material = new LineBasicMaterial({ color: SELECTED, depthTest: false, transparent: true, toneMapped: false, fog: false });
  (helper.material as LineBasicMaterial).dispose();
  helper.material = material;
  helper.renderOrder = Number.MAX_SAFE_INTEGER;
  helper.visible = false;
  // Picking and Pick in scene ignore it (models.ts picks model nodes only; this keeps rays off it anyway).
  helper.raycast = () => undefined;
  // Drawn with the cards, over the scene at the screen's ratio: over them, as its render order says.
  ctx.overlay.add(helper);
  let selected: string | null = null;

  const target = (): Object3D | null => (selected ? (models.get(selected)?.object ?? null) : null);

  return {
    select(id) {
      if (id === selected) return;
      selected = id;
      ctx.invalidate();
    },
    beforeDraw() {
      const object = target();
      helper.visible = object !== null;
      if (!object) return;
      object.updateWorldMatrix(true, true);
      box.setFromObject(object);
      if (box.isEmpty()) helper.visible = false;
    },
    dispose() {
      helper.removeFromParent();
      helper.geometry.dispose();
      material.dispose();
    },
  };
}
