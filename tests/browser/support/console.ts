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

type Page = Parameters<BrowserCommand<[]>>[0]['page'];
const logs = new WeakMap<Page, ConsoleEntry[]>();

/** Start (or restart) collecting; returns nothing. Messages before this call are not kept. */
const consoleStart: BrowserCommand<[]> = async (ctx) => {
  let list = logs.get(ctx.page);
  if (!list) {
    list = [];
    logs.set(ctx.page, list);
    const page = ctx.page;
    page.on('console', (m) => logs.get(page)?.push({ type: m.type(), text: m.text() }));
    page.on('pageerror', (e) => logs.get(page)?.push({ type: 'pageerror', text: e.message }));
  }
  list.length = 0;
};

/** The messages collected since consoleStart. */
const consoleEntries: BrowserCommand<[]> = async (ctx) => [...(logs.get(ctx.page) ?? [])];

export const consoleCommands = { consoleStart, consoleEntries };

declare module 'vitest/browser' {
  interface BrowserCommands {
    consoleStart(): Promise<void>;
    consoleEntries(): Promise<ConsoleEntry[]>;
  }
}
