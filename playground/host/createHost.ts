import {
  WIDGET_PERMISSION,
  DEFAULT_ALLOWED_FORMATS,
  fetchAllowedFormats,
  fetchMediaOrigins,
  type Locale,
  type MediaAccess,
  type ThreeDHost,
  type VariableSource,
} from 'dash3d';
import { hasSession, mediaHeaders, sessionReady } from './session';

/** The playground's stand-in users: what each role may place (spec §6: our widgets need 'threeD'). */
export const ROLES = {
  designer: [WIDGET_PERMISSION],
  viewer: [],
} as const satisfies Record<string, readonly string[]>;
export type Role = keyof typeof ROLES;

/**
 * The media service answers on the playground's own origin (`npm start` serves both), so the base
 * URL is '/'. The credential is the session of ./session.ts (a one-time sign-in link), never a
 * token built into the page.
 */
export function mediaAccess(allowedFormats: readonly string[], allowedOrigins: readonly string[] = []): MediaAccess {
  return { baseUrl: '/', headers: mediaHeaders, allowedFormats, allowedOrigins };
}

/**
 * Where the service serves files from besides this origin (a bucket or CDN, MEDIA_PUBLIC_URL):
 * the render worker may fetch from those, and from nothing else.
 */
export const loadMediaOrigins = (): Promise<string[]> => fetchMediaOrigins(mediaAccess([]));

/**
 * The service's allowed-format list (GET /core/mediaLibrary/config). When it cannot be read the
 * service's default list is used: the upload check stays on, and the server enforces its own list
 * anyway. The service answers it only to a session, and the list serves uploads, which need one
 * too: without a session (a viewer's page) it is not asked for; App asks again on signing in.
 */
export async function loadAllowedFormats(): Promise<readonly string[]> {
  await sessionReady;
  if (!hasSession()) return DEFAULT_ALLOWED_FORMATS;
  return (await fetchAllowedFormats(mediaAccess([]))) ?? DEFAULT_ALLOWED_FORMATS;
}

export interface HostOptions {
  locale: Locale;
  mode: ThreeDHost['mode'];
  role: Role;
  supportsLayoutInheritance: boolean;
  allowedFormats: readonly string[];
  /** The service's file origins besides this one (loadMediaOrigins). */
  mediaOrigins: readonly string[];
  variables: VariableSource;
  /** The viewer's reduced-motion override from the address (`?motion=reduce`); 'auto' follows the browser. */
  motion?: 'auto' | 'reduce' | 'full';
}

/** The ThreeDHost the plug-in sees: a fresh object whenever one of its inputs changes. */
export function createHost(o: HostOptions): ThreeDHost {
  const granted: readonly string[] = ROLES[o.role];
  return {
    locale: o.locale,
    mode: o.mode,
    hasPermission: (permission) => granted.includes(permission),
    media: mediaAccess(o.allowedFormats, o.mediaOrigins),
    variables: o.variables,
    supportsLayoutInheritance: o.supportsLayoutInheritance,
    accessibility: { motion: o.motion ?? 'auto' },
  };
}
