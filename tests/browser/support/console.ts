/**
 * Server-side commands that collect the browser's console messages through Playwright, which
 * hears the page and its workers (the render worker, parse workers and the decoders' workers),
 * where a test inside the page hears only the page.
 */
import type { BrowserCommand } from 'vitest/node';

export interface ConsoleEntry {
  type: string;
  text: string;
}

/** By test session (one browser page each). */
const logs = new Map<string, ConsoleEntry[]>();
const listening = new WeakSet<object>();

/** Start (or restart) collecting; returns nothing. Messages before this call are not kept. */
const consoleStart: BrowserCommand<[]> = (ctx) => {
  const list: ConsoleEntry[] = [];
  logs.set(ctx.sessionId, list);
  const page = ctx.page;
  if (!listening.has(page)) {
    listening.add(page);
    const id = ctx.sessionId;
    page.on('console', (m) => logs.get(id)?.push({ type: m.type(), text: m.text() }));
    page.on('pageerror', (e) => logs.get(id)?.push({ type: 'pageerror', text: e.message }));
  }
};

/** The messages collected since consoleStart. */
const consoleEntries: BrowserCommand<[]> = (ctx) => [...(logs.get(ctx.sessionId) ?? [])];

export const consoleCommands = { consoleStart, consoleEntries };

declare module 'vitest/browser' {
  interface BrowserCommands {
    consoleStart(): Promise<void>;
    consoleEntries(): Promise<ConsoleEntry[]>;
  }
}
