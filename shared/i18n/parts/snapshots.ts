import { definePart } from './define';

/** Capturing camera snapshots from the running scene (the space's snapshot panel): the editor's catalogue (../editor.ts). */
export const snapshots = definePart(
  {
    'snapshots.capture': 'Capture current view',
    'snapshots.notRunning': 'The 3D space is not running: show it on the dashboard to capture its view',
    'snapshots.uploading': 'Uploading the thumbnail of {name}…',
    'snapshots.captured': '{name} added with its thumbnail',
    'snapshots.uploadFailed': '{name} was added without a thumbnail: the upload failed ({reason})',
    'snapshots.captureFailed': 'The view could not be captured: {reason}',
  },
  {
    'snapshots.capture': '捕获当前视角',
    'snapshots.notRunning': '3D 空间未运行：请先在仪表盘上显示它，再捕获视角',
    'snapshots.uploading': '正在上传 {name} 的缩略图…',
    'snapshots.captured': '已添加 {name}（含缩略图）',
    'snapshots.uploadFailed': '已添加 {name}，但缩略图上传失败（{reason}）',
    'snapshots.captureFailed': '无法捕获当前视角：{reason}',
  },
);
