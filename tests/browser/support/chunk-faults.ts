/**
 * A part of the product that does not load, served for real by the test page's own Vite server
 * (same origin, as a worker script must be): `/__chunk-faults/<key>/<name>?to=<url>` answers
 * 404 ('missing'), never answers ('hang'), or once repaired ('ok') redirects to `to`, the part's
 * real URL. Tests switch a key's mode through the `chunkFault` browser command.
 */
import type { ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import type { BrowserCommand } from 'vitest/node';

export type FaultMode = 'missing' | 'hang' | 'ok';
export const FAULT_PREFIX = '/__chunk-faults/';

interface FaultState {
  modes: Map<string, FaultMode>;
  held: Map<string, Set<ServerResponse>>;
  /** Requests seen per key, so a test can tell the part was asked for again on Retry. */
  seen: Map<string, string[]>;
}
// On globalThis: Vitest loads the config (server plugin) and the commands as separate module
// instances, and both must see one state.
const slot = globalThis as { __dash3dChunkFaults?: FaultState };
const state: FaultState = (slot.__dash3dChunkFaults ??= { modes: new Map(), held: new Map(), seen: new Map() });
const { modes, held, seen } = state;

function release(key: string) {
  // A hung request keeps one of the browser's few connections to this server: answer it now.
  for (const res of held.get(key) ?? []) if (!res.writableEnded) res.writeHead(404).end();
  held.delete(key);
}

export function chunkFaultServer(): Plugin {
  return {
    name: 'dash3d-test:chunk-faults',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (!req.url?.startsWith(FAULT_PREFIX)) return next();
        const url = new URL(req.url, 'http://localhost');
        const key = url.pathname.slice(FAULT_PREFIX.length).split('/')[0] ?? '';
        seen.set(key, [...(seen.get(key) ?? []), req.url]);
        const mode = modes.get(key) ?? 'missing';
        res.setHeader('Cache-Control', 'no-store');
        if (mode === 'missing') return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('no such chunk');
        if (mode === 'hang') {
          const set = held.get(key) ?? new Set<ServerResponse>();
          set.add(res);
          held.set(key, set);
          res.on('close', () => set.delete(res));
          return;
        }
        const to = url.searchParams.get('to');
        if (!to || !to.startsWith('/')) return void res.writeHead(400).end('a repaired fault needs ?to=/path');
        res.writeHead(302, { Location: to }).end();
      });
    },
  };
}

const chunkFault: BrowserCommand<[key: string, mode: FaultMode]> = (_ctx, key, mode) => {
  release(key);
  modes.set(key, mode);
};
const chunkFaultRequests: BrowserCommand<[key: string]> = (_ctx, key) => seen.get(key) ?? [];
/** Requests of a 'hang' fault still open: one the page gave up on (aborted) is no longer counted. */
const chunkFaultHeld: BrowserCommand<[key: string]> = (_ctx, key) => held.get(key)?.size ?? 0;

export const chunkFaultCommands = { chunkFault, chunkFaultRequests, chunkFaultHeld };

declare module 'vitest/browser' {
  interface BrowserCommands {
    chunkFault(key: string, mode: FaultMode): Promise<void>;
    chunkFaultRequests(key: string): Promise<string[]>;
    chunkFaultHeld(key: string): Promise<number>;
  }
}
