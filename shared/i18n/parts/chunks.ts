import { definePart } from './define';

/** A lazily loaded part of the product that did not arrive (spec §8 ChunkLoadError). */
export const chunks = definePart(
  {
    'chunk.failed': 'Loading chunk {id} failed ({type}: {url})',
    'chunk.type.missing': 'missing',
    'chunk.type.timeout': 'timeout',
    'chunk.retry': 'Retry',
    'chunk.settingsLoading': 'Loading the settings…',
    // Under a missing package file (shared/chunk-hints.ts): the host's fix, as docs/host-guide.md words it.
    'chunk.hint.worker':
      "If the page's bundler did not emit the package's render worker (esbuild does not): copy the package's files with `npx dash3d-assets <folder>` and set `files.createWorker` and `files.assetBase` in the host (docs/host-guide.md, \"Serving the package's files yourself\").",
    'chunk.hint.assets':
      "If the page's bundler did not emit the package's asset files (esbuild does not): copy the package's files with `npx dash3d-assets <folder>` and set `files.assetBase` in the host (docs/host-guide.md, \"Serving the package's files yourself\").",
  },
  {
    'chunk.failed': '加载代码块 {id} 失败（{type}：{url}）',
    'chunk.type.missing': '缺失',
    'chunk.type.timeout': '超时',
    'chunk.retry': '重试',
    'chunk.settingsLoading': '正在加载设置…',
    'chunk.hint.worker':
      '若页面的打包工具没有输出本包的渲染 Worker（esbuild 不会输出）：请用 `npx dash3d-assets <目录>` 复制本包的文件，并在宿主中设置 `files.createWorker` 和 `files.assetBase`（docs/host-guide.md："Serving the package\'s files yourself"）。',
    'chunk.hint.assets':
      '若页面的打包工具没有输出本包的资源文件（esbuild 不会输出）：请用 `npx dash3d-assets <目录>` 复制本包的文件，并在宿主中设置 `files.assetBase`（docs/host-guide.md："Serving the package\'s files yourself"）。',
  },
);
