import { useEffect, useRef, useState } from 'react';
import type { MessageKey } from '../../../shared/i18n/editor';
import { IMAGE_EXTENSIONS } from '../../../shared/schema/material';
import { MSG } from '../../../shared/schema/common';
import { checkUploadExtension, fileExtension, randomId, type UploadRefusal } from '../../../shared/schema/media';
import type { MediaAccess } from '../../host/types';
import { uploadFile } from '../../media/client';

const IMAGE_FORMATS = IMAGE_EXTENSIONS.map((e) => e.slice(1));
/** For the file dialog: only image files are offered. */
export const IMAGE_ACCEPT = IMAGE_EXTENSIONS.join(',');

/**
 * Spec §5 for an image field: refused when the media library's list (if it has one) lacks the
 * extension, and, this being an image field, when the file is not an image at all.
 */
export function imageUploadRefusal(fileName: string, allowedFormats: readonly string[]): UploadRefusal | null {
  const refusal = checkUploadExtension(fileName, allowedFormats);
  if (refusal) return refusal;
  const ext = fileExtension(fileName);
  return IMAGE_FORMATS.includes(ext) ? null : { key: MSG.unsupportedFormat, ext };
}

/** A URL the browser can load for a media entry's filePath ('/media/a.png'), against the media base URL. */
export function mediaUrl(media: MediaAccess, filePath: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(filePath)) return filePath;
  return media.baseUrl.replace(/\/+$/, '') + (filePath.startsWith('/') ? '' : '/') + filePath;
}

/** What the field shows; texts are keys, translated when drawn so a language switch reaches them. */
export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; name: string; fraction: number }
  | { status: 'done'; name: string }
  | { status: 'error'; key: MessageKey; params: Record<string, string> };

/**
 * Uploads one image into its own `{catalog}/{random id}` folder (so same-named files never replace
 * each other) and hands the stored url over. A newer upload or unmounting aborts the older one.
 */
export function useImageUpload(media: MediaAccess | undefined, catalog: string, onUploaded: (url: string) => void) {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  function start(file: File) {
    if (!media) return;
    const refusal = imageUploadRefusal(file.name, media.allowedFormats);
    if (refusal) {
      setState({ status: 'error', key: refusal.key, params: { ext: refusal.ext } });
      return;
    }
    current.current?.abort();
    const abort = new AbortController();
    current.current = abort;
    setState({ status: 'uploading', name: file.name, fraction: 0 });
    uploadFile(media, `${catalog}/${randomId()}`, file, {
      cover: true,
      signal: abort.signal,
      onProgress: (fraction) => {
        if (!abort.signal.aborted) setState({ status: 'uploading', name: file.name, fraction });
      },
    }).then(
      ({ url }) => {
        if (abort.signal.aborted) return;
        setState({ status: 'done', name: file.name });
        onUploaded(url);
      },
      (err: unknown) => {
        if (abort.signal.aborted) return;
        const reason = err instanceof Error ? err.message : String(err);
        setState({ status: 'error', key: 'settings.uploadFailed', params: { name: file.name, reason } });
      },
    );
  }

  return { state, start, busy: state.status === 'uploading' };
}
