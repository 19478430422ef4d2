/**
 * The playground's credential, obtained at run time: no token is in any file the server sends.
 * `npm start` prints a one-time link `/#signin=<code>`; this module takes the code out of the
 * address at once (the fragment never reaches a server, and after this not the history either),
 * trades it for a session token (POST /api/session) and keeps that in sessionStorage: this tab
 * and its reloads only. The token goes to the media service as a Bearer header from the main
 * thread; the render worker never receives it (it only fetches public /media/ files).
 */

/** Where the session token is kept (sessionStorage: gone with the tab). */
const STORAGE_KEY = 'dash3d.session';

/**
 * - checking: the page is trading a sign-in code or checking a kept session
 * - signedIn: requests carry the session token
 * - signedOut: no session yet (opened without the link)
 * - ended: the server no longer knows the session (restarted, or the session ended)
 * - refused: the sign-in link was used already or is unknown
 */
export type SessionState = 'checking' | 'signedIn' | 'signedOut' | 'ended' | 'refused';

const storage = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null; // Storage disabled: the session then lasts until the page is left.
  }
};

let token: string | null = storage()?.getItem(STORAGE_KEY) ?? null;
let state: SessionState = 'checking';
const listeners = new Set<() => void>();

function set(next: SessionState, nextToken: string | null) {
  token = nextToken;
  if (nextToken) storage()?.setItem(STORAGE_KEY, nextToken);
  else storage()?.removeItem(STORAGE_KEY);
  state = next;
  for (const l of listeners) l();
}

/** Auth headers for the media service (host.media.headers, saved dashboards); empty when signed out. */
export function mediaHeaders(): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export const sessionState = (): SessionState => state;

/**
 * Whether requests carry a session. Without one, a call to the service's API can only be answered
 * 401, which Chromium logs as an error in the console of every viewer: such calls are not made.
 */
export const hasSession = (): boolean => token !== null;

export function subscribeSession(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => void listeners.delete(onChange);
}

/** A 401 from the service: the session is gone (server restarted, or ended); say so. */
export function noteUnauthorized() {
  if (state !== 'signedOut' && state !== 'refused') set(token ? 'ended' : 'signedOut', null);
}

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** Removes `signin=<code>` from the fragment, keeping any other fragment parameters. */
export function takeSignInCode(): string | null {
  const hash = location.hash.replace(/^#/, '');
  const parts = hash.split('&');
  const found = parts.find((p) => p.startsWith('signin='));
  if (found === undefined) return null;
  const rest = parts.filter((p) => p !== found).join('&');
  history.replaceState(history.state, '', `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`);
  return decode(found.slice('signin='.length));
}

type Exchange = 'ok' | 'refused' | 'network';

async function exchange(body: { code: string } | null, bearer?: string): Promise<Exchange> {
  let res: Response;
  try {
    res = await fetch('/api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
      body: JSON.stringify(body ?? {}),
      cache: 'no-store',
    });
  } catch {
    return 'network';
  }
  if (!res.ok) return 'refused';
  const answer: unknown = await res.json().catch(() => null);
  const got = answer && typeof answer === 'object' && 'token' in answer ? answer.token : null;
  if (typeof got !== 'string' || !got) return 'refused';
  set('signedIn', got);
  return 'ok';
}

/** Whether a kept token is still a session the server knows. A network failure keeps it. */
async function check(): Promise<void> {
  try {
    const res = await fetch('/api/session', { headers: mediaHeaders(), cache: 'no-store' });
    if (res.status === 401) set('ended', null);
    else set('signedIn', token);
  } catch {
    set('signedIn', token);
  }
}

async function start(): Promise<void> {
  const code = takeSignInCode();
  if (code) {
    const result = await exchange({ code });
    if (result === 'ok') return;
    // A used link must not sign out a tab that holds a good session (a reload of the link, say).
    if (!token) return set(result === 'refused' ? 'refused' : 'signedOut', null);
  }
  if (token) return check();
  set('signedOut', null);
}

/**
 * Settles once the page knows whether it is signed in: requests that need the session wait for it,
 * so `?dashboard=` opened by the sign-in link is fetched with the new session.
 */
export const sessionReady: Promise<void> = typeof window === 'undefined' ? Promise.resolve() : start();

// Back to the tab after a while (the service may have restarted meanwhile): ask again, so the
// notice says the session ended before an upload or a save fails on it.
if (typeof window !== 'undefined') {
  window.addEventListener('focus', () => {
    if (state === 'signedIn') void check();
  });
}

/**
 * Signs in with what the user pasted into the notice: the printed link, its code, or MEDIA_TOKEN.
 */
export async function signInWith(input: string): Promise<Exchange> {
  const text = input.trim();
  if (!text) return 'refused';
  const code = /[#&]signin=([^&\s]+)/.exec(text)?.[1];
  if (code) return exchange({ code: decode(code) });
  // A bare value is a sign-in code or the service token: one request offers it as both (the service
  // tries the Bearer token first), so pasting MEDIA_TOKEN is not first answered 401 as a code, an
  // error in the console. Only printable ASCII can be a header value; anything else is no token.
  return exchange({ code: decode(text) }, /^[\x21-\x7e]+$/.test(text) ? text : undefined);
}
