import { useEffect, useState } from 'react';
import type { MediaAccess } from '../../host/types';
import { listCatalog, listMaterialRoots, thumbnailUrl, type MediaEntry } from '../../media/client';
import { MATERIAL_FILE_EXT, materialDisplayName } from '../../../shared/schema/material';
import { useLatest } from '../../host/useLatest';

/** One material of the library: an .airm file, usually in its own folder beside its cut.jpg. */
export interface LibraryItem {
  /** The .airm's media path ('built-in/materials/x-physical/x-physical.airm'): what materialsConfig stores. */
  path: string;
  /** Spec §3: the file name without its type segment. */
  name: string;
  /** The .airm's file name ('x-physical.airm'). */
  fileName: string;
  /** Media path of the folder holding it ('3d/materials/custom_<id>'): where saves and cut.jpg go. */
  folder: string;
  /** Where the .airm is served (media base + filePath). */
  url: string;
  /** Spec §7: the cut.jpg beside the .airm, with a random query so a re-saved thumbnail shows. */
  thumbnail: string;
  /** Seeded built-ins are read-only: open and duplicate only. */
  builtIn: boolean;
}

/** The model panel's name for the same thing. */
export type LibraryMaterial = LibraryItem;

export interface MaterialLibrary {
  user: LibraryItem[];
  builtIn: LibraryItem[];
}

// `isDir` is not in spec §7's entry shape: a service without it is read by the name (no extension).
const isFolder = (e: MediaEntry) => e.isDir ?? !e.name.includes('.');
// The stored value is the entry's path, so an entry without one cannot be offered.
const isAirm = (e: MediaEntry) => !isFolder(e) && e.path !== '' && e.name.toLowerCase().endsWith(MATERIAL_FILE_EXT);
const folderOf = (p: string) => p.slice(0, Math.max(0, p.lastIndexOf('/')));

/** Media base URL + a served path ('/media/...'), as thumbnailUrl builds it. */
export function mediaFileUrl(media: MediaAccess, filePath: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(filePath)) return filePath;
  return media.baseUrl.replace(/\/+$/, '') + (filePath.startsWith('/') ? '' : '/') + filePath;
}

function toItem(media: MediaAccess, e: MediaEntry, builtIn: boolean): LibraryItem {
  return {
    path: e.path,
    name: materialDisplayName(e.name),
    fileName: e.name,
    folder: folderOf(e.path),
    url: mediaFileUrl(media, e.filePath),
    thumbnail: thumbnailUrl(media, folderOf(e.filePath)),
    builtIn,
  };
}

/**
 * The .airm files of one root catalog: those directly in it, and those one folder down (a saved
 * material is a folder holding its .airm and cut.jpg). Sub-folders are listed in parallel; a
 * failed listing is an empty one (spec §7: listing errors are silent).
 */
async function materialsUnder(media: MediaAccess, entries: MediaEntry[], builtIn: boolean): Promise<LibraryItem[]> {
  const nested = await Promise.all(entries.filter((e) => isFolder(e) && e.path !== '').map((dir) => listCatalog(media, dir.path)));
  return [...entries, ...nested.flat()]
    .filter(isAirm)
    .map((e) => toItem(media, e, builtIn))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Spec §7 root listing: both roots in parallel, each used only if it answered (listMaterialRoots). */
export async function loadMaterialLibrary(media: MediaAccess): Promise<MaterialLibrary> {
  const roots = await listMaterialRoots(media);
  const [user, builtIn] = await Promise.all([materialsUnder(media, roots.user, false), materialsUnder(media, roots.builtIn, true)]);
  return { user, builtIn };
}

/**
 * The user and built-in material catalogs, listed once per media service while `enabled`, and
 * again whenever `refreshKey` changes (after a save, rename, duplicate or delete).
 */
export function useMaterialLibrary(media: MediaAccess | undefined, enabled: boolean, refreshKey: unknown = 0): MaterialLibrary | null {
  const [library, setLibrary] = useState<MaterialLibrary | null>(null);
  // A host may hand a new media object each render; the service is what matters.
  const mediaRef = useLatest(media);
  const baseUrl = media?.baseUrl;
  useEffect(() => {
    const access = mediaRef.current;
    if (!enabled || !access) return;
    let live = true;
    loadMaterialLibrary(access).then(
      (lib) => live && setLibrary(lib),
      () => live && setLibrary({ user: [], builtIn: [] }),
    );
    return () => {
      live = false;
    };
  }, [baseUrl, enabled, mediaRef, refreshKey]);
  return library;
}
