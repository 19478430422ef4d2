import { useEffect, useState } from 'react';
import type { MediaAccess } from '../../../host/types';
import { listCatalog, listMaterialRoots, thumbnailUrl, type MediaEntry } from '../../../media/client';
import { MATERIAL_FILE_EXT, materialDisplayName } from '../../../../shared/schema/material';
import { useLatest } from '../../../host/useLatest';

/** A library material a model material can be given. */
export interface LibraryMaterial {
  /** The .airm's media path ('built-in/materials/x-physical/x-physical.airm'): what materialsConfig stores. */
  path: string;
  /** Spec §3: the file name without its type segment. */
  name: string;
  /** Spec §7: the cut.jpg beside the .airm, with a random query so a re-saved thumbnail shows. */
  thumbnail: string;
}

export interface MaterialLibrary {
  user: LibraryMaterial[];
  builtIn: LibraryMaterial[];
}

// `isDir` is not in spec §7's entry shape: a service without it is read by the name (no extension).
const isFolder = (e: MediaEntry) => e.isDir ?? !e.name.includes('.');
// The stored value is the entry's path, so an entry without one cannot be offered.
const isAirm = (e: MediaEntry) => !isFolder(e) && e.path !== '' && e.name.toLowerCase().endsWith(MATERIAL_FILE_EXT);
const folderOf = (filePath: string) => filePath.slice(0, Math.max(0, filePath.lastIndexOf('/')));

function toMaterial(media: MediaAccess, e: MediaEntry): LibraryMaterial {
  return { path: e.path, name: materialDisplayName(e.name), thumbnail: thumbnailUrl(media, folderOf(e.filePath)) };
}

/**
 * The .airm files of one root catalog: those directly in it, and those one folder down (a saved
 * material is a folder holding its .airm and cut.jpg). Sub-folders are listed in parallel; a
 * failed listing is an empty one (spec §7: listing errors are silent).
 */
async function materialsUnder(media: MediaAccess, entries: MediaEntry[]): Promise<LibraryMaterial[]> {
  const nested = await Promise.all(entries.filter((e) => isFolder(e) && e.path !== '').map((dir) => listCatalog(media, dir.path)));
  return [...entries, ...nested.flat()].filter(isAirm).map((e) => toMaterial(media, e));
}

export async function loadMaterialLibrary(media: MediaAccess): Promise<MaterialLibrary> {
  const roots = await listMaterialRoots(media);
  const [user, builtIn] = await Promise.all([materialsUnder(media, roots.user), materialsUnder(media, roots.builtIn)]);
  return { user, builtIn };
}

/** The user and built-in material catalogs, listed once per media service while `enabled`. */
export function useMaterialLibrary(media: MediaAccess | undefined, enabled: boolean): MaterialLibrary | null {
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
  }, [baseUrl, enabled, mediaRef]);
  return library;
}
