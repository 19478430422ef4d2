import type { MediaAccess } from '../../host/types';
import type { Locale } from '../../../shared/i18n/editor';
import { describeIssues } from '../../../shared/i18n/editor';
import { httpOrigin, urlAllowed } from '../../../shared/origins';
import { AIRM_MAX_BYTES, isImageString, parseAirm, type Material } from '../../../shared/schema/material';
import { authHeaders } from '../../media/client';
import { LibraryError, reasonOf } from './errors';
import type { LibraryItem } from './listing';

/** Fields that are never URLs: code, identity and enumerations. */
const NOT_URLS = new Set(['uuid', 'name', 'type', 'path', 'side', 'combine', 'shaderCode', 'frameScript']);
const HAS_SCHEME = /^\s*[a-z][a-z0-9+.-]*:/i;

const pageUrl = () => (typeof location !== 'undefined' ? location.href : 'http://localhost/');

/** The origins a material's textures may load from: the media library's and the host's list. */
export function mediaOrigins(media: MediaAccess): string[] {
  const own = httpOrigin(media.baseUrl, pageUrl());
  return [...(own ? [own] : []), ...(media.allowedOrigins ?? []).map((o) => httpOrigin(o)).filter((o): o is string => o !== null)];
}

/**
 * Every texture reference (a string naming an image, envMap, or anything with a URL scheme such as
 * `javascript:`) is checked against the allowed origins, the same rule the render worker applies
 * (shared/origins.ts), and a relative one is made absolute against the .airm's own URL, so the
 * preview (which resolves against the page) and a later save elsewhere still find it.
 */
export function vetTextures(material: Material, airmUrl: string, origins: readonly string[]): Material {
  const out: Record<string, unknown> = { ...material };
  const page = new URL(pageUrl());
  const base = new URL(airmUrl, page);
  for (const [field, value] of Object.entries(material)) {
    if (NOT_URLS.has(field) || typeof value !== 'string' || value.trim() === '') continue;
    if (!(field === 'envMap' || isImageString(value) || HAS_SCHEME.test(value))) continue;
    let url: URL;
    try {
      url = new URL(value.trim(), base);
    } catch {
      throw new LibraryError('library.badTexture', { field, value: value.slice(0, 80) });
    }
    if (!urlAllowed(url.href, origins)) throw new LibraryError('library.badTexture', { field, value: value.slice(0, 80) });
    // A same-origin texture is stored without the host, so a saved file moves with the service.
    out[field] = url.protocol === 'data:' || url.origin !== page.origin ? url.href : url.pathname + url.search;
  }
  return out as Material;
}

/**
 * Reads a library item into a material for the editor. A file that is not a material (not JSON,
 * wrong types, too large, a texture from elsewhere) throws a LibraryError naming the field and
 * the problem; nothing is returned, so the caller's form stays untouched. The name shown in the
 * library (the file name without its type) becomes the material's name.
 */
export async function openMaterial(media: MediaAccess, item: LibraryItem, locale: Locale): Promise<Material> {
  let text: string;
  try {
    const res = await fetch(item.url, { headers: authHeaders(media), cache: 'no-cache' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    if (Number(res.headers.get('content-length') ?? 0) > AIRM_MAX_BYTES)
      throw new LibraryError('library.tooLarge', { name: item.fileName });
    text = await res.text();
  } catch (err) {
    if (err instanceof LibraryError) throw err;
    throw new LibraryError('library.openFailed', { name: item.fileName, reason: reasonOf(err) });
  }
  if (new TextEncoder().encode(text).length > AIRM_MAX_BYTES) throw new LibraryError('library.tooLarge', { name: item.fileName });
  const parsed = parseAirm(text);
  if (!parsed.ok) {
    const first = describeIssues(parsed.issues, locale)[0]!;
    throw new LibraryError('library.invalidFile', { name: item.fileName, field: first.path, reason: first.message });
  }
  return vetTextures({ ...parsed.material, name: item.name }, item.url, mediaOrigins(media));
}
