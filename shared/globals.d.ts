/*
 * The globals shared/ may use. shared/ runs on the main thread, in the render worker and in Node
 * (unit tests), so it is checked with neither the DOM nor the WebWorker library: only what all of
 * them have is declared here, and only the parts shared/ uses (each a subset of the real
 * declaration in lib.dom.d.ts and lib.webworker.d.ts). Something missing here is a question to
 * ask, not a line to add: does the other thread have it too?
 *
 * These declarations belong to shared/'s own check alone: the projects that import shared/ see its
 * emitted .d.ts files, whose names (URL, MessagePort, ...) resolve to their own thread's library.
 */

declare function setTimeout(handler: () => void, timeout?: number): number;
declare function clearTimeout(id: number | undefined): void;
declare function structuredClone<T>(value: T): T;

interface URLSearchParams {
  set(name: string, value: string): void;
}
interface URL {
  readonly origin: string;
  readonly protocol: string;
  readonly href: string;
  readonly searchParams: URLSearchParams;
}
declare var URL: { new (url: string, base?: string): URL };

/** The document's (Location) or the worker script's (WorkerLocation) address; Node has none. */
declare var location: { readonly href: string } | undefined;

/** Node has it too (20+); randomUUID only in secure contexts. */
declare var crypto: { getRandomValues<T extends Uint8Array>(array: T): T; randomUUID?(): string } | undefined;

/** Named by shared/protocol.ts (passed along, never used here). */
interface OffscreenCanvas {
  width: number;
  height: number;
}
interface MessagePort {
  postMessage(message: unknown): void;
  close(): void;
}
/**
 * Not a global of both threads, a name only: the page's <canvas>, which the main thread hands to
 * the fallback engine through shared/protocol.ts's InitOptions. (The worker project declares the
 * same subset in worker/main-thread.d.ts.)
 */
interface HTMLCanvasElement {
  width: number;
  height: number;
}

/** Node has it too (18+); shared/chunks.ts asks whether a worker's script is there (bareWorkerError). */
declare function fetch(url: string, init?: { method?: string; cache?: 'no-store' }): Promise<{ readonly ok: boolean }>;
