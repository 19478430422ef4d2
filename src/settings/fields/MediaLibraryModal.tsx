import { useEffect, useState } from 'react';
import { Breadcrumb, Button, Empty, Flex, Modal, Spin, Typography } from 'antd';
import { IMAGE_EXTENSIONS } from '../../../shared/schema/material';
import { fileExtension, type MediaEntry } from '../../../shared/schema/media';
import type { MediaAccess } from '../../host/types';
import { listCatalog } from '../../media/client';
import { useSettings } from '../context';
import { mediaUrl } from './imageUpload';
import { useLatest } from '../../host/useLatest';

export interface MediaLibraryModalProps {
  open: boolean;
  media: MediaAccess;
  onClose(): void;
  /** The chosen file's URL (media base URL + its filePath), its entry, and the folder it was chosen in. */
  onPick(url: string, entry: MediaEntry, folder: readonly MediaEntry[]): void;
  /** Which files may be chosen (default: images, shown as thumbnails; others show a file icon). */
  choosable?(entry: MediaEntry): boolean;
  /** The dialog's title and a file button's accessible name (default: the image texts). */
  title?: string;
  chooseLabel?(name: string): string;
}

/** A folder: the service says so (isDir), or, from a service that doesn't, a name without an extension. */
const isFolder = (e: MediaEntry) => e.isDir ?? fileExtension(e.name) === '';
const isImage = (e: MediaEntry) => (IMAGE_EXTENSIONS as readonly string[]).includes('.' + fileExtension(e.name));
const TILE = { width: 112, height: 112, padding: 4, whiteSpace: 'normal' as const };

/**
 * Browses the media library (spec §7 listing; errors are silent, so a failed listing just looks
 * empty): folders open, images show themselves as thumbnails and are chosen with a click. The
 * model panel offers model files instead (`choosable`), and reads the folder for their companions.
 */
export function MediaLibraryModal({ open, media, onClose, onPick, choosable = isImage, title, chooseLabel }: MediaLibraryModalProps) {
  const { t } = useSettings();
  const [catalog, setCatalog] = useState('');
  // A listing belongs to the library and folder it was made for; another folder shows none (loading) until its own arrives.
  const [listing, setListing] = useState<{ key: string; entries: MediaEntry[] } | null>(null);
  const listingKey = `${media.baseUrl}\n${catalog}`;
  const entries = listing?.key === listingKey ? listing.entries : null;

  // Hosts may hand over a new media object on every render (a live variable ticking): listing
  // again only when the library itself or the folder changes keeps an open dialog still.
  const access = useLatest(media);
  useEffect(() => {
    if (!open) return;
    let live = true;
    void listCatalog(access.current, catalog).then((list) => {
      if (live) setListing({ key: listingKey, entries: list });
    });
    return () => {
      live = false;
    };
  }, [open, listingKey, access, catalog]);

  const segments = catalog ? catalog.split('/') : [];
  const crumbs = [
    { key: '', title: t('settings.libraryRoot') },
    ...segments.map((s, i) => ({ key: segments.slice(0, i + 1).join('/'), title: s })),
  ].map((c, i, all) => ({
    key: c.key || '(root)',
    title:
      i === all.length - 1 ? (
        c.title
      ) : (
        <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} onClick={() => setCatalog(c.key)}>
          {c.title}
        </Button>
      ),
  }));
  const folders = entries?.filter(isFolder) ?? [];
  const images = entries?.filter((e) => !isFolder(e) && choosable(e)) ?? [];
  const pathOf = (e: MediaEntry) => e.path || (catalog ? `${catalog}/${e.name}` : e.name);

  return (
    <Modal open={open} title={title ?? t('settings.libraryTitle')} footer={null} onCancel={onClose} destroyOnHidden width={640}>
      <Breadcrumb items={crumbs} style={{ marginBottom: 12 }} />
      {entries === null ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin aria-label={t('settings.libraryLoading')} />
        </Flex>
      ) : folders.length + images.length === 0 ? (
        <Empty description={t('settings.libraryEmpty')} />
      ) : (
        <Flex wrap gap={8}>
          {folders.map((f) => (
            <Button
              key={pathOf(f)}
              style={TILE}
              aria-label={t('settings.openFolder', { name: f.name })}
              title={f.name}
              onClick={() => setCatalog(pathOf(f))}
            >
              <Flex vertical align="center" gap={4}>
                <FolderIcon />
                <Typography.Text ellipsis style={{ maxWidth: 100 }}>
                  {f.name}
                </Typography.Text>
              </Flex>
            </Button>
          ))}
          {images.map((img) => {
            const url = mediaUrl(media, img.filePath);
            return (
              <Button
                key={pathOf(img)}
                style={TILE}
                aria-label={chooseLabel ? chooseLabel(img.name) : t('settings.chooseImage', { name: img.name })}
                title={img.name}
                onClick={() => onPick(url, img, entries ?? [])}
              >
                <Flex vertical align="center" gap={4}>
                  {isImage(img) ? (
                    <img src={url} alt="" loading="lazy" style={{ width: 96, height: 72, objectFit: 'contain' }} />
                  ) : (
                    <FileIcon ext={fileExtension(img.name)} />
                  )}
                  <Typography.Text ellipsis style={{ maxWidth: 100 }}>
                    {img.name}
                  </Typography.Text>
                </Flex>
              </Button>
            );
          })}
        </Flex>
      )}
    </Modal>
  );
}

/** A file that is not an image (a model): its extension on a page. */
function FileIcon({ ext }: { ext: string }) {
  // An image, not inline SVG text: the letters are a picture of the file's kind, and as text they
  // would be part of the button's visible label, which then no longer matches its accessible name
  // ("Choose box.gltf"; WCAG 2.5.3, axe's label-content-name-mismatch).
  const label = ext
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 4);
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="56" viewBox="0 0 48 56">' +
    '<path d="M4 2h28l12 12v38a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z" fill="#e8eef7" stroke="#8fa3bf"/>' +
    `<text x="24" y="40" text-anchor="middle" font-size="11" font-family="sans-serif" fill="#3d5a80">${label}</text></svg>`;
  return <img src={`data:image/svg+xml,${encodeURIComponent(svg)}`} alt="" width={48} height={56} />;
}

/** Drawn here rather than an emoji: not every system has an emoji font. */
function FolderIcon() {
  return (
    <svg width="48" height="40" viewBox="0 0 48 40" aria-hidden focusable="false">
      <path d="M2 6a3 3 0 0 1 3-3h13l4 5h21a3 3 0 0 1 3 3v24a3 3 0 0 1-3 3H5a3 3 0 0 1-3-3z" fill="#f5c451" stroke="#d9a22e" />
    </svg>
  );
}
