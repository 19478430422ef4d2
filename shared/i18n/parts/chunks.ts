import { definePart } from './define';

/** A lazily loaded part of the product that did not arrive (spec §8 ChunkLoadError). */
export const chunks = definePart(
  {
    'chunk.failed': 'Loading chunk {id} failed ({type}: {url})',
    'chunk.type.missing': 'missing',
    'chunk.type.timeout': 'timeout',
    'chunk.retry': 'Retry',
    'chunk.settingsLoading': 'Loading the settings…',
  },
  {
    'chunk.failed': '加载代码块 {id} 失败（{type}：{url}）',
    'chunk.type.missing': '缺失',
    'chunk.type.timeout': '超时',
    'chunk.retry': '重试',
    'chunk.settingsLoading': '正在加载设置…',
  },
);
