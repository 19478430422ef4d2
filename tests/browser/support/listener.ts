/**
 * A plain HTTP listener on another loopback port, for tests that prove a request never leaves
 * the page: it answers every request (with CORS, so a request that should have been refused
 * would also succeed) and remembers what it was asked for.
 */
import type { BrowserCommand } from 'vitest/node';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const listeners = new Map<number, { server: Server; seen: string[] }>();

/** Start a listener; returns its port. */
const startListener: BrowserCommand<[]> = async () => {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'application/octet-stream' });
    res.end(Buffer.alloc(64));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  listeners.set(port, { server, seen });
  return port;
};

/** The requests a listener has seen so far ('GET /x.bin'). */
const listenerRequests: BrowserCommand<[port: number]> = (_ctx, port) => [...(listeners.get(port)?.seen ?? [])];

const stopListener: BrowserCommand<[port: number]> = async (_ctx, port) => {
  const l = listeners.get(port);
  listeners.delete(port);
  if (l) await new Promise<void>((resolve) => l.server.close(() => resolve()));
};

export const listenerCommands = { startListener, listenerRequests, stopListener };

declare module 'vitest/browser' {
  interface BrowserCommands {
    startListener(): Promise<number>;
    listenerRequests(port: number): Promise<string[]>;
    stopListener(port: number): Promise<void>;
  }
}
