import { definePart } from './define';

/** Texts of "Pick in scene" and of choosing a model from the media library (keys prefixed 'pick.' and 'modelLibrary.'). */
export const pick = definePart(
  {
    'pick.button': 'Pick in scene',
    'pick.cancel': 'Cancel picking',
    'pick.hint': 'Click a point in the scene (Esc cancels)',
    'pick.notInSpace': 'Place this widget in a 3D space (and let the space run) to pick a point in it',
    'pick.missed': 'Nothing there: click on a model or on the ground',
    'pick.failed': 'The point could not be picked: {reason}',
    'pick.done': 'Placed at ({x}, {y}, {z})',
    'pick.modelPosition': 'Position in the space',
    'modelLibrary.button': 'From the media library',
    'modelLibrary.chosen': 'Model chosen: {name}',
    'modelLibrary.title': 'Choose a model from the media library',
    'modelLibrary.choose': 'Choose {name}',
  },
  {
    'pick.button': '在场景中拾取',
    'pick.cancel': '取消拾取',
    'pick.hint': '在场景中点击一个点（按 Esc 取消）',
    'pick.notInSpace': '请将此组件放入 3D 空间（并让空间运行）后再在其中拾取点',
    'pick.missed': '该处没有物体：请点击模型或地面',
    'pick.failed': '无法拾取该点：{reason}',
    'pick.done': '已放置在 ({x}, {y}, {z})',
    'pick.modelPosition': '在空间中的位置',
    'modelLibrary.button': '从媒体库选择',
    'modelLibrary.chosen': '已选择模型：{name}',
    'modelLibrary.title': '从媒体库选择模型',
    'modelLibrary.choose': '选择 {name}',
  },
);
