import { useRef, useState, type ReactNode } from 'react';
import { Button, Flex, Form, Progress, Typography } from 'antd';
import type { MediaAccess } from '../../host/types';
import { errorProps, useFieldMeta, useSettings } from '../context';
import type { FieldPath } from '../schemaPath';
import { CommitInput } from './CommitInput';
import { IMAGE_ACCEPT, useImageUpload } from './imageUpload';
import { MediaLibraryModal } from './MediaLibraryModal';

export interface ImageFieldProps {
  name: FieldPath;
  label: ReactNode;
  /** The host's media library; defaults to the one the settings form was given. */
  media?: MediaAccess;
  /** Uploads go to `{uploadCatalog}/{random id}`. */
  uploadCatalog?: string;
}

/** An image URL: typed or pasted, chosen from the media library, or uploaded into it. */
export function ImageField({ name, label, media, uploadCatalog = 'images' }: ImageFieldProps) {
  const meta = useFieldMeta(name);
  return (
    <Form.Item name={name} label={label} {...errorProps(meta.error)}>
      <ImageInput media={media ?? meta.media} uploadCatalog={uploadCatalog} label={typeof label === 'string' ? label : undefined} />
    </Form.Item>
  );
}

interface ImageInputProps {
  value?: string;
  onChange?(value: string): void;
  id?: string;
  media?: MediaAccess;
  uploadCatalog: string;
  label?: string;
}

export function ImageInput({ value = '', onChange, id, media, uploadCatalog, label }: ImageInputProps) {
  const { t } = useSettings();
  const [libraryOpen, setLibraryOpen] = useState(false);
  const [broken, setBroken] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useImageUpload(media, uploadCatalog, (url) => onChange?.(url));
  const { state } = upload;
  const preview = value;

  return (
    <Flex vertical gap={6}>
      <CommitInput id={id} value={value} onChange={onChange} placeholder={t('settings.imageUrl')} />
      <Flex gap={8} wrap>
        <Button disabled={!media} onClick={() => setLibraryOpen(true)}>
          {t('settings.mediaLibrary')}
        </Button>
        <Button disabled={!media || upload.busy} onClick={() => fileInput.current?.click()}>
          {t('settings.upload')}
        </Button>
        {value ? <Button onClick={() => onChange?.('')}>{t('settings.clear')}</Button> : null}
        {/* The real file input, driven by the button above (which is what keyboard users reach). */}
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_ACCEPT}
          aria-label={label ? `${t('settings.upload')}: ${label}` : t('settings.upload')}
          tabIndex={-1}
          style={{ display: 'none' }}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) upload.start(file);
          }}
        />
      </Flex>
      {state.status === 'uploading' ? (
        <div role="status">
          <Typography.Text type="secondary">{t('settings.uploading', { name: state.name })}</Typography.Text>
          <Progress percent={Math.round(state.fraction * 100)} size="small" />
        </div>
      ) : null}
      {state.status === 'done' ? (
        <Typography.Text type="success" role="status">
          {t('upload.done', { name: state.name })}
        </Typography.Text>
      ) : null}
      {state.status === 'error' ? (
        <Typography.Text type="danger" role="alert">
          {t(state.key, state.params)}
        </Typography.Text>
      ) : null}
      {preview && broken !== preview ? (
        <img
          src={preview}
          alt=""
          onError={() => setBroken(preview)}
          style={{ maxWidth: '100%', maxHeight: 80, objectFit: 'contain', alignSelf: 'flex-start' }}
        />
      ) : null}
      {media ? (
        <MediaLibraryModal
          open={libraryOpen}
          media={media}
          onClose={() => setLibraryOpen(false)}
          onPick={(url) => {
            setLibraryOpen(false);
            onChange?.(url);
          }}
        />
      ) : null}
    </Flex>
  );
}
