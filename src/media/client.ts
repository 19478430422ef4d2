import type { MediaAccess } from '../host/types';
import {
  BUILT_IN_MATERIAL_CATALOG,
  MediaEntrySchema,
  modelUploadCatalog,
  randomId,
  UploadResponseSchema,
  type MediaEntry,
} from '../../shared/schema/media';
import { MATERIAL_CATALOG } from '../../shared/schema/material';
import type { UploadedFile } from '../../shared/schema/model';
import { xhrUpload } from './xhr';

export type { MediaEntry } from '../../shared/schema/media';
export type { UploadedFile } from '../../shared/schema/model';

export interface UploadOptions {
  /** Replace a file of the same name in the catalog (spec §7 uploads always do). */
  cover?: boolean;
  /** Fraction 0..1 of the bytes sent so far. */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
  /** More request headers (e.g. spec §7's `Cache-Control: no-cache` for material saves). */
  headers?: Record<string, string>;
}

export interface ModelUploadOptions {
  /** Fraction 0..1 of the bytes of all files sent so far. */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
  /** Upload into this catalog instead of a fresh `3d/{random id}` (adding a texture to a model). */
  catalog?: string;
}

/** A catalog path in a query: each segment encoded, the '/' kept readable as spec §7 writes it. */
const catalogQuery = (catalog: string) => catalog.split('/').map(encodeURIComponent).join('/');

/** Auth headers as the host gives them, minus any content type: multipart needs the browser's boundary. */
export function authHeaders(media: MediaAccess): Record<string, string> {
  return Object.fromEntries(Object.entries(media.headers()).filter(([k]) => k.toLowerCase() !== 'content-type'));
}

/** Lists a catalog or throws (non-2xx, network error, an answer that is not a list). */
async function fetchCatalog(media: MediaAccess, catalog: string): Promise<MediaEntry[]> {
  const res = await fetch(`${media.baseUrl}core/mediaLibrary?catalog=${catalogQuery(catalog)}`, {
    headers: authHeaders(media),
  });
  if (!res.ok) throw new Error(`listing ${catalog} failed: ${res.status}`);
  const body: unknown = await res.json();
  if (!Array.isArray(body)) throw new Error(`listing ${catalog} is not a list`);
  // One odd entry should not hide the others, so entries are checked one by one.
  return body.flatMap((e) => {
    const r = MediaEntrySchema.safeParse(e);
    return r.success ? [r.data] : [];
  });
}

/** Spec §7: the entries of a catalog; listing errors are silent (an empty list). */
export async function listCatalog(media: MediaAccess, catalog: string): Promise<MediaEntry[]> {
  try {
    return await fetchCatalog(media, catalog);
  } catch {
    return [];
  }
}

/**
 * Spec §7 root listing: the user-material and built-in-material root catalogs are asked in
 * parallel; each answer is used only if that call succeeded, so one broken side never hides the other.
 */
export async function listMaterialRoots(media: MediaAccess): Promise<{ user: MediaEntry[]; builtIn: MediaEntry[] }> {
  const [user, builtIn] = await Promise.allSettled([fetchCatalog(media, MATERIAL_CATALOG), fetchCatalog(media, BUILT_IN_MATERIAL_CATALOG)]);
  return {
    user: user.status === 'fulfilled' ? user.value : [],
    builtIn: builtIn.status === 'fulfilled' ? builtIn.value : [],
  };
}

/**
 * Uploads one file as multipart field `file` and answers the `url` the service stores it at.
 * XMLHttpRequest rather than fetch: fetch reports no upload progress.
 */
export async function uploadFile(media: MediaAccess, catalog: string, file: File, opts: UploadOptions = {}): Promise<{ url: string }> {
  const url = `${media.baseUrl}core/mediaLibrary/upload?catalog=${catalogQuery(catalog)}` + (opts.cover ? '&action=cover' : '');
  const body = new FormData();
  body.append('file', file, file.name);
  const answer = await xhrUpload({
    url,
    headers: { ...authHeaders(media), ...opts.headers },
    body,
    onProgress: opts.onProgress,
    signal: opts.signal,
  });
  const parsed = UploadResponseSchema.safeParse(answer);
  if (!parsed.success) throw new Error('the media library answered without a url');
  return { url: parsed.data.url };
}

/**
 * Spec §7 model upload: every file of one model (a .gltf with its .bin and textures, an .obj with
 * its .mtl and images) goes into ONE `3d/{random 32-char id}` catalog with action=cover, because
 * those files refer to each other by relative names. If one file fails the others are aborted.
 */
export async function uploadModelFiles(media: MediaAccess, files: File[], opts: ModelUploadOptions = {}): Promise<UploadedFile[]> {
  const catalog = opts.catalog ?? modelUploadCatalog();
  const total = files.reduce((s, f) => s + f.size, 0) || 1;
  const sent = files.map(() => 0);
  const inner = new AbortController();
  const onOuterAbort = () => inner.abort(opts.signal?.reason);
  opts.signal?.addEventListener('abort', onOuterAbort);
  if (opts.signal?.aborted) onOuterAbort();
  try {
    return await Promise.all(
      files.map(async (file, i) => {
        try {
          const { url } = await uploadFile(media, catalog, file, {
            cover: true,
            signal: inner.signal,
            onProgress: (f) => {
              sent[i] = f * file.size;
              opts.onProgress?.(sent.reduce((a, b) => a + b, 0) / total);
            },
          });
          return { uid: randomId(16), name: file.name, url };
        } catch (err) {
          inner.abort(err);
          throw err;
        }
      }),
    );
  } finally {
    opts.signal?.removeEventListener('abort', onOuterAbort);
  }
}

/**
 * Removes a file, or a folder with all it holds, from the media library (`DELETE
 * core/mediaLibrary?path=`, server/README.md). Nothing there (404) counts as done: the aim is that
 * it is gone (e.g. a rename in another tab already removed the old .airm). Other failures throw
 * with the service's own error text.
 */
export async function deleteMediaPath(media: MediaAccess, path: string): Promise<void> {
  const res = await fetch(`${media.baseUrl}core/mediaLibrary?path=${catalogQuery(path)}`, {
    method: 'DELETE',
    headers: authHeaders(media),
  });
  if (res.ok || res.status === 404) return;
  const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
  throw new Error(typeof body?.error === 'string' ? body.error : `deleting ${path} failed: ${res.status}`);
}

/** Spec §7: media URL + file path + '/cut.jpg' with a random query, so a re-saved thumbnail shows. */
export function thumbnailUrl(media: MediaAccess, filePath: string): string {
  const path = filePath.replace(/\/+$/, '');
  const base = /^[a-z][a-z0-9+.-]*:/i.test(path) ? path : media.baseUrl.replace(/\/+$/, '') + (path.startsWith('/') ? '' : '/') + path;
  return `${base}/cut.jpg?${randomId(8)}`;
}

/** The formats the media library accepts (`GET core/mediaLibrary/config`); null when it cannot tell. */
/**
 * Where the media service's files are served from when that is not its own origin
 * (`MEDIA_PUBLIC_URL` pointing at a bucket or a CDN): GET /core/mediaLibrary/origins, answered
 * without a session (viewers load models too). A host passes the list as `media.allowedOrigins`,
 * the only origins besides the media library's own that the render worker fetches from. An
 * answer that is not a short list of http(s) origins counts as none.
 */
export async function fetchMediaOrigins(media: MediaAccess): Promise<string[]> {
  try {
    const res = await fetch(`${media.baseUrl}core/mediaLibrary/origins`);
    if (!res.ok) return [];
    const list = ((await res.json()) as { origins?: unknown })?.origins;
    if (!Array.isArray(list) || list.length > 10) return [];
    return list.filter((o): o is string => typeof o === 'string' && /^https?:\/\/[^/]+$/.test(o) && new URL(o).origin === o);
  } catch {
    return [];
  }
}

export async function fetchAllowedFormats(media: MediaAccess): Promise<string[] | null> {
  try {
    const res = await fetch(`${media.baseUrl}core/mediaLibrary/config`, { headers: authHeaders(media) });
    if (!res.ok) return null;
    const body = (await res.json()) as { allowedFormats?: unknown };
    const list = body?.allowedFormats;
    return Array.isArray(list) && list.every((x) => typeof x === 'string') ? list : null;
  } catch {
    return null;
  }
}
