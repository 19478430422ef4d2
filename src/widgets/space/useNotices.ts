import { useCallback, useState } from 'react';
import type { NoticeText } from './noticeText';

export interface Notice {
  key: string;
  detail?: string;
  /** Shown instead of the key's own text (a notice per model keys itself by the model). */
  text?: NoticeText;
  /** Lines under the notice (each failed model's reason). */
  details?: NoticeText[];
}

export interface NoticeSink {
  /** Shows the notice, replacing one with the same key. */
  add(n: Notice): void;
  drop(key: string): void;
}

/** The notices in a space's corner (restarts, context loss, failed models), one per key. */
export function useNotices(): NoticeSink & { notices: Notice[] } {
  const [notices, setNotices] = useState<Notice[]>([]);
  const add = useCallback((n: Notice) => setNotices((list) => [...list.filter((x) => x.key !== n.key), n]), []);
  const drop = useCallback((key: string) => setNotices((list) => list.filter((x) => x.key !== key)), []);
  return { notices, add, drop };
}
