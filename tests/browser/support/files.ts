/**
 * Server-side commands for tests that need files beside the fixtures: a truncated or edited copy
 * in a temporary folder (the fixtures stay untouched), served to the page through Vite's /@fs/.
 */
import type { BrowserCommand } from 'vitest/node';
import { mkdtemp, readFile, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folders the test page may read: the team's fixtures and this run's temporary copies. */
export const FIXTURES_DIR = fileURLToPath(new URL('../../../../shared/fixtures', import.meta.url));
export const TEST_TMP_ROOT = join(tmpdir(), 'dash3d-browser-tests');

/** Copy `rel` (a fixture path) keeping only its first `keepBytes` bytes; returns the copy's URL. */
const truncatedFixture: BrowserCommand<[rel: string, keepBytes: number]> = async (_ctx, rel, keepBytes) => {
  const bytes = await readFile(resolve(FIXTURES_DIR, rel));
  await mkdir(TEST_TMP_ROOT, { recursive: true });
  const dir = await mkdtemp(join(TEST_TMP_ROOT, 'copy-'));
  const out = join(dir, rel.split('/').pop()!);
  await writeFile(out, bytes.subarray(0, Math.max(0, keepBytes)));
  return `/@fs${out}`;
};

/** Write a test file (text or base64 bytes) into a fresh temporary folder; returns its URL. */
const writeTempFile: BrowserCommand<[name: string, content: string, base64?: boolean]> = async (_ctx, name, content, base64) => {
  await mkdir(TEST_TMP_ROOT, { recursive: true });
  const dir = await mkdtemp(join(TEST_TMP_ROOT, 'file-'));
  const out = join(dir, name);
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, base64 ? Buffer.from(content, 'base64') : content);
  return `/@fs${out}`;
};

/** Replace the content of a file made by writeTempFile (its URL), as a server-side edit would. */
const overwriteTempFile: BrowserCommand<[url: string, content: string]> = async (_ctx, url, content) => {
  const path = resolve(url.replace(/^\/@fs/, ''));
  if (!path.startsWith(TEST_TMP_ROOT + '/')) throw new Error(`not a temporary test file: ${url}`);
  await writeFile(path, content);
};

export const fileCommands = { truncatedFixture, writeTempFile, overwriteTempFile };

declare module 'vitest/browser' {
  interface BrowserCommands {
    truncatedFixture(rel: string, keepBytes: number): Promise<string>;
    writeTempFile(name: string, content: string, base64?: boolean): Promise<string>;
    overwriteTempFile(url: string, content: string): Promise<void>;
  }
}
