import { App as AntApp } from 'antd';
import type { Dashboard } from 'dash3d';
import { LINK_LIMITS } from '../store/scene-link';
import { errorText, useText } from '../locale';
import { dashboardLink, sceneLink } from '../store/url';

/** How long the clipboard may take before the link is shown instead. */
const CLIPBOARD_WAIT_MS = 5000;

/**
 * The toolbar's **Copy scene link**: a packed `#scene=` link of the document as it is now. When
 * even that is longer than a link can travel (LINK_LIMITS.maxShareChars), the designer is told so,
 * with its size and the limit, and offered to save and copy the `?dashboard=` link instead.
 */
export function useShareLink(doc: Dashboard, mode: 'edit' | 'preview', save: () => Promise<Dashboard>) {
  const text = useText();
  const { message, modal } = AntApp.useApp();

  const copy = async (link: string, done: string) => {
    try {
      // A clipboard that never answers (a page without focus, a browser asking the user) must not
      // leave the designer without one: after a while the link is shown instead.
      await Promise.race([
        navigator.clipboard.writeText(link),
        new Promise((_, reject) => setTimeout(() => reject(new Error('the clipboard did not answer')), CLIPBOARD_WAIT_MS)),
      ]);
      message.success(done);
    } catch {
      message.info(text('playground.linkNotCopied', { link }));
    }
  };

  const saveAndCopy = async () => {
    try {
      const saved = await save();
      await copy(dashboardLink(saved.id, mode), text('playground.link.savedCopied'));
    } catch (err) {
      message.error(text('playground.saveFailed', { reason: errorText(text, err) }));
    }
  };

  return async () => {
    const { link, tooLong, compressed } = await sceneLink(doc, mode);
    if (!tooLong) return copy(link, text(compressed ? 'playground.linkCopied' : 'playground.link.uncompressedCopied'));
    modal.confirm({
      className: 'dash3d-link-too-long',
      title: text('playground.link.tooLong.title'),
      content: text('playground.link.tooLong', {
        size: Math.ceil(link.length / 1024),
        limit: LINK_LIMITS.maxShareChars / 1024,
      }),
      okText: text('playground.link.saveAndShare'),
      cancelText: text('playground.link.cancel'),
      onOk: () => void saveAndCopy(),
    });
  };
}
