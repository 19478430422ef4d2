// `npm run bench -- --scene=service` (issue 21, point 8): a soak of the media-library service as
// its own process on loopback, once on the disk store and once on an S3-compatible store (fauxqs
// in this process: tests/server/fauxqs.mjs, as the server tests use it): 200 uploads, then 2000 reads, each phase
// bounded in count and in time, with requests per second and p50/p95 latency; then the service's
// peak resident memory while it receives single 10, 50 and 100 MB uploads (the goal: flat, not
// growing with the file's size). Every answer is checked (status, and size or bytes), so a figure
// counts only correct answers. Last, the faults column (service-faults.mjs, issue 32): the same
// service on the S3 store while the store is slowed, frozen and back. No browser, no build.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFaultsBench } from './service-faults.mjs';
import { percentile, serviceChecks } from './service-report.mjs';
import { pseudoRandomBytes } from '../server/bytes.mjs';

export const SERVICE_PART = 'service';
const PROJECT = join(import.meta.dirname, '..', '..');
const TOKEN = 'bench-token-0123456789';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const MIB = 1024 * 1024;
/** The soak's bucket on the S3-compatible server (tests/server/fauxqs.mjs). */
const BUCKET = 'dash3d-bench';

export const SOAK = { uploads: 200, reads: 2000, uploadConcurrency: 8, readConcurrency: 16, phaseMs: 120_000 };
/** File sizes of the soak's uploads: small models, textures and thumbnails. */
const UPLOAD_BYTES = [16 * 1024, 64 * 1024, 256 * 1024];
export const BIG_UPLOADS_MB = [10, 50, 100];

/** The service's resident set now, from /proc (Linux), in bytes. */
async function rssOf(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb * 1024;
}

/** `dash3d-media` as an operator runs it; answers its URL and a stop function. */
export async function startService(env) {
  const child = spawn(process.execPath, [join(PROJECT, 'server', 'cli.mjs'), '--port', '0', '--no-seed'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, MEDIA_TOKEN: TOKEN, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const url = await new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /media library on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearInterval(timer);
        resolve(m[1]);
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`the service did not start:\n${out}`));
      }
    }, 20);
  });
  return {
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await gone;
    },
  };
}

/**
 * Runs `count` requests, `concurrency` at a time, stopping early when `phaseMs` is spent.
 * @returns {Promise<{ done: number, errors: number, seconds: number, latenciesMs: number[] }>}
 */
async function phase(count, concurrency, phaseMs, request) {
  const latenciesMs = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + phaseMs;
  const worker = async () => {
    while (next < count && performance.now() < deadline) {
      const i = next++;
      const t = performance.now();
      const ok = await request(i).catch(() => false);
      latenciesMs.push(performance.now() - t);
      if (!ok) errors++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { done: latenciesMs.length, errors, seconds: (performance.now() - started) / 1000, latenciesMs };
}

const summary = (p) => ({
  requests: p.done,
  errors: p.errors,
  perSecond: p.done / p.seconds,
  p50Ms: percentile(p.latenciesMs, 0.5),
  p95Ms: percentile(p.latenciesMs, 0.95),
});

function uploadOnce(url, catalog, name, body) {
  const form = new FormData();
  form.append('file', new Blob([body]), name);
  const q = new URLSearchParams({ catalog, action: 'cover' });
  return fetch(`${url}/core/mediaLibrary/upload?${q.toString()}`, { method: 'POST', headers: AUTH, body: form });
}

/** A multipart upload of `bytes` generated as it is sent: the sender never holds it whole either. */
function streamedUpload(url, name, bytes) {
  const boundary = '----dash3dbench' + Math.random().toString(16).slice(2);
  const enc = new TextEncoder();
  const head = enc.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = enc.encode(`\r\n--${boundary}--\r\n`);
  const chunk = pseudoRandomBytes(MIB, 7);
  let sent = 0;
  let stage = 0;
  const body = new ReadableStream({
    pull(controller) {
      if (stage === 0) {
        stage = 1;
        return controller.enqueue(head);
      }
      if (sent < bytes) {
        const n = Math.min(MIB, bytes - sent);
        sent += n;
        return controller.enqueue(chunk.subarray(0, n));
      }
      if (stage === 1) {
        stage = 2;
        return controller.enqueue(tail);
      }
      controller.close();
    },
  });
  return fetch(`${url}/core/mediaLibrary/upload?catalog=bench%2Fbig&action=cover`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  });
}

/** The service's peak RSS (sampled every 10 ms) while it receives one upload of `mb` MB. */
async function peakDuring(service, mb) {
  let peak = await rssOf(service.pid);
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await rssOf(service.pid));
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const res = await streamedUpload(service.url, `big-${mb}.bin`, mb * MIB);
  const answer = await res.json().catch(() => ({}));
  sampling = false;
  await sampler;
  return { mb, peakBytes: peak, ok: res.status === 200 && answer.size === mb * MIB };
}

/** One store: soak, then the big uploads. */
async function soakStore(kind, env, log) {
  const service = await startService(env);
  try {
    log(`[bench] service on ${kind}: ${SOAK.uploads} uploads`);
    const files = Array.from({ length: SOAK.uploads }, (_, i) => ({
      catalog: `bench/soak/${i % 20}`,
      name: `part-${i}.glb`,
      body: pseudoRandomBytes(UPLOAD_BYTES[i % UPLOAD_BYTES.length], i + 1),
    }));
    const uploads = await phase(SOAK.uploads, SOAK.uploadConcurrency, SOAK.phaseMs, async (i) => {
      const f = files[i];
      const res = await uploadOnce(service.url, f.catalog, f.name, f.body);
      const answer = await res.json();
      return res.status === 200 && answer.size === f.body.length;
    });
    log(`[bench] service on ${kind}: ${SOAK.reads} reads`);
    const stored = files.slice(0, uploads.done);
    const reads = await phase(SOAK.reads, SOAK.readConcurrency, SOAK.phaseMs, async (i) => {
      const f = stored[(i * 7919) % stored.length];
      const res = await fetch(`${service.url}/media/${f.catalog}/${f.name}`);
      const body = Buffer.from(await res.arrayBuffer());
      return res.status === 200 && body.equals(f.body);
    });
    const baselineBytes = await rssOf(service.pid);
    const big = [];
    for (const mb of BIG_UPLOADS_MB) {
      log(`[bench] service on ${kind}: one ${mb} MB upload`);
      big.push(await peakDuring(service, mb));
    }
    return { store: kind, uploads: summary(uploads), reads: summary(reads), memory: { baselineBytes, big } };
  } finally {
    await service.stop();
  }
}

/** Both stores, the S3-compatible server started and stopped here. */
export async function runServiceBench({ log }) {
  const dir = await mkdtemp(join(tmpdir(), 'dash3d-bench-service-'));
  const { startFauxqs, FAUXQS_CREDENTIALS } = await import('../server/fauxqs.mjs');
  const s3 = await startFauxqs(BUCKET);
  try {
    const disk = await soakStore('disk', { DATA_ROOT: dir }, log);
    const onS3 = await soakStore(
      's3',
      {
        ...FAUXQS_CREDENTIALS,
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        MEDIA_STORE: 's3',
        MEDIA_S3_BUCKET: BUCKET,
        MEDIA_S3_PREFIX: 'bench/',
        MEDIA_S3_ENDPOINT: s3.endpoint,
        MEDIA_S3_FORCE_PATH_STYLE: 'true',
      },
      log,
    );
    const faults = await runFaultsBench({ log, s3, bucket: BUCKET, credentials: FAUXQS_CREDENTIALS, startService });
    const results = { soak: SOAK, stores: [disk, onS3], faults };
    return { ...results, checks: serviceChecks(results) };
  } finally {
    await s3.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
