import type { Dashboard } from 'dash3d';
import { LINK_LIMITS, bytesToBase64Url, base64UrlToBytes, linkParam } from './scene-link';

/**
 * The playground's address: `#scene=<packed document>` opens that document (the fragment is never
 * sent to a server, so its size meets no server's header limit), the older `?scene=<base64url of
 * a dashboard JSON>` still does, `?dashboard=<id>` opens a saved one, and `mode=preview` opens
 * either in preview mode. `motion=reduce` (or `full`) overrides the viewer's reduced-motion
 * preference for every space (ThreeDHost.accessibility.motion), for a wall display set up once.
 */
export interface UrlState {
  /** The scene parameter, from the fragment or (older links) the query; packed or plain. */
  scene: string | null;
  dashboard: string | null;
  mode: 'edit' | 'preview';
  motion: 'auto' | 'reduce' | 'full';
}

/** The fragment's own parameters (`#scene=…`), without the leading '#'. */
const fragment = (hash: string) => new URLSearchParams(hash.replace(/^#/, ''));

export function readUrl(search = location.search, hash = location.hash): UrlState {
  const q = new URLSearchParams(search);
  return {
    scene: fragment(hash).get('scene') ?? q.get('scene'),
    dashboard: q.get('dashboard'),
    mode: q.get('mode') === 'preview' ? 'preview' : 'edit',
    motion: q.get('motion') === 'reduce' ? 'reduce' : q.get('motion') === 'full' ? 'full' : 'auto',
  };
}

/** Replaces the address without a reload, so a reload opens what is on screen. */
export function writeUrl(patch: Partial<UrlState>) {
  const q = new URLSearchParams(location.search);
  let hash = location.hash;
  for (const [k, v] of Object.entries(patch)) {
    if (k === 'scene') continue;
    if (v === null || v === undefined || (k === 'mode' && v === 'edit')) q.delete(k);
    else q.set(k, v);
  }
  // A saved dashboard is named by its id: a scene parameter would shadow later edits.
  if (patch.dashboard || patch.scene === null) {
    q.delete('scene');
    hash = '';
  }
  const search = q.toString();
  history.replaceState(history.state, '', `${search ? `?${search}` : location.pathname}${hash}`);
}

/** base64url (RFC 4648 §5, padding optional) of UTF-8 text, so non-ASCII names survive. */
export function decodeBase64Url(param: string): string {
  return new TextDecoder('utf-8', { fatal: true }).decode(base64UrlToBytes(param));
}

export function encodeBase64Url(text: string): string {
  return bytesToBase64Url(new TextEncoder().encode(text));
}

const withMode = (mode: UrlState['mode']) => (mode === 'preview' ? '?mode=preview' : '');

export interface SceneLink {
  link: string;
  /** Longer than LINK_LIMITS.maxShareChars: share a saved dashboard instead. */
  tooLong: boolean;
  /** False where the browser cannot compress (pack): the link is plain, and longer. */
  compressed: boolean;
}

/** A link that opens this dashboard as it is now, without the server (`#scene=`, packed). */
export async function sceneLink(doc: Dashboard, mode: UrlState['mode'], origin = location.origin): Promise<SceneLink> {
  const { param, compressed } = await linkParam(JSON.stringify(doc));
  const link = `${origin}/${withMode(mode)}#scene=${param}`;
  return { link, tooLong: link.length > LINK_LIMITS.maxShareChars, compressed };
}

/** A link to a saved dashboard (`?dashboard=`): any size, but needs the server and its sign-in. */
export function dashboardLink(id: string, mode: UrlState['mode'], origin = location.origin): string {
  const q = new URLSearchParams({ dashboard: id });
  if (mode === 'preview') q.set('mode', 'preview');
  return `${origin}/?${q}`;
}
