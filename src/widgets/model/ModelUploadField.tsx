import { useEffect, useRef, useState } from 'react';
import { Button, message, Upload, type UploadFile, type UploadProps } from 'antd';
import type { MediaAccess } from '../../host/types';
import { uploadFile } from '../../media/client';
import { checkUploadExtension, modelUploadCatalog } from '../../../shared/schema/media';
import type { ModelConfig, UploadedFile } from '../../../shared/schema/model';
import { t, type Locale } from '../../../shared/i18n';
import { catalogOfUrl, modelSource } from './files';
import { chooseMainFile } from '../../../shared/model-files';
import { LibraryButton } from './settings/LibraryButton';

type Src = ModelConfig['src'];

interface Props {
  media: MediaAccess;
  locale: Locale;
  /** Form.Item fills value and onChange. */
  value?: Src;
  onChange?(next: Src): void;
  id?: string;
}

const toItem = (f: UploadedFile): UploadFile => ({ uid: f.uid, name: f.name, url: f.url, status: 'done' });

/** The finished uploads of a list, as stored in the config; a later upload of a name replaces the earlier. */
function doneFiles(items: UploadFile[]): UploadedFile[] {
  const byName = new Map<string, UploadedFile>();
  for (const it of items) {
    const url = (it.response as { url?: string } | undefined)?.url ?? it.url;
    if (it.status !== 'done' || !url) continue;
    byName.delete(it.name);
    byName.set(it.name, { uid: it.uid, name: it.name, url });
  }
  return [...byName.values()];
}

/**
 * The model widget's source field (spec §3 src, §4 statuses, §5 format check): several files per
 * model, all in one `3d/{id}` catalog so a .gltf finds its .bin and an .obj its .mtl by name. Each
 * finished upload updates src.fileList and src.filePath (the model file among them).
 */
export function ModelUploadField({ media, locale, value, onChange, id }: Props) {
  const [notify, holder] = message.useMessage();
  const stored = value?.fileList ?? [];
  const [items, setItems] = useState<UploadFile[]>(() => stored.map(toItem));
  const catalog = useRef<string | null>(null);

  // Follow a config changed elsewhere (undo, another panel) unless an upload is under way.
  // Followed during render (not in an effect), so no frame shows the old list.
  const storedKey = JSON.stringify(stored);
  const [followed, setFollowed] = useState(storedKey);
  if (followed !== storedKey) {
    setFollowed(storedKey);
    if (!items.some((i) => i.status === 'uploading')) setItems(stored.map(toItem));
  }
  useEffect(() => {
    if (stored.length === 0) catalog.current = null;
  }, [stored.length]);

  const catalogNow = () => (catalog.current ??= stored.map((f) => catalogOfUrl(f.url)).find((c) => c !== null) ?? modelUploadCatalog());

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const refusal = checkUploadExtension(file.name, media.allowedFormats);
    if (!refusal) return true;
    void notify.error(t(locale, refusal.key, { ext: refusal.ext }));
    return Upload.LIST_IGNORE;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    const abort = new AbortController();
    uploadFile(media, catalogNow(), file as File, {
      cover: true,
      signal: abort.signal,
      onProgress: (f) => onProgress?.({ percent: Math.round(f * 100) }),
    }).then(
      (answer) => onSuccess?.(answer),
      (err: Error) => {
        if (abort.signal.aborted) return;
        void notify.error(t(locale, 'widgets.model.uploadFailed', { name: (file as File).name, reason: err.message }));
        onError?.(err);
      },
    );
    return { abort: () => abort.abort() };
  };

  const onUploadChange: UploadProps['onChange'] = ({ file, fileList }) => {
    setItems(fileList);
    if (file.status === 'done') void notify.success(t(locale, 'upload.done', { name: file.name }));
    if (file.status === 'removed') void notify.info(t(locale, 'upload.removed', { name: file.name }));
    // One change per batch: while files picked together are still uploading, a .gltf that is done
    // would be loaded without its .bin and textures (an error, then warnings, then reloads).
    const finished = file.status === 'done' || file.status === 'removed' || file.status === 'error';
    if (finished && !fileList.some((i) => i.status === 'uploading')) {
      const files = doneFiles(fileList);
      if (files.length === 0) catalog.current = null;
      onChange?.(modelSource(files));
    }
  };

  const main = chooseMainFile({ fileList: stored });
  return (
    <div className="dash3d-model-upload">
      {holder}
      <Upload multiple fileList={items} beforeUpload={beforeUpload} customRequest={customRequest} onChange={onUploadChange}>
        <Button id={id}>{t(locale, 'widgets.model.upload')}</Button>
      </Upload>
      <div style={{ marginTop: 4 }}>
        <LibraryButton
          media={media}
          locale={locale}
          onChoose={(src) => {
            // Later uploads start a catalog of their own: the chosen files' folder is not this model's.
            catalog.current = null;
            onChange?.(src);
          }}
        />
      </div>
      <div className="dash3d-model-upload__main" aria-live="polite" style={{ marginTop: 4, opacity: 0.75 }}>
        {stored.length === 0
          ? null
          : main
            ? t(locale, 'widgets.model.mainFile', { name: main.name })
            : t(locale, 'widgets.model.noMainFile')}
      </div>
    </div>
  );
}
