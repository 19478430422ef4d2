import { definePart } from './define';

/**
 * Texts of bounded model loading (keys prefixed 'model.'): a worker sends the key and its
 * parameters with an English message for the console; the scene's corner shows them translated.
 */
export const modelLimits = definePart(
  {
    'model.limit.fileBytes': '{name}: the file is {size}, more than the limit of {limit} per model',
    'model.limit.dataBytes': '{name}: its {what} take {size}, more than the limit of {limit} per model',
    'model.limit.points': '{name}: {count} points exceed the limit of {limit} points per model',
    'model.limit.vertices': '{name}: {count} vertices exceed the limit of {limit} per model',
    'model.decimated': '{name}: drawn with 1 of every {stride} points: {count} points exceed the comfortable {comfortable}',
    'model.truncated': '{name}: the file is cut short ({have} of {declared} bytes); what is missing is not drawn',
    'model.embeddedMissing': '{name}: an embedded image is damaged or missing; the model is drawn without it',
    'model.what.pointData': 'unpacked point data',
    'model.what.buffers': 'buffers',
    'model.what.images': 'decoded images',
  },
  {
    'model.limit.fileBytes': '{name}：文件大小为 {size}，超过每个模型 {limit} 的上限',
    'model.limit.dataBytes': '{name}：{what}占用 {size}，超过每个模型 {limit} 的上限',
    'model.limit.points': '{name}：{count} 个点超过每个模型 {limit} 个点的上限',
    'model.limit.vertices': '{name}：{count} 个顶点超过每个模型 {limit} 的上限',
    'model.decimated': '{name}：每 {stride} 个点只绘制 1 个：{count} 个点超过了适宜的 {comfortable}',
    'model.truncated': '{name}：文件不完整（{have} / {declared} 字节），缺失的部分不会绘制',
    'model.embeddedMissing': '{name}：内嵌图片已损坏或丢失，模型在没有该图片的情况下绘制',
    'model.what.pointData': '解压后的点数据',
    'model.what.buffers': '缓冲区',
    'model.what.images': '解码后的图片',
  },
);
