// What the store-fault tests (issue 32: faults-*.test.ts) share: instances of the service in this
// process with a short store deadline and their log lines kept, and waiting with a bound. The
// instances are real servers on loopback ports, as every server test's; the stores behind them
// are the real S3-compatible server (fauxqs) behind the fault proxy (fault-proxy.mjs), and a
// real Redis that the tests stop, restart and freeze (redis-server.ts).
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { startMediaServer, type AppOptions } from '../../server/app.mjs';
import { RECORDS } from '../../server/s3-open-uploads.mjs';
import { TOKEN, type Served } from './helpers';
import { TEST_BUCKET, TEST_CREDENTIALS } from './s3-server';

/** The store deadline of the fault tests' instances: short, so that the tests stay fast. */
export const DEADLINE_MS = 1000;
/**
 * What "answered in time" allows beyond a deadline on this shared, often loaded machine: generous,
 * since the point is only that nothing waits for ever (before issue 32, a frozen store: 75 s and more).
 */
export const MARGIN_MS = 5000;

export interface Instance extends Served {
  app: Awaited<ReturnType<typeof startMediaServer>>['app'];
  seeded: Promise<void>;
  /** Where it keeps its files, as its start banner says. */
  store: string;
  /** The messages the instance logged, oldest first. */
  logs: string[];
  close(): Promise<void>;
}

export interface InstanceOptions {
  endpoint: string;
  prefix: string;
  sessionStore?: string;
  seed?: boolean;
  storeTimeoutMs?: number;
  more?: Partial<AppOptions>;
}

/** The options of an instance on the test bucket behind `endpoint`. */
export function instanceOptions(o: InstanceOptions): AppOptions {
  Object.assign(process.env, TEST_CREDENTIALS);
  return {
    s3: { bucket: TEST_BUCKET, prefix: o.prefix, endpoint: o.endpoint, forcePathStyle: true },
    sessionStore: o.sessionStore ?? 'memory',
    sessionPrefix: o.prefix.replace('/', ':'),
    token: TOKEN,
    seed: o.seed ?? false,
    storeTimeoutMs: o.storeTimeoutMs ?? DEADLINE_MS,
    ...o.more,
  };
}

/** A log that keeps each line's message. */
export function keptLog(lines: string[]) {
  return {
    level: 'info',
    stream: { write: (line: string) => void lines.push(String((JSON.parse(line) as { msg?: unknown }).msg)) },
  };
}

export async function startInstance(o: InstanceOptions): Promise<Instance> {
  const logs: string[] = [];
  const s = await startMediaServer({ ...instanceOptions(o), logger: keptLog(logs) });
  return { url: s.url, app: s.app, seeded: s.seeded, store: s.store, logs, close: () => s.app.close() };
}

/** Waits until `check` holds, polling; fails naming `what` after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * `p`'s outcome, or a failure naming `what` when it has not settled within `ms`: a request that
 * hangs fails the test rather than the test run.
 */
export async function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Log lines that contain `text`. */
export const linesWith = (logs: string[], text: string) => logs.filter((l) => l.includes(text));

/** How many open multipart uploads the instances' records under `prefix` name, all together (server/s3-open-uploads.mjs). */
export async function recordedUploads(client: S3Client, prefix: string) {
  const records = await client.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET, Prefix: `${prefix}${RECORDS}` }));
  let count = 0;
  for (const o of records.Contents ?? []) {
    const text = await (await client.send(new GetObjectCommand({ Bucket: TEST_BUCKET, Key: o.Key }))).Body!.transformToString();
    count += (JSON.parse(text) as { uploads: unknown[] }).uploads.length;
  }
  return count;
}
