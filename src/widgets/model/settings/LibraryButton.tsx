import { useState } from 'react';
import { Button, message } from 'antd';
import type { MediaAccess } from '../../../host/types';
import { MediaLibraryModal } from '../../../settings/fields/MediaLibraryModal';
import { mediaUrl } from '../../../settings/fields/imageUpload';
import { modelFormatOf, type ModelConfig } from '../../../../shared/schema/model';
import type { MediaEntry } from '../../../../shared/schema/media';
import { t, type Locale } from '../../../../shared/i18n/editor';
import { sourceFromLibrary } from '../files';

interface Props {
  media: MediaAccess;
  locale: Locale;
  onChoose(src: ModelConfig['src']): void;
}

const isModel = (e: MediaEntry) => e.isDir !== true && modelFormatOf(e.name) !== null;

/**
 * The model source from the media library (issue 10 §8): the designer's earlier uploads and the
 * built-in samples, browsed with the image field's dialog; a model file is chosen with the
 * companions of its folder, so a multi-file model loads as it did when it was uploaded.
 */
export function LibraryButton({ media, locale, onChoose }: Props) {
  const [open, setOpen] = useState(false);
  const [notify, holder] = message.useMessage();
  return (
    <>
      {holder}
      <Button onClick={() => setOpen(true)}>{t(locale, 'modelLibrary.button')}</Button>
      <MediaLibraryModal
        open={open}
        media={media}
        onClose={() => setOpen(false)}
        choosable={isModel}
        title={t(locale, 'modelLibrary.title')}
        chooseLabel={(name) => t(locale, 'modelLibrary.choose', { name })}
        onPick={(url, entry, folder) => {
          setOpen(false);
          const files = folder.filter((e) => e.isDir !== true).map((e) => ({ name: e.name, url: mediaUrl(media, e.filePath) }));
          onChoose(sourceFromLibrary({ name: entry.name, url }, files));
          void notify.success(t(locale, 'modelLibrary.chosen', { name: entry.name }));
        }}
      />
    </>
  );
}
