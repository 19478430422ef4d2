// The table and the goals of the service soak (service.mjs).
import { BIG_UPLOADS_MB } from './service.mjs';

/** Issue 21 §8: the service's memory during an upload stays flat, whatever the file's size. Allowed
 * growth of the peak from the smallest to the largest upload, MB: far below the 90 MB between them. */
export const MEMORY_GROWTH_MB_AT_MOST = 16;

const MB = 1024 * 1024;

/** The p-quantile (0..1) of a list of numbers, nearest rank; null for none. */
export function percentile(xs, p) {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))];
}

export function serviceChecks(r) {
  return r.stores.flatMap((s) => {
    const peaks = s.memory.big.map((b) => b.peakBytes);
    const growth = (peaks.at(-1) - peaks[0]) / MB;
    return [
      {
        name: `service (${s.store}): ${r.soak.uploads} uploads and ${r.soak.reads} reads, each answered and its bytes intact`,
        pass: s.uploads.requests === r.soak.uploads && s.reads.requests === r.soak.reads && s.uploads.errors + s.reads.errors === 0,
        detail: `${s.uploads.requests} uploads (${s.uploads.errors} wrong), ${s.reads.requests} reads (${s.reads.errors} wrong)`,
      },
      {
        name: `service (${s.store}): peak memory during one upload does not grow with its size (${BIG_UPLOADS_MB.join(', ')} MB: at most ${MEMORY_GROWTH_MB_AT_MOST} MB more)`,
        pass: s.memory.big.every((b) => b.ok) && growth <= MEMORY_GROWTH_MB_AT_MOST,
        detail: `peak RSS ${peaks.map((p) => (p / MB).toFixed(0)).join(' / ')} MB (idle after the soak ${(s.memory.baselineBytes / MB).toFixed(0)} MB), growth ${growth.toFixed(1)} MB${s.memory.big.every((b) => b.ok) ? '' : '; an upload failed'}`,
      },
    ];
  });
}

const ms = (x) => (x === null ? 'n/a' : x.toFixed(1));

export function serviceHuman(r) {
  const rows = r.stores.flatMap((s) => [
    `| ${s.store} | ${r.soak.uploads} uploads (${r.soak.uploadConcurrency} at a time) | ${s.uploads.perSecond.toFixed(0)} | ${ms(s.uploads.p50Ms)} | ${ms(s.uploads.p95Ms)} | ${s.uploads.errors} |`,
    `| ${s.store} | ${r.soak.reads} reads (${r.soak.readConcurrency} at a time) | ${s.reads.perSecond.toFixed(0)} | ${ms(s.reads.p50Ms)} | ${ms(s.reads.p95Ms)} | ${s.reads.errors} |`,
  ]);
  const memory = r.stores.map(
    (s) =>
      `| ${s.store} | ${(s.memory.baselineBytes / MB).toFixed(0)} | ${s.memory.big.map((b) => (b.peakBytes / MB).toFixed(0)).join(' | ')} |`,
  );
  const checkLine = (c) => `[${c.pass ? 'PASS' : 'FAIL'}] ${c.name}: ${c.detail}`;
  return [
    'Media-library service soak on loopback (the service as its own process; S3: fauxqs in the benchmark process):',
    '| store | phase | requests/s | p50 ms | p95 ms | wrong answers |',
    '|---|---|---:|---:|---:|---:|',
    ...rows,
    '',
    'Peak resident memory of the service process while it receives one upload, MB:',
    `| store | idle after the soak | ${BIG_UPLOADS_MB.map((mb) => `${mb} MB upload`).join(' | ')} |`,
    `|---|---:|${BIG_UPLOADS_MB.map(() => '---:').join('|')}|`,
    ...memory,
    '',
    ...r.checks.map(checkLine),
  ].join('\n');
}
