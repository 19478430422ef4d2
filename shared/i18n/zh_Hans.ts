import type { MessageKey } from './en';
import { widgets } from './parts/widgets';
import { documents } from './parts/documents';
import { modelLimits } from './parts/model-limits';
import { chunks } from './parts/chunks';
import { pick } from './parts/pick';

/** Simplified Chinese. Typed against the English keys: a missing or extra key is a type error. */
export const zh_Hans: Record<MessageKey, string> = {
  'msg.valueRange': '超出取值范围',
  'msg.notAColour': '不是有效的颜色',
  'msg.nameEmpty': '名称不能为空',
  'msg.snapshotNameExists': '快照名称已存在',
  'msg.nameDuplicated': '名称不能重复',
  'msg.targetMustBeFolder': '目标文件必须是文件夹',
  'msg.sameFolderMove': '不支持在同一文件夹内移动',
  'msg.unsupportedFormat': '媒体库未配置的不支持的文件格式：{ext}',
  'msg.invalidConfig': '无效的设置',
  'msg.farNotBeyondNear': '远端值必须大于近端值',
  'msg.minAboveMax': '最小值不能大于最大值',

  'ui.placeInSpace': '请将其放置在3D空间中',
  'ui.doubleClickToEdit': '双击编辑',
  'ui.editGroup': '编辑3D组件组',
  'ui.sceneError': '发生错误，可能是模型文件损坏或丢失！',
  'ui.loading': '加载中…',
  'ui.waitingTurn': '排队等待中：本页其他3D场景先绘制',
  'ui.scene': '3D场景',
  'ui.snapshots': '相机快照',
  'ui.axisX': 'X轴',
  'ui.axisY': 'Y轴',
  'ui.axisZ': 'Z轴',
  'upload.done': '{name} 上传成功',
  'upload.removed': '{name} 已移除',

  'notice.scriptsDisabled': '脚本已关闭：场景停止响应，已重新启动',
  'notice.restarted': '渲染器停止后，场景已重新启动',
  'notice.fallback': '正在主线程中渲染：此浏览器无法在 Worker 中渲染',
  'notice.contextLost': 'WebGL 上下文丢失，正在等待恢复',

  'error.invalidConfig': '无效的设置',
  'error.script': '脚本错误',

  ...widgets.zh_Hans,
  ...documents.zh_Hans,
  ...modelLimits.zh_Hans,
  ...chunks.zh_Hans,
  ...pick.zh_Hans,
};
