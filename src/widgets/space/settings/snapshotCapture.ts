import { useEffect, useRef, useState } from 'react';
import type { MessageKey } from '../../../../shared/i18n/editor';
import { SNAPSHOT_THUMBNAIL, snapshotUploadCatalog } from '../../../../shared/schema/media';
import type { Snapshot } from '../../../../shared/schema/snapshot';
import type { MediaAccess } from '../../../host/types';
import { uploadFile } from '../../../media/client';
import type { ThreeDSpaceHandle } from '../spaceHandle';

/** The thumbnail's size: the snapshot bar shows it small, 16:9 like most dashboards' spaces. */
export const THUMBNAIL = { width: 160, height: 90, quality: 0.8 } as const;

/** `{base} {n}` ('Snapshot 3' / '快照 3'), n counting on from the list's length until no snapshot has the name. */
export function uniqueSnapshotName(taken: Iterable<string>, base: string): string {
  const names = new Set(taken);
  let n = names.size + 1;
  while (names.has(`${base} ${n}`)) n++;
  return `${base} ${n}`;
}

/** What the panel shows about the last capture; texts are keys, translated when drawn. */
export type CaptureState =
  | { status: 'idle' }
  | { status: 'capturing' }
  | { status: 'uploading'; name: string; fraction: number }
  | { status: 'done'; key: MessageKey; params: Record<string, string> }
  | { status: 'error'; key: MessageKey; params: Record<string, string> };

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export interface CaptureCallbacks {
  /** The captured snapshot, added at once without img. */
  add(snapshot: Snapshot): void;
  /** The thumbnail of that snapshot (as added; the designer may have renamed it since) is stored at `url`. */
  setImage(snapshot: Snapshot, url: string): void;
}

/**
 * Capture current view: the running camera's pose becomes a snapshot at once (the designer sees it
 * in the list), then the worker's JPEG is uploaded to the media library and its url set as `img`.
 * A failed upload keeps the snapshot without a thumbnail and says why. The panel offers no second
 * capture while one is busy; closing it aborts an upload still running.
 */
export function useSnapshotCapture(media: MediaAccess | undefined, callbacks: CaptureCallbacks) {
  const [state, setState] = useState<CaptureState>({ status: 'idle' });
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  async function capture(handle: ThreeDSpaceHandle, name: string) {
    const abort = new AbortController();
    current.current = abort;
    setState({ status: 'capturing' });
    let snapshot: Snapshot;
    let bytes: ArrayBuffer;
    try {
      // The pose first, then the picture of that pose: nothing moves the camera in between but the
      // designer, and a drag lasting across these two calls is far slower than they are.
      const view = await handle.getView();
      snapshot = { name, position: view.position, target: view.target, img: '' };
      bytes = await handle.captureThumbnail(THUMBNAIL.width, THUMBNAIL.height, THUMBNAIL.quality);
    } catch (err) {
      if (!abort.signal.aborted) setState({ status: 'error', key: 'snapshots.captureFailed', params: { reason: reasonOf(err) } });
      return;
    }
    if (abort.signal.aborted) return;
    callbacks.add(snapshot);
    if (!media) {
      setState({ status: 'error', key: 'snapshots.uploadFailed', params: { name, reason: 'no media library' } });
      return;
    }
    setState({ status: 'uploading', name, fraction: 0 });
    const file = new File([bytes], SNAPSHOT_THUMBNAIL, { type: 'image/jpeg' });
    try {
      const { url } = await uploadFile(media, snapshotUploadCatalog(), file, {
        cover: true,
        signal: abort.signal,
        onProgress: (fraction) => {
          if (!abort.signal.aborted) setState({ status: 'uploading', name, fraction });
        },
      });
      if (abort.signal.aborted) return;
      callbacks.setImage(snapshot, url);
      setState({ status: 'done', key: 'snapshots.captured', params: { name } });
    } catch (err) {
      if (!abort.signal.aborted) setState({ status: 'error', key: 'snapshots.uploadFailed', params: { name, reason: reasonOf(err) } });
    }
  }

  return { state, capture, busy: state.status === 'capturing' || state.status === 'uploading' };
}
