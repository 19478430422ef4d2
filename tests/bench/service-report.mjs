// The tables, the goals and the docs/benchmarks.md section of the service soak (service.mjs) and
// its faults column (service-faults.mjs).
import { spliceBetween } from './cards-report.mjs';
import { BIG_UPLOADS_MB } from './service.mjs';

export const SERVICE_BEGIN = '<!-- bench:service:begin -->';
export const SERVICE_END = '<!-- bench:service:end -->';

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

/** Issue 32 §7: nothing left unanswered past its deadline, nothing lost or mixed, back within the goal. */
export function faultsChecks(f) {
  const unanswered = f.phases.reduce((n, p) => n + p.unanswered, 0);
  const mixedReads = f.phases.reduce((n, p) => n + p.mixedReads, 0);
  const longest = Math.max(...f.phases.map((p) => p.maxMs ?? 0));
  return [
    {
      name: `service (s3, faults): no request unanswered past its deadline (${f.deadlineS} s, plus ${f.marginS} s for the calls answered before it)`,
      pass: unanswered === 0,
      detail: `${unanswered} unanswered; the longest answer took ${(longest / 1000).toFixed(1)} s`,
    },
    {
      name: 'service (s3, faults): 0 files lost or mixed, and no read of a mixed file',
      pass: f.objects.lost === 0 && f.objects.mixed === 0 && mixedReads === 0,
      detail: `${f.objects.checked} files after ${f.objects.covers} covers: ${f.objects.lost} lost, ${f.objects.mixed} mixed; ${mixedReads} mixed reads`,
    },
    {
      name: `service (s3, faults): answers again within ${f.recoveryGoalS} s of the store's return`,
      pass: f.recoveryS !== null && f.recoveryS <= f.recoveryGoalS,
      detail: f.recoveryS === null ? 'not within the phase' : `health and a read answered 200 ${f.recoveryS.toFixed(2)} s after the thaw`,
    },
  ];
}

export function serviceChecks(r) {
  const soak = r.stores.flatMap((s) => {
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
  return [...soak, ...(r.faults ? faultsChecks(r.faults) : [])];
}

const ms = (x) => (x === null ? 'n/a' : x.toFixed(1));

export function faultsTable(f) {
  return [
    '| phase | requests answered | p50 ms | p99 ms | errors (503) | unanswered past the deadline |',
    '|---|---:|---:|---:|---:|---:|',
    ...f.phases.map(
      (p) => `| ${p.label}, ${p.seconds} s | ${p.answered} | ${ms(p.p50Ms)} | ${ms(p.p99Ms)} | ${p.errors} | ${p.unanswered} |`,
    ),
  ].join('\n');
}

const faultsIntro = (f) =>
  `Faults (the S3 store behind the fault proxy of the server tests; store deadline ${f.deadlineS} s; ${f.clients} clients, ` +
  `${Math.round(f.readShare * 100)}% reads and ${Math.round((1 - f.readShare) * 100)}% covers of ${f.files} files of ${f.fileBytes / 1024} KB):`;

const faultsAfter = (f) =>
  `A request counts in the phase it began in: the last ones of the slowed phase met the freeze, and the last ones of the ` +
  `frozen phase were answered once the store was back. Back: health and a read answered 200 ` +
  `${f.recoveryS === null ? '(not within the phase)' : `${f.recoveryS.toFixed(2)} s`} after the thaw. ` +
  `Files afterwards: ${f.objects.checked} checked after ${f.objects.covers} covers, ${f.objects.lost} lost, ${f.objects.mixed} mixed.`;

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
    ...(r.faults ? [faultsIntro(r.faults), faultsTable(r.faults), faultsAfter(r.faults), ''] : []),
    ...r.checks.map(checkLine),
  ].join('\n');
}

/** The docs/benchmarks.md section: what one run measured, with the machine's load. */
export function serviceSection(r, { date, load }) {
  return [
    SERVICE_BEGIN,
    '## The media-library service: soak, memory and store faults',
    '',
    `Measured ${date} (\`npm run bench -- --scene=service\`; runs only when named); ${load}.`,
    '`dash3d-media` runs as its own process on loopback, on the disk and on an S3-compatible store (fauxqs in the',
    'benchmark process); every answer is checked (status, size or bytes), so a figure counts only correct answers.',
    '',
    // Markdown: a table after its own line of text, and the checks as a list.
    serviceHuman(r)
      .replace(/:\n\|/g, ':\n\n|')
      .replace(/\|\n([^|\n])/g, '|\n\n$1')
      .replace(/^\[(PASS|FAIL)\]/gm, '- [$1]'),
    SERVICE_END,
  ].join('\n');
}

export function spliceService(page, section) {
  return spliceBetween(page, SERVICE_BEGIN, SERVICE_END, section);
}
