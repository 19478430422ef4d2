import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expose } from 'comlink';
import { parseOffThread, parserStalls, ParserStalled, warmParser } from '../../../../../worker/models/load/parse/client';
import { setParseWorkerStarter, type ParseWorker } from '../../../../../worker/models/load/parse/workers';
import { stepAlive, stepEnd, stepStart } from '../../../../../worker/models/load/parse/steps';
import { setChunkSettings } from '../../../../../worker/engine/chunk-settings';
import type { ParseRequest } from '../../../../../worker/models/load/env';
import { ModelLimitsSchema } from '../../../../../shared/schema/limits';

/*
 * The parse client's watch on its workers, with stand-ins for them: each is one end of a
 * MessageChannel, the other end answering (or not) over comlink as a parse worker would. Firefox's
 * hang (a `new Worker()` in a parse worker that never returns) looks like this from outside: a
 * step mark that starts and never ends, and no answer after it.
 */

/** How a stand-in parse worker behaves. */
type Kind =
  | 'silent' // its script never runs: not even the first call is answered
  | 'answers' // parses at once
  | 'stuck-starting-decoder' // says it starts a worker of its own, then nothing ever again
  | 'slow' // parses for a long while, saying nothing meanwhile (a big file)
  | 'quick-decoder' // starts a decoder worker (start and end marks), then answers
  | 'slow-start' // its script takes six stall bounds to be ready, saying it is alive meanwhile
  | 'answers-quickly'; // answers at once, held to the short handshake bound too

const STALL_MS = 60;
/** The handshake bound of a stand-in that answers: a cold start on a loaded machine is not the stall under test. */
const START_MS = 10_000;

interface Started {
  kind: Kind;
  terminated: boolean;
  /** Byte lengths of the files it was sent. */
  received: number[];
}

let started: Started[] = [];
let ports: { close(): void }[] = [];

function startEach(kinds: Kind[]) {
  setParseWorkerStarter(() => {
    const kind = kinds[started.length] ?? 'answers';
    const s: Started = { kind, terminated: false, received: [] };
    started.push(s);
    // spawn() reads the bounds right after this returns: only a silent one is held to the short handshake bound.
    const short = kind === 'silent' || kind === 'slow-start' || kind === 'answers-quickly';
    setChunkSettings({ timeoutMs: 20_000, parseStallMs: STALL_MS, parseStartMs: short ? STALL_MS : START_MS });
    const { port1, port2 } = new MessageChannel();
    ports.push(port1, port2);
    const worker = Object.assign(port1, {
      terminate() {
        s.terminated = true;
        port1.close();
        port2.close();
      },
    }) as unknown as ParseWorker;
    const reply = { model: { kind }, warnings: [], notices: [] };
    let ready = Promise.resolve();
    if (kind === 'slow-start') {
      const alive = setInterval(() => port2.postMessage(stepAlive()), STALL_MS / 2);
      ready = new Promise((r) => setTimeout(r, STALL_MS * 6)).then(() => clearInterval(alive));
    }
    if (kind !== 'silent')
      void ready.then(() =>
        expose(
          {
            ping: () => 1,
            warmParse: () => Promise.resolve(),
            parseModel: async (bytes: ArrayBuffer) => {
              s.received.push(bytes.byteLength);
              if (kind === 'stuck-starting-decoder') {
                port2.postMessage(stepStart('starting a worker of its own (a decoder)'));
                return new Promise(() => {});
              }
              if (kind === 'quick-decoder') {
                port2.postMessage(stepStart('starting a worker of its own (a decoder)'));
                port2.postMessage(stepEnd());
              }
              // Five stall bounds of silence: a parse is never held to the bound.
              if (kind === 'slow') await new Promise((r) => setTimeout(r, STALL_MS * 5));
              return reply;
            },
          },
          port2,
        ),
      );
    return { worker, url: 'http://localhost/parse-worker.js' };
  });
}

const limits = ModelLimitsSchema.parse({});
const request = (file: string): ParseRequest => ({
  src: { filePath: `http://localhost/${file}`, fileList: [] },
  baseUrl: 'http://localhost/',
  allowedOrigins: ['http://localhost'],
  ktx2: {},
  viewport: { width: 1, height: 1 },
  limits,
});

/** A .glb whose JSON names `extension` (or none). */
function glb(extension?: string): ArrayBuffer {
  const json = new TextEncoder().encode(
    JSON.stringify({ asset: { version: '2.0' }, extensionsUsed: extension ? [extension] : [] }).padEnd(64),
  );
  const out = new ArrayBuffer(20 + json.length);
  const dv = new DataView(out);
  dv.setUint32(0, 0x46546c67, true);
  dv.setUint32(4, 2, true);
  dv.setUint32(8, out.byteLength, true);
  dv.setUint32(12, json.length, true);
  dv.setUint32(16, 0x4e4f534a, true);
  new Uint8Array(out, 20).set(json);
  return out;
}

beforeEach(() => {
  started = [];
  ports = [];
  // The chunk timeout stays well above the stall bound, as in the product (120 s against 10 s).
  setChunkSettings({ timeoutMs: 20_000, parseStallMs: STALL_MS });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  setParseWorkerStarter(null);
  for (const p of ports) p.close();
  setChunkSettings({});
  vi.restoreAllMocks();
});

describe('parse workers that go silent', () => {
  it('one that never answers its first call is let go, and the next one parses', async () => {
    startEach(['silent', 'answers']);
    const before = parserStalls();
    const reply = await parseOffThread(glb(), request('a.glb'), new AbortController().signal);
    expect(reply.model).toEqual({ kind: 'answers' });
    expect(started.map((s) => [s.kind, s.terminated])).toEqual([
      ['silent', true],
      ['answers', false],
    ]);
    expect(parserStalls() - before).toBe(1);
    expect(String(vi.mocked(console.warn).mock.calls[0]?.[0])).toMatch(
      /a\.glb: a parse worker did not answer within .* s of starting; starting another/,
    );
  });

  it('two that never answer: a ParserStalled, with the file still the caller’s (it was never moved)', async () => {
    startEach(['silent', 'silent', 'answers']);
    const bytes = glb();
    const size = bytes.byteLength;
    const err = await parseOffThread(bytes, request('a.glb'), new AbortController().signal).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ParserStalled);
    expect((err as ParserStalled).fileKept).toBe(true);
    expect(bytes.byteLength).toBe(size);
    // Two tries, no third: the caller parses on the render thread (load/index.ts).
    expect(started.map((s) => s.terminated)).toEqual([true, true]);
  });

  it('one stuck starting a decoder worker is let go; the file went as a copy, so the next one gets it whole', async () => {
    startEach(['stuck-starting-decoder', 'answers']);
    const bytes = glb('KHR_draco_mesh_compression');
    const reply = await parseOffThread(bytes, request('draco.glb'), new AbortController().signal);
    expect(reply.model).toEqual({ kind: 'answers' });
    expect(started[0]!.terminated).toBe(true);
    expect(started.map((s) => s.received)).toEqual([[bytes.byteLength], [bytes.byteLength]]);
    expect(String(vi.mocked(console.warn).mock.calls[0]?.[0])).toMatch(/stopped answering while starting a worker of its own/);
  });

  it('two stuck starting decoders: a ParserStalled, and the caller still has the file to parse itself', async () => {
    startEach(['stuck-starting-decoder', 'stuck-starting-decoder']);
    const bytes = glb('KHR_texture_basisu');
    const err = await parseOffThread(bytes, request('ktx2.glb'), new AbortController().signal).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ParserStalled);
    expect((err as ParserStalled).fileKept).toBe(true);
    expect(bytes.byteLength).toBeGreaterThan(0);
  });

  it('a file not expected to start decoders is moved, not copied; if its worker stalls after all, nobody parses a moved file', async () => {
    startEach(['stuck-starting-decoder', 'answers']);
    const bytes = glb();
    const err = await parseOffThread(bytes, request('plain.glb'), new AbortController().signal).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ParserStalled);
    expect((err as ParserStalled).fileKept).toBe(false);
    expect(started).toHaveLength(1);
  });
});

describe('parse workers that are only busy', () => {
  it('a parse longer than the stall bound, saying nothing meanwhile, is not cut short', async () => {
    startEach(['slow']);
    const before = parserStalls();
    const reply = await parseOffThread(glb(), request('big.glb'), new AbortController().signal);
    expect(reply.model).toEqual({ kind: 'slow' });
    expect(parserStalls() - before).toBe(0);
    expect(started[0]!.terminated).toBe(false);
  });

  it('a decoder worker that starts (its start and end told) leaves the parse alone', async () => {
    startEach(['quick-decoder']);
    const reply = await parseOffThread(glb('KHR_draco_mesh_compression'), request('draco.glb'), new AbortController().signal);
    expect(reply.model).toEqual({ kind: 'quick-decoder' });
    expect(started).toHaveLength(1);
  });

  it('a worker slow to start, saying it is alive meanwhile, is waited for: silence is given up on, not slowness', async () => {
    startEach(['slow-start']);
    const before = parserStalls();
    const reply = await parseOffThread(glb(), request('a.glb'), new AbortController().signal);
    expect(reply.model).toEqual({ kind: 'slow-start' });
    expect(parserStalls() - before).toBe(0);
    expect(started).toHaveLength(1);
  });

  it("this thread's own stall is not the worker's silence: its answer waiting behind a long task is heard", async () => {
    startEach(['answers-quickly']);
    const before = parserStalls();
    const parsed = parseOffThread(glb(), request('a.glb'), new AbortController().signal);
    // Once the worker is started (after the parse's first await), this thread is busy for three
    // stall bounds: the worker's answer comes meanwhile and waits in the queue.
    await new Promise<void>((r) =>
      setTimeout(() => {
        const until = performance.now() + STALL_MS * 3;
        while (performance.now() < until) {
          // Busy, as a render worker compiling shaders on a loaded machine.
        }
        r();
      }, 0),
    );
    expect((await parsed).model).toEqual({ kind: 'answers-quickly' });
    expect(parserStalls() - before).toBe(0);
    expect(started).toHaveLength(1);
  });

  it('a worker started ahead that never answers is let go while it waits, and a load starts a fresh one', async () => {
    startEach(['silent', 'answers']);
    expect(await warmParser()).toBe(false);
    expect(started[0]!.terminated).toBe(true);
    const reply = await parseOffThread(glb(), request('a.glb'), new AbortController().signal);
    expect(reply.model).toEqual({ kind: 'answers' });
  });
});
