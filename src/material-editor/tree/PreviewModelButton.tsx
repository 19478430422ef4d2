import { useMemo, useState } from 'react';
import { Button, Flex } from 'antd';
import type { MediaAccess } from '../../host/types';
import { MediaLibraryModal } from '../../settings/fields/MediaLibraryModal';
import { mediaUrl } from '../../settings/fields/imageUpload';
import { SettingsProvider } from '../../settings/context';
import { sourceFromLibrary } from '../../widgets/model/files';
import { modelFormatOf } from '../../../shared/schema/model';
import type { MediaEntry } from '../../../shared/schema/media';
import { t, type Locale } from '../../../shared/i18n/editor';

/** A model to preview: MaterialPreview's `model` prop. */
export interface PreviewModel {
  url: string;
  files: { uid: string; name: string; url: string }[];
}

export interface PreviewModelButtonProps {
  media: MediaAccess;
  /** The model previewed now, or null while the box is shown. */
  value: PreviewModel | null;
  onChange(model: PreviewModel | null): void;
  locale: Locale;
}

const isModel = (e: MediaEntry) => e.isDir !== true && modelFormatOf(e.name) !== null;

/**
 * Issue 11 point 2: a model from the media library previewed instead of the box, chosen in the
 * model widget's library dialog with the companions of its folder (an .obj's .mtl, a .gltf's .bin),
 * as the model widget's "From the media library" does; "Back to the box" shows the box again.
 */
export function PreviewModelButton({ media, value, onChange, locale }: PreviewModelButtonProps) {
  const [open, setOpen] = useState(false);
  // The dialog's own texts (folders, errors) in the editor's language.
  const settings = useMemo(() => ({ locale, media, issues: new Map() }), [locale, media]);
  return (
    <Flex gap={8} wrap className="dash3d-preview-model">
      <Button onClick={() => setOpen(true)}>{t(locale, 'previewModel.choose')}</Button>
      <Button onClick={() => onChange(null)} disabled={value === null}>
        {t(locale, 'previewModel.box')}
      </Button>
      <SettingsProvider value={settings}>
        <MediaLibraryModal
          open={open}
          media={media}
          onClose={() => setOpen(false)}
          choosable={isModel}
          title={t(locale, 'previewModel.title')}
          chooseLabel={(name) => t(locale, 'previewModel.pick', { name })}
          onPick={(url, entry, folder) => {
            setOpen(false);
            const files = folder.filter((e) => e.isDir !== true).map((e) => ({ name: e.name, url: mediaUrl(media, e.filePath) }));
            const src = sourceFromLibrary({ name: entry.name, url }, files);
            onChange({ url: src.filePath, files: src.fileList });
          }}
        />
      </SettingsProvider>
    </Flex>
  );
}
