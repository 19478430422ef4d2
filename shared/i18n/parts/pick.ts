import { definePart } from './define';

/**
 * The viewer's text of "Pick in scene": the hint over the scene while it waits for a click. The
 * buttons, the gizmo's bar and choosing a model from the media library are the editor's
 * (./pick-panel.ts): a viewer's page never shows them.
 */
export const pick = definePart(
  {
    'pick.hint': 'Click a point in the scene (Esc cancels)',
  },
  {
    'pick.hint': '在场景中点击一个点（按 Esc 取消）',
  },
);
