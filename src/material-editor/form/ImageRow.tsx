import { useState } from 'react';
import { Button, Input, Space } from 'antd';
import { t, type Locale } from '../../../shared/i18n/editor';
import { isImageString } from '../../../shared/schema/material';
import { fileExtension } from '../../../shared/schema/media';
import { urlPath } from '../../../shared/paths';
import type { MediaAccess } from '../../host/types';
import { MediaLibraryModal } from '../../settings/fields/MediaLibraryModal';
import { Row } from './Row';
import { useDraft } from './useDraft';

export interface ImageRowProps {
  field: string;
  label: string;
  /** The image URL, or '' for none. */
  value: string;
  /** A new image URL, or '' to clear the slot. */
  onChange(url: string): void;
  media?: MediaAccess;
  locale: Locale;
  disabled?: boolean;
}

/**
 * A texture slot (or the envMap background): an image URL typed, chosen from the media library
 * (images only) or cleared. Only a URL ending in a spec §5 image extension (any case) is sent; any
 * other is refused at the field with the extension named, and the slot keeps its image.
 */
export function ImageRow({ field, label, value, onChange, media, locale, disabled }: ImageRowProps) {
  const [draft, setDraft, sent] = useDraft(value);
  const [browsing, setBrowsing] = useState(false);
  const id = `material-form-${field}`;
  const text = draft.trim();
  const refused = text !== '' && !isImageString(text);
  const send = (next: string) => {
    setDraft(next);
    const url = next.trim();
    if (url !== '' && !isImageString(url)) return;
    sent(url);
    onChange(url);
  };
  const error = refused ? t(locale, 'msg.unsupportedFormat', { ext: fileExtension(urlPath(text)) || text }) : null;
  return (
    <Row label={label} id={id} error={error}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          aria-label={label}
          aria-invalid={refused ? true : undefined}
          placeholder="https://…/image.png"
          value={draft}
          disabled={disabled}
          onChange={(e) => send(e.target.value)}
        />
        {media ? (
          <Button disabled={disabled} aria-label={t(locale, 'materialForm.fromLibrary', { label })} onClick={() => setBrowsing(true)}>
            {t(locale, 'materialForm.library')}
          </Button>
        ) : null}
        <Button disabled={disabled || draft === ''} aria-label={t(locale, 'materialForm.clear', { label })} onClick={() => send('')}>
          ×
        </Button>
      </Space.Compact>
      {media ? (
        <MediaLibraryModal
          open={browsing}
          media={media}
          onClose={() => setBrowsing(false)}
          onPick={(url) => {
            setBrowsing(false);
            send(url);
          }}
        />
      ) : null}
    </Row>
  );
}
