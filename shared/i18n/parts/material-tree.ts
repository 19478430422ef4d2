import { definePart } from './define';

/** The material editor's tree of the previewed model's parts, and the model chooser (issue 11 points 2, 6). */
export const materialTree = definePart(
  {
    'materialTree.label': 'Part to edit',
    'materialTree.placeholder': 'Choose a part of the model',
    'materialTree.empty': 'Preview a model to edit its parts',
    'materialTree.clear': 'Clear',
    'materialTree.clearLabel': 'Restore the original material of the chosen part',
    'materialTree.listEntry': '{title} (material {index})',
    'previewModel.choose': 'Preview a model',
    'previewModel.title': 'Choose a model to preview',
    'previewModel.pick': 'Preview {name}',
    'previewModel.box': 'Back to the box',
  },
  {
    'materialTree.label': '要编辑的部件',
    'materialTree.placeholder': '选择模型的一个部件',
    'materialTree.empty': '预览一个模型以编辑其部件',
    'materialTree.clear': '清除',
    'materialTree.clearLabel': '恢复所选部件的原始材质',
    'materialTree.listEntry': '{title}（材质 {index}）',
    'previewModel.choose': '预览模型',
    'previewModel.title': '选择要预览的模型',
    'previewModel.pick': '预览 {name}',
    'previewModel.box': '返回立方体',
  },
);
