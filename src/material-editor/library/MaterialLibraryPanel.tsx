import { useEffect, useMemo, useState } from 'react';
import { Button, Flex, Input, Typography } from 'antd';
import type { MediaAccess } from '../../host/types';
import { t, type Locale, type MessageKey } from '../../../shared/i18n/editor';
import type { Material } from '../../../shared/schema/material';
import { LibraryError, reasonOf } from './errors';
import { LibraryGrid } from './LibraryGrid';
import { useMaterialLibrary, type LibraryItem } from './listing';
import { openMaterial } from './open';
import { checkName, deleteMaterial, duplicateMaterial, renameMaterial, saveMaterial } from './store';
import { ItemActions, type Pending } from './ItemActions';

export interface MaterialLibraryPanelProps {
  media: MediaAccess;
  locale: Locale;
  /** The material in the editor now: what Save writes. */
  current: Material | null;
  /** The preview's JPEG of `current` (MaterialPreviewHandle.thumbnail), saved as cut.jpg. */
  thumbnail(): Promise<Blob>;
  /**
   * A material was opened from the library, or `current` was just saved as `item` (then `material`
   * is `current` under its saved name): the editor shows it and passes `item` back as `opened`.
   */
  onOpen(material: Material, item: LibraryItem): void;
  /** The library item `current` came from: Save writes into its folder. Uncontrolled when absent. */
  opened?: LibraryItem | null;
  /** Changing it lists the library again (e.g. after the host saved elsewhere). */
  refreshKey?: unknown;
  /** `current` was saved as `item` (after onOpen with the saved material). */
  onSaved?(material: Material, item: LibraryItem): void;
}

interface Status {
  error: boolean;
  text: string;
}

const matches = (query: string) => (item: LibraryItem) => item.name.toLowerCase().includes(query.trim().toLowerCase());

/**
 * Spec §7 material library: the user's and the built-in materials as thumbnails with names, a
 * search box, Save / Save as new with a name, and Duplicate / Rename / Delete for the selected item
 * (built-ins: open and duplicate only). Every failure is shown and changes nothing in the editor.
 */
export function MaterialLibraryPanel({
  media,
  locale,
  current,
  thumbnail,
  onOpen,
  opened,
  refreshKey,
  onSaved,
}: MaterialLibraryPanelProps) {
  const [ownRefresh, setOwnRefresh] = useState(0);
  const library = useMaterialLibrary(media, true, `${String(refreshKey)}:${ownRefresh}`);
  const [openedLocal, setOpenedLocal] = useState<LibraryItem | null>(null);
  const openedItem = opened !== undefined ? opened : openedLocal;
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const [name, setName] = useState(current?.name ?? '');
  const [status, setStatus] = useState<Status | null>(null);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const tr = (key: MessageKey, params?: Record<string, string | number>) => t(locale, key, params);

  // A material opened or loaded from elsewhere brings its own name into the save box.
  const currentUuid = current?.uuid;
  const currentName = current?.name;
  useEffect(() => setName(currentName ?? ''), [currentUuid, currentName, openedItem?.path]);

  const users = useMemo(() => library?.user ?? [], [library]);
  const all = useMemo(() => [...users, ...(library?.builtIn ?? [])], [users, library]);
  const selectedItem = all.find((i) => i.path === selected) ?? null;

  /** Runs one library action: busy while it runs, its outcome (or failure) in the status line. */
  const run = async (action: () => Promise<string | null>) => {
    setBusy(true);
    setStatus(null);
    try {
      const done = await action();
      if (done) setStatus({ error: false, text: done });
    } catch (err) {
      setStatus({ error: true, text: err instanceof LibraryError ? tr(err.key, err.params) : reasonOf(err) });
    } finally {
      setBusy(false);
    }
  };

  const markOpened = (material: Material, item: LibraryItem) => {
    setOpenedLocal(item);
    onOpen(material, item);
  };

  const open = (item: LibraryItem) =>
    run(async () => {
      const material = await openMaterial(media, item, locale);
      markOpened(material, item);
      return tr('library.opened', { name: item.name });
    });

  const save = (asNew: boolean) =>
    run(async () => {
      if (!current) throw new LibraryError('library.nothingToSave');
      const existing = asNew ? null : openedItem;
      // The name is checked before the preview is asked for a thumbnail: a refusal costs nothing.
      checkName(name, users, existing?.builtIn ? null : existing);
      const jpeg = await thumbnail();
      const material = { ...current, name };
      const onProgress = (f: number) =>
        setStatus({ error: false, text: tr('library.saving', { name: name.trim(), percent: Math.round(f * 100) }) });
      const item = await saveMaterial(media, material, jpeg, { existing, users, onProgress });
      setOwnRefresh((n) => n + 1);
      setSelected(item.path);
      const saved = { ...material, name: item.name };
      markOpened(saved, item);
      onSaved?.(saved, item);
      return tr('library.saved', { name: item.name });
    });

  const act = (p: Pending) =>
    run(async () => {
      setPending(null);
      const item = all.find((i) => i.path === p.path);
      if (!item) return null;
      if (p.kind === 'delete') {
        await deleteMaterial(media, item);
        if (openedItem?.path === item.path) setOpenedLocal(null);
        setOwnRefresh((n) => n + 1);
        return tr('library.deleted', { name: item.name });
      }
      const made =
        p.kind === 'rename'
          ? await renameMaterial(media, item, p.value, users, locale)
          : await duplicateMaterial(media, item, users, locale);
      setOwnRefresh((n) => n + 1);
      setSelected(made.path);
      if (p.kind === 'rename' && openedItem?.path === item.path) setOpenedLocal(made);
      return tr(p.kind === 'rename' ? 'library.renamed' : 'library.duplicated', { name: made.name });
    });

  const section = (label: string, items: readonly LibraryItem[]) => (
    <section aria-label={label}>
      <Typography.Text strong>{label}</Typography.Text>
      {library === null ? (
        <div>{tr('library.loading')}</div>
      ) : (
        <LibraryGrid
          label={label}
          items={items.filter(matches(query))}
          selected={selected}
          openedPath={openedItem?.path ?? null}
          emptyText={tr('library.empty')}
          onSelect={(i) => setSelected(i.path)}
          onOpen={(i) => void open(i)}
        />
      )}
    </section>
  );

  return (
    <div className="dash3d-material-library" aria-busy={busy || library === null} aria-label={tr('library.title')} role="region">
      <Flex vertical gap={8}>
        {/* Saving comes first: the grids below can be long, and the designer saves more often than they scroll. */}
        <Flex gap={4} wrap>
          <Input
            aria-label={tr('library.name')}
            placeholder={tr('library.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            style={{ flex: '1 1 120px' }}
          />
          <Button type="primary" disabled={busy || !current} onClick={() => void save(false)}>
            {tr('library.save')}
          </Button>
          <Button disabled={busy || !current} onClick={() => void save(true)}>
            {tr('library.saveAsNew')}
          </Button>
        </Flex>
        <div role="status" aria-live="polite" className="dash3d-library-status" data-error={status?.error || undefined}>
          {status && <Typography.Text type={status.error ? 'danger' : undefined}>{status.text}</Typography.Text>}
        </div>
        {selectedItem && (
          <ItemActions
            item={selectedItem}
            tr={tr}
            busy={busy}
            pending={pending}
            setPending={setPending}
            onOpen={(i) => void open(i)}
            onConfirm={(p) => void act(p)}
          />
        )}
        <Input.Search
          allowClear
          aria-label={tr('library.search')}
          placeholder={tr('library.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        {section(tr('library.user'), users)}
        {section(tr('library.builtIn'), library?.builtIn ?? [])}
      </Flex>
    </div>
  );
}
