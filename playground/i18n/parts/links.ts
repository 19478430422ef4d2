import { definePart } from '../define';

/** Texts of the `#scene=` share link (store/url.ts, store/scene-link.ts, editor/useShareLink.ts). */
export const links = definePart(
  {
    'playground.error.sceneTooLarge': 'The linked document unpacks to more than {limit} MB and was not opened',
    'playground.error.sceneNotPacked': 'The scene in the link is damaged: it is neither a packed nor a plain dashboard document',
    'playground.link.tooLong.title': 'This scene is too large for a link',
    'playground.link.tooLong':
      'Even compressed, the link is {size} kB; links longer than {limit} kB are cut off or refused by browsers and chat tools. Save the dashboard and share its ?dashboard= link instead.',
    'playground.link.saveAndShare': 'Save and copy ?dashboard= link',
    'playground.link.cancel': 'Cancel',
    'playground.link.savedCopied': 'Saved; a ?dashboard= link that opens it was copied',
    'playground.error.sceneNeedsUnpacking':
      'This browser cannot unpack the scene in the link (it has no DecompressionStream). Open the link in a current Chrome, Edge, Firefox or Safari, or ask for a ?dashboard= link',
    'playground.link.uncompressedCopied':
      'A link that opens this scene was copied, uncompressed: this browser cannot compress links (it has no CompressionStream), so it is longer than usual',
  },
  {
    'playground.error.sceneTooLarge': '链接中的文档解压后超过 {limit} MB，未打开',
    'playground.error.sceneNotPacked': '链接中的场景已损坏：既不是压缩的也不是未压缩的仪表板文档',
    'playground.link.tooLong.title': '此场景过大，无法通过链接分享',
    'playground.link.tooLong':
      '即使经过压缩，链接仍有 {size} kB；超过 {limit} kB 的链接会被浏览器和聊天工具截断或拒绝。请保存仪表板，改为分享其 ?dashboard= 链接。',
    'playground.link.saveAndShare': '保存并复制 ?dashboard= 链接',
    'playground.link.cancel': '取消',
    'playground.link.savedCopied': '已保存，并已复制可打开它的 ?dashboard= 链接',
    'playground.error.sceneNeedsUnpacking':
      '此浏览器无法解压链接中的场景（不支持 DecompressionStream）。请在较新的 Chrome、Edge、Firefox 或 Safari 中打开此链接，或索取 ?dashboard= 链接',
    'playground.link.uncompressedCopied':
      '已复制可打开此场景的链接（未压缩）：此浏览器无法压缩链接（不支持 CompressionStream），因此链接比通常更长',
  },
);
