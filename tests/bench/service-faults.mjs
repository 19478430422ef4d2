// `npm run bench -- --scene=service`, its faults column (issue 32, point 7): `dash3d-media` as its own
// process on the S3-compatible store (fauxqs) behind the fault proxy of the server tests
// (tests/server/fault-proxy.mjs), under a steady load of reads and covers of known files, while the
// store is healthy, slowed (each call waits 250 ms), frozen for 10 s (connections accepted, nothing
// answered), then back. Per phase: requests answered, p50/p99 latency, errors (the 503s a fault
// should cause) and requests left unanswered past their deadline. Then every file is checked (none
// lost, none mixed) and how long the service took to answer again once the store was back.
import { createHash } from 'node:crypto';
import { percentile } from './service-report.mjs';
import { pseudoRandomBytes } from '../server/bytes.mjs';
import { startFaultProxy } from '../server/fault-proxy.mjs';

export const FAULTS = {
  /** The service's store deadline in this run (MEDIA_STORE_TIMEOUT_S). */
  deadlineS: 2,
  /** A request answered later than its deadline plus this is counted as unanswered past it. */
  marginS: 5,
  slowMs: 250,
  phases: [
    { name: 'healthy', label: 'store healthy', ms: 5000 },
    { name: 'slowed', label: 'store slowed (250 ms a call)', ms: 10_000 },
    { name: 'frozen', label: 'store frozen (accepts, answers nothing)', ms: 10_000 },
    { name: 'back', label: 'store back', ms: 10_000 },
  ],
  files: 20,
  fileBytes: 64 * 1024,
  clients: 8,
  readShare: 0.7,
  /** The goal for answering again once the store is back. */
  recoveryGoalS: 5,
};

const TOKEN = 'bench-token-0123456789';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const sha = (bytes) => createHash('sha256').update(bytes).digest('hex');
const nameOf = (i) => `f-${i}.glb`;

/** The `error` of a JSON error answer. */
const errorOf = (status, body) => {
  if (status === 200) return '';
  try {
    return String(JSON.parse(body.toString('utf8')).error);
  } catch {
    return `status ${status}`;
  }
};

/** One cover of `name`: its status (0: no answer before the bench's own cut-off) and error. */
async function cover(url, name, bytes) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const res = await fetch(`${url}/core/mediaLibrary/upload?catalog=bench%2Ffaults&action=cover`, {
    method: 'POST',
    headers: AUTH,
    body: form,
    signal: AbortSignal.timeout((FAULTS.deadlineS + 30) * 1000),
  });
  return { status: res.status, error: errorOf(res.status, Buffer.from(await res.arrayBuffer())) };
}

/**
 * @param {{ log: (...a: unknown[]) => void, s3: { endpoint: string }, bucket: string, credentials: Record<string, string>,
 *   startService: (env: Record<string, string>) => Promise<{ url: string, stop(): Promise<void> }> }} o
 */
export async function runFaultsBench({ log, s3, bucket, credentials, startService }) {
  const proxy = await startFaultProxy(s3.endpoint);
  const service = await startService({
    ...credentials,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    MEDIA_STORE: 's3',
    MEDIA_S3_BUCKET: bucket,
    MEDIA_S3_PREFIX: 'bench-faults/',
    MEDIA_S3_ENDPOINT: proxy.endpoint,
    MEDIA_S3_FORCE_PATH_STYLE: 'true',
    MEDIA_STORE_TIMEOUT_S: String(FAULTS.deadlineS),
  });
  try {
    /** Every cover tried, by file: what the file may hold afterwards. */
    const tried = Array.from({ length: FAULTS.files }, () => /** @type {{ sha: string, t0: number, t1: number, ok: boolean }[]} */ ([]));
    let seed = 1000;
    const coverOnce = async (i) => {
      const bytes = pseudoRandomBytes(FAULTS.fileBytes, seed++);
      const entry = { sha: sha(bytes), t0: performance.now(), t1: Infinity, ok: false };
      tried[i].push(entry);
      const answer = await cover(service.url, nameOf(i), bytes).catch(() => ({ status: 0, error: 'no answer' }));
      entry.t1 = performance.now();
      entry.ok = answer.status === 200;
      return answer;
    };
    log(
      `[bench] service faults: ${FAULTS.files} files, then ${FAULTS.clients} clients through ${FAULTS.phases.map((p) => p.name).join(', ')}`,
    );
    for (let i = 0; i < FAULTS.files; i++)
      if ((await coverOnce(i)).status !== 200) throw new Error('the faults run could not store its files');

    /** @type {{ phase: string, ms: number, status: number, error: string, mixed: boolean }[]} */
    const requests = [];
    let phase = FAULTS.phases[0].name;
    let running = true;
    const client = async (c) => {
      for (let n = 0; running; n++) {
        const started = phase;
        const i = (c * 7 + n * 13) % FAULTS.files;
        const t = performance.now();
        if ((n * 37 + c) % 100 < FAULTS.readShare * 100) {
          const res = await fetch(`${service.url}/media/bench/faults/${nameOf(i)}`, {
            signal: AbortSignal.timeout((FAULTS.deadlineS + 30) * 1000),
          }).catch(() => null);
          const body = res ? Buffer.from(await res.arrayBuffer().catch(() => new ArrayBuffer(0))) : Buffer.alloc(0);
          const status = res?.status ?? 0;
          const mixed = status === 200 && !tried[i].some((v) => v.sha === sha(body));
          requests.push({ phase: started, ms: performance.now() - t, status, error: res ? errorOf(status, body) : 'no answer', mixed });
        } else {
          const { status, error } = await coverOnce(i);
          requests.push({ phase: started, ms: performance.now() - t, status, error, mixed: false });
        }
      }
    };
    const clients = Array.from({ length: FAULTS.clients }, (_, c) => client(c));

    let recoveryS = null;
    for (const p of FAULTS.phases) {
      phase = p.name;
      log(`[bench] service faults: ${p.label}, ${p.ms / 1000} s`);
      if (p.name === 'slowed') proxy.delay(FAULTS.slowMs);
      if (p.name === 'frozen') proxy.freeze();
      if (p.name === 'back') {
        proxy.pass();
        recoveryS = await recovery(service.url, p.ms);
        await new Promise((r) => setTimeout(r, Math.max(0, p.ms - (recoveryS ?? 0) * 1000)));
      } else await new Promise((r) => setTimeout(r, p.ms));
    }
    running = false;
    await Promise.all(clients);

    const objects = await checkObjects(service.url, tried);
    const deadlineMs = (FAULTS.deadlineS + FAULTS.marginS) * 1000;
    const phases = FAULTS.phases.map((p) => {
      const mine = requests.filter((r) => r.phase === p.name);
      const answered = mine.filter((r) => r.status !== 0);
      const ms = answered.map((r) => r.ms);
      return {
        name: p.name,
        label: p.label,
        seconds: p.ms / 1000,
        answered: answered.length,
        p50Ms: percentile(ms, 0.5),
        p99Ms: percentile(ms, 0.99),
        maxMs: ms.length ? Math.max(...ms) : null,
        errors: answered.filter((r) => r.status !== 200).length,
        // What the errors said, and how often (for the JSON; the table counts them).
        said: Object.fromEntries(
          [...new Set(answered.filter((r) => r.status !== 200).map((r) => r.error))].map((e) => [
            e,
            answered.filter((r) => r.error === e).length,
          ]),
        ),
        mixedReads: mine.filter((r) => r.mixed).length,
        unanswered: mine.filter((r) => r.status === 0 || r.ms > deadlineMs).length,
      };
    });
    return { ...FAULTS, phases, recoveryS, objects };
  } finally {
    await service.stop();
    await proxy.stop();
  }
}

/** Seconds from now until health and a read answer 200 again (polled every 100 ms), or null. */
async function recovery(url, withinMs) {
  const start = performance.now();
  while (performance.now() - start < withinMs) {
    const ok = async (path) => (await fetch(`${url}${path}`, { signal: AbortSignal.timeout(2000) }).catch(() => null))?.status === 200;
    if ((await ok('/api/health')) && (await ok(`/media/bench/faults/${nameOf(0)}`))) return (performance.now() - start) / 1000;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

/**
 * Each file afterwards: mixed when it holds none of the versions tried; lost when it is missing, or
 * holds a version whose cover ended before the last acknowledged (200) cover of it began.
 */
async function checkObjects(url, tried) {
  let lost = 0;
  let mixed = 0;
  for (let i = 0; i < tried.length; i++) {
    const res = await fetch(`${url}/media/bench/faults/${nameOf(i)}`);
    if (res.status !== 200) {
      lost++;
      continue;
    }
    const held = sha(Buffer.from(await res.arrayBuffer()));
    const versions = tried[i].filter((v) => v.sha === held);
    if (versions.length === 0) {
      mixed++;
      continue;
    }
    const lastAck = Math.max(...tried[i].filter((v) => v.ok).map((v) => v.t0));
    if (versions.every((v) => v.t1 < lastAck)) lost++;
  }
  return { checked: tried.length, covers: tried.reduce((n, t) => n + t.length, 0), lost, mixed };
}
