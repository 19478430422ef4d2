import type { Dashboard } from '../../shared/schema/dashboard';

/**
 * The playground's URL parameters: `?scene=<base64url of a dashboard JSON>` opens that document,
 * `?dashboard=<id>` a saved one, and `mode=preview` opens either in preview mode.
 */
export interface UrlState {
  scene: string | null;
  dashboard: string | null;
  mode: 'edit' | 'preview';
}

export function readUrl(search = location.search): UrlState {
  const q = new URLSearchParams(search);
  return { scene: q.get('scene'), dashboard: q.get('dashboard'), mode: q.get('mode') === 'preview' ? 'preview' : 'edit' };
}

/** Replaces the address without a reload, so a reload opens what is on screen. */
export function writeUrl(patch: Partial<UrlState>) {
  const q = new URLSearchParams(location.search);
  for (const [k, v] of Object.entries(patch)) {
    if (v === null || v === undefined || (k === 'mode' && v === 'edit')) q.delete(k);
    else q.set(k, v);
  }
  // A saved dashboard is named by its id: the scene parameter would shadow later edits.
  if (patch.dashboard) q.delete('scene');
  const search = q.toString();
  history.replaceState(history.state, '', search ? `?${search}` : location.pathname);
}

/** base64url (RFC 4648 §5, padding optional) of UTF-8 text, so non-ASCII names survive. */
export function decodeBase64Url(param: string): string {
  const b64 = param.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

export function encodeBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A link that opens this dashboard as it is now, without the server (`?scene=`). */
export function sceneLink(doc: Dashboard, mode: UrlState['mode']): string {
  const q = new URLSearchParams({ scene: encodeBase64Url(JSON.stringify(doc)) });
  if (mode === 'preview') q.set('mode', 'preview');
  return `${location.origin}/?${q}`;
}
