import { definePart } from './define';

/** Texts of the widgets area (keys prefixed 'widgets.'). */
export const widgets = definePart(
  {
    'widgets.space.title': '3D space',
    'widgets.model.title': '3D model',
    'widgets.card.title': '3D data card',
    'widgets.group.title': '3D component group',

    'widgets.model.source': 'Model files',
    'widgets.model.upload': 'Upload model files',
    'widgets.model.uploadHelp':
      'Upload a model with its companion files together: a .gltf with its .bin and textures, or an .obj with its .mtl and images.',
    'widgets.model.uploadFailed': '{name} could not be uploaded: {reason}',
    'widgets.model.mainFile': 'Model file: {name}',
    'widgets.model.noMainFile': 'None of the files is a model (obj, glb, gltf, fbx or pcd)',
    'widgets.model.adaptive': 'Fit size automatically',
    'widgets.model.update': 'Refresh interval (seconds; 0: never)',

    'widgets.display': 'Display',
    'widgets.isSprite': 'Always face the screen',
    'widgets.isFixd': 'Keep a fixed size',
    'widgets.mesh.placement': 'Placement in the scene',
    'widgets.mesh.position': 'Position',
    'widgets.mesh.rotation': 'Rotation (degrees)',
    'widgets.mesh.scale': 'Scale',

    'widgets.card.mirror': 'data card',
    'widgets.card.empty': 'no data',

    'widgets.group.layout': 'Inner layout',
    'widgets.group.layoutWidth': 'Layout width (px)',
    'widgets.group.layoutHeight': 'Layout height (px)',
  },
  {
    'widgets.space.title': '3D空间',
    'widgets.model.title': '3D模型',
    'widgets.card.title': '3D数据卡片',
    'widgets.group.title': '3D组件组',

    'widgets.model.source': '模型文件',
    'widgets.model.upload': '上传模型文件',
    'widgets.model.uploadHelp': '请将模型与其附属文件一起上传：.gltf 及其 .bin 和贴图，或 .obj 及其 .mtl 和图片。',
    'widgets.model.uploadFailed': '{name} 上传失败：{reason}',
    'widgets.model.mainFile': '模型文件：{name}',
    'widgets.model.noMainFile': '这些文件中没有模型文件（obj、glb、gltf、fbx 或 pcd）',
    'widgets.model.adaptive': '自动适应大小',
    'widgets.model.update': '刷新间隔（秒，0 表示不刷新）',

    'widgets.display': '显示',
    'widgets.isSprite': '始终面向屏幕',
    'widgets.isFixd': '保持固定大小',
    'widgets.mesh.placement': '场景中的摆放',
    'widgets.mesh.position': '位置',
    'widgets.mesh.rotation': '旋转（度）',
    'widgets.mesh.scale': '缩放',

    'widgets.card.mirror': '数据卡片',
    'widgets.card.empty': '无数据',

    'widgets.group.layout': '内部布局',
    'widgets.group.layoutWidth': '布局宽度（像素）',
    'widgets.group.layoutHeight': '布局高度（像素）',
  },
);
