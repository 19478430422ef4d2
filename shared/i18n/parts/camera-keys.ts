import { definePart } from './define';

/** The keys of a focused space's camera (issue 42 point 1), shown while it has keyboard focus. */
export const cameraKeys = definePart(
  {
    'keys.orbit':
      'Arrow keys turn the view, Shift + arrow keys move it, + and − (or Page Up and Page Down) zoom, Home goes back to the starting view, Esc leaves the scene.',
    'keys.pointerLock':
      'W A S D or the arrow keys walk, Space jumps, a click lets the mouse look around, Home goes back to the starting view, Esc leaves the scene.',
    'keys.fly':
      'W and S or the up and down arrow keys fly forward and back, A and D or the left and right arrow keys slide, E or Space rises, Q or Shift sinks, dragging looks around, Home goes back to the starting view, Esc leaves the scene.',
  },
  {
    'keys.orbit': '方向键旋转视角，Shift + 方向键平移，+ 和 −（或 Page Up 和 Page Down）缩放，Home 回到初始视角，Esc 离开场景。',
    'keys.pointerLock': 'W A S D 或方向键行走，空格跳跃，单击后用鼠标环顾，Home 回到初始视角，Esc 离开场景。',
    'keys.fly':
      'W 和 S 或上下方向键前后飞行，A 和 D 或左右方向键横移，E 或空格上升，Q 或 Shift 下降，拖动环顾，Home 回到初始视角，Esc 离开场景。',
  },
);
