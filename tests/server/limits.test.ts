import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answer,
  AUTH,
  bytesAt,
  list,
  pseudoRandomBytes,
  sha256,
  startTestServer,
  unfinishedWrites,
  upload,
  type TestServer,
} from './helpers';

const LIMIT = 64 * 1024;
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ maxUploadBytes: LIMIT, seed: false });
});
afterAll(() => s.close());

/** Temporary files on disk; on S3, open multipart uploads and uploads being received (helpers.ts). */
const tempFiles = () => unfinishedWrites(s);

async function until(check: () => Promise<boolean>, what: string, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * An upload whose body is sent in two halves: the second only after `release()`. In between, the
 * server holds a partly written temporary file, which is what the listing must never show.
 */
function pausedUpload(catalog: string, name: string, bytes: Uint8Array, signal?: AbortSignal) {
  const boundary = '----dash3d' + Math.random().toString(16).slice(2);
  const enc = new TextEncoder();
  const head = enc.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = enc.encode(`\r\n--${boundary}--\r\n`);
  const half = Math.floor(bytes.length / 2);
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const pieces: Array<() => Promise<Uint8Array>> = [
    () => Promise.resolve(head),
    () => Promise.resolve(bytes.subarray(0, half)),
    async () => (await gate, bytes.subarray(half)),
    () => Promise.resolve(tail),
  ];
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = pieces.shift();
      if (next) controller.enqueue(await next());
      else controller.close();
    },
  });
  const response = fetch(`${s.url}/core/mediaLibrary/upload?catalog=${encodeURIComponent(catalog)}&action=cover`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    signal,
    duplex: 'half',
  });
  return { response, release };
}

describe('upload size limit', () => {
  it('a file exactly at the limit is stored; one byte more is 413 and leaves nothing behind', async () => {
    const ok = await upload(s, 'big', 'exact.bin', pseudoRandomBytes(LIMIT));
    expect(ok.status).toBe(200);
    const over = await upload(s, 'big', 'over.bin', pseudoRandomBytes(LIMIT + 1));
    expect(over.status).toBe(413);
    expect((await answer(over)).error).toMatch(/limit/);
    expect((await list(s, 'big')).map((e) => e.name)).toEqual(['exact.bin']);
    expect(await tempFiles()).toEqual([]);
  });

  it('an oversize upload is never listed, neither while it streams nor after the 413', async () => {
    const big = pseudoRandomBytes(3 * LIMIT, 7);
    const { response, release } = pausedUpload('streaming/over', 'huge.glb', big);
    // The first half (1.5x the limit) has arrived: the temporary file exists, truncated at the limit.
    await until(async () => (await tempFiles()).length > 0, 'the temporary file');
    expect(await list(s, 'streaming/over')).toEqual([]);
    release();
    const res = await response;
    expect(res.status).toBe(413);
    expect(await list(s, 'streaming/over')).toEqual([]);
    expect(await tempFiles()).toEqual([]);
    expect((await fetch(`${s.url}/media/streaming/over/huge.glb`)).status).toBe(404);
  });

  it('a half-received upload is not listed until it is complete, and then intact', async () => {
    const bytes = pseudoRandomBytes(LIMIT - 10, 9);
    const { response, release } = pausedUpload('streaming/ok', 'model.glb', bytes);
    await until(async () => (await tempFiles()).length > 0, 'the temporary file');
    expect(await list(s, 'streaming/ok')).toEqual([]);
    expect((await fetch(`${s.url}/media/streaming/ok/model.glb`)).status).toBe(404);
    release();
    expect((await response).status).toBe(200);
    expect((await list(s, 'streaming/ok')).map((e) => e.name)).toEqual(['model.glb']);
    expect(sha256((await bytesAt(s, '/media/streaming/ok/model.glb')).bytes)).toBe(sha256(bytes));
  });

  it('a client that goes away mid-upload leaves no file and no temporary file', async () => {
    const abort = new AbortController();
    const { response, release } = pausedUpload('streaming/gone', 'gone.glb', pseudoRandomBytes(LIMIT - 10, 3), abort.signal);
    await until(async () => (await tempFiles()).length > 0, 'the temporary file');
    abort.abort();
    await expect(response).rejects.toThrow();
    release();
    await until(async () => (await tempFiles()).length === 0, 'the temporary file to be removed');
    expect(await list(s, 'streaming/gone')).toEqual([]);
  });
});

describe('concurrency', () => {
  it('20 concurrent uploads into one catalog are all listed and intact', async () => {
    const files = Array.from({ length: 20 }, (_, i) => ({
      name: `part-${String(i).padStart(2, '0')}.glb`,
      bytes: pseudoRandomBytes(20_000 + i * 1500, i + 11),
    }));
    const answers = await Promise.all(files.map((f) => upload(s, '3d/concurrent', f.name, f.bytes, { action: 'cover' })));
    expect(answers.map((r) => r.status)).toEqual(files.map(() => 200));
    const entries = await list(s, '3d/concurrent');
    expect(entries.map((e) => e.name)).toEqual(files.map((f) => f.name));
    await Promise.all(
      files.map(async (f) => {
        const entry = entries.find((e) => e.name === f.name)!;
        expect(entry.size).toBe(f.bytes.length);
        expect(sha256((await bytesAt(s, entry.filePath)).bytes), f.name).toBe(sha256(f.bytes));
      }),
    );
    expect(await tempFiles()).toEqual([]);
  });

  it('20 concurrent covers of one name leave exactly one complete version', async () => {
    const versions = Array.from({ length: 20 }, (_, i) => pseudoRandomBytes(30_000, 100 + i));
    const answers = await Promise.all(versions.map((v) => upload(s, '3d/race', 'same.glb', v, { action: 'cover' })));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect((await list(s, '3d/race')).map((e) => e.name)).toEqual(['same.glb']);
    const served = sha256((await bytesAt(s, '/media/3d/race/same.glb')).bytes);
    expect(versions.map(sha256)).toContain(served);
    expect(await tempFiles()).toEqual([]);
  });

  it('concurrent uploads of one name without cover: one wins, the others get 409', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => upload(s, '3d/nocover', 'once.obj', `o v${i}\n`)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(9).fill(409)]);
    expect(await tempFiles()).toEqual([]);
  });
});
