import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { startMediaServer, type AppOptions } from '../../server/app.mjs';
import { TEST_BUCKET } from './s3-server';
import { storeOptions, under } from './store-under-test';

export const TOKEN = 'test-token-0123456789';
export const AUTH = { authorization: `Bearer ${TOKEN}` };

/** Project-relative paths resolved from this file, so tests run from any working directory. */
export const PROJECT = join(import.meta.dirname, '..', '..');
export const FIXTURES = join(PROJECT, '..', 'shared', 'fixtures');

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;
/** Any running service the request helpers can talk to: ours, or a host's app with the plugin on it. */
export type Served = Pick<TestServer, 'url'>;

/**
 * A JSON answer of the service as the tests read it. Node's fetch types `json()` as unknown: the
 * fields the tests read are named here (by default the common ones), and their assertions check them.
 */
export interface Answer {
  error: string;
  url: string;
  token: string;
  limit: number;
  name: string;
}
export const answer = async <T = Answer>(res: Response): Promise<T> => (await res.json()) as T;

/**
 * The real service on 127.0.0.1, a free port and the test token, on the store under test
 * (store-under-test.ts): a fresh temporary data folder, or a fresh prefix of the test bucket.
 */
export async function startTestServer(overrides: Partial<AppOptions> = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'dash3d-media-'));
  const options = { ...storeOptions(dir), token: TOKEN, ...overrides };
  const { root } = options;
  const server = await startMediaServer(options);
  // The suites read the built-ins, which the service writes in the background once it listens.
  await server.seeded;
  return {
    ...server,
    dir,
    root,
    /** What it was started with: a second start with these serves the same files. */
    startOptions: options,
    /** fetch against the server with the token unless `headers` says otherwise. */
    get: (path: string, headers: Record<string, string> = AUTH) => fetch(server.url + path, { headers }),
    close: async () => {
      await server.app.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface UploadOptions {
  /** 'cover', or whatever a test tries instead. */
  action?: string;
  headers?: Record<string, string>;
  field?: string;
}

/** POST /core/mediaLibrary/upload as the editor does: multipart with a field `file`, no content type set by hand. */
export function upload(s: Served, catalog: string, name: string, bytes: Uint8Array<ArrayBuffer> | string, opts: UploadOptions = {}) {
  const form = new FormData();
  form.append(opts.field ?? 'file', new Blob([bytes]), name);
  const q = new URLSearchParams({ catalog, ...(opts.action ? { action: opts.action } : {}) });
  return fetch(`${s.url}/core/mediaLibrary/upload?${q.toString()}`, { method: 'POST', headers: opts.headers ?? AUTH, body: form });
}

export async function list(
  s: Served,
  catalog: string,
): Promise<Array<{ name: string; path: string; filePath: string; isDir: boolean; size?: number }>> {
  const res = await fetch(`${s.url}/core/mediaLibrary?catalog=${encodeURIComponent(catalog)}`, { headers: AUTH });
  if (res.status !== 200) throw new Error(`listing ${catalog}: ${res.status} ${await res.text()}`);
  return answer(res);
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export async function bytesAt(s: Served, filePath: string) {
  const res = await fetch(s.url + filePath);
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** Every file name under a folder, hidden ones included: what is really on disk. */
export async function filesOnDisk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  return entries.map(String).sort();
}

/** Every key under a prefix of the test bucket, with the folders they imply, as filesOnDisk names them. */
async function keysUnder(prefix: string): Promise<string[]> {
  const names = new Set<string>();
  let ContinuationToken: string | undefined;
  do {
    const page = await under.s3!.client.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET, Prefix: prefix, ContinuationToken }));
    for (const o of page.Contents ?? []) {
      const parts = (o.Key ?? '').slice(prefix.length).split('/');
      parts.forEach((_, i) => names.add(parts.slice(0, i + 1).join('/')));
    }
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
  return [...names].sort();
}

type StartedWith = Pick<TestServer, 'startOptions'>;

/**
 * Everything the store holds for a service, hidden names included: under its media root
 * (`area` 'media', optionally a sub-folder), its dashboards, or both ('all', relative to the data folder).
 */
export async function storedFiles(s: StartedWith, area: 'media' | 'dashboards' | 'all', sub = ''): Promise<string[]> {
  const { s3, root, dashboardsRoot } = s.startOptions;
  const inner = sub ? `${sub}/` : '';
  if (s3) return keysUnder(`${s3.prefix ?? ''}${area === 'all' ? '' : `${area}/`}${inner}`);
  const media = root ?? '';
  const dir = area === 'media' ? media : area === 'dashboards' ? (dashboardsRoot ?? '') : join(media, '..');
  return filesOnDisk(join(dir, sub));
}

/**
 * Writes begun and not finished: hidden temporary files on disk; on S3 the multipart uploads
 * still open and the uploads the service holds in memory (smaller than one part) while receiving.
 */
export async function unfinishedWrites(s: StartedWith & Served): Promise<string[]> {
  const { s3, root } = s.startOptions;
  if (!s3) return (await filesOnDisk(root ?? '')).filter((f) => /(^|\/)\.tmp-/.test(f));
  const health = (await (await fetch(`${s.url}/api/health`)).json()) as { uploading: number };
  const receiving = health.uploading > 0 ? [`${health.uploading} upload(s) being received`] : [];
  return [...under.s3!.openUploads(s3.prefix ?? ''), ...receiving];
}

export { pseudoRandomBytes } from './bytes.mjs';

/** A JSON body, typed as what the test is about to check (its assertions are the check). */
export const json = <T>(res: Response) => res.json() as Promise<T>;
