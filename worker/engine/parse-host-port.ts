/**
 * The port on which the page starts this render worker's parse workers (shared/parse-host.ts), set
 * at init; null where the page does not offer to (the main-thread fallback, a worker whose script
 * the page does not know). A module of its own that imports nothing: the render API (worker/api.ts)
 * sets it without pulling the parse client's modules into its static imports, which made Rspack
 * copy three.js into the render worker's entry chunk instead of sharing one chunk with the
 * fallback engine (tests/consumers/support/chunk-retry.ts).
 */
let host: MessagePort | null = null;

export function setParseHost(port: MessagePort | null): void {
  host = port;
}

export const parseHost = (): MessagePort | null => host;
