import { useSyncExternalStore } from 'react';

/** Nothing to watch: a <base> element that changes is seen at the next render, as a plain read would. */
const unwatched = () => () => undefined;
const pageBase = () => document.baseURI;
/** A server has no page; a hydrating client renders what the server rendered. */
const noPage = () => null;

/**
 * The page's base URL (document.baseURI), for what a render resolves against it: the page's own
 * origin, a media library named by a relative URL. Null on the server and while the client
 * hydrates the server's HTML, so both render the same; React renders again with the page's
 * address right after. A page rendered in the browser alone has it from the first render.
 */
export function usePageBase(): string | null {
  return useSyncExternalStore(unwatched, pageBase, noPage);
}

/** The origin of the page at `base`: what a space or preview allows when the host names no origins. */
export function pageOrigins(base: string | null): string[] {
  return base === null ? [] : [new URL(base).origin];
}
