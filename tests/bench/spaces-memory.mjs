// Memory per space (issue 43, "measure today's per-space figure first"), `--scene=spaces-memory`
// (run only when named): the spaces page with every context kept (?mode=keep), once with one space and once with
// MEMORY_COUNT, all drawn and settled, standing still. The figure per extra space is the
// difference over the extra spaces, so what the page, the browser and a spare renderer cost
// anyway cancels out.
//
// Where it is read: the proportional set size (PSS, /proc/<pid>/smaps_rollup) of Chromium's
// renderer processes (the page's main thread and every worker it started: each space's render
// worker with its own three.js, its model parser) and of the GPU process (SwiftShader's buffers
// and textures, the WebGL contexts), for the processes this benchmark started; and the JS heap of
// the page's main thread (CDP Runtime.getHeapUsage, after a collection). Linux only (/proc).
import { readdir, readFile } from 'node:fs/promises';
import { openBenchPage, within } from './measure.mjs';
import { median } from './median.mjs';
import { spliceBetween } from './cards-report.mjs';

/** As many as the product keeps live today (src/bridge/visibility.ts DEFAULT_LIVE_CONTEXTS): all of them hold a context. */
export const MEMORY_COUNT = 12;
/** After the last space settled: late allocations (the model parser's start, 3 s after a first frame) are in. */
const SETTLE_MS = 5000;
const MB = 1024 * 1024;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Every process under this one, with its parent and command line. */
async function descendants() {
  const all = new Map();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, 'utf8');
      // The command name in parentheses may hold spaces: the fields after it are fixed.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmd = (await readFile(`/proc/${name}/cmdline`, 'utf8')).split('\0');
      all.set(Number(name), { ppid, cmd });
    } catch {
      // Gone while read.
    }
  }
  const mine = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, p] of all)
      if (!mine.has(pid) && mine.has(p.ppid)) {
        mine.add(pid);
        grew = true;
      }
  }
  return [...mine].filter((pid) => all.has(pid)).map((pid) => ({ pid, ...all.get(pid) }));
}

/** PSS in MB of the renderer processes and of the GPU process started under this benchmark. */
async function processMemory() {
  if (process.platform !== 'linux') throw new Error('spaces memory: reads /proc, on Linux only');
  const sum = { renderer: 0, gpu: 0 };
  const read = { renderer: 0, gpu: 0 };
  for (const p of await descendants()) {
    // Chromium rewrites its children's command lines as one string: the switches are not separate.
    const type = /--type=(\S+)/.exec(p.cmd.join(' '))?.[1];
    const kind = type === 'renderer' ? 'renderer' : type === 'gpu-process' ? 'gpu' : null;
    if (!kind) continue;
    const rollup = await readFile(`/proc/${p.pid}/smaps_rollup`, 'utf8').catch((err) => {
      if (err.code === 'ENOENT') return null; // ended since it was listed
      throw err;
    });
    const pss = rollup && /^Pss:\s+(\d+) kB/m.exec(rollup);
    if (!pss) continue;
    sum[kind] += Number(pss[1]) / 1024;
    read[kind]++;
  }
  // A figure of nothing read would pass for no memory at all.
  if (!read.renderer || !read.gpu) throw new Error(`spaces memory: read ${read.renderer} renderer and ${read.gpu} GPU processes`);
  return sum;
}

async function measureMemoryOnce(browser, spacesUrl, count, log) {
  const { context, page, pageErrors } = await openBenchPage(browser);
  try {
    const cdp = await context.newCDPSession(page);
    await page.goto(`${spacesUrl}?mode=keep&count=${count}`);
    const shown = await within(
      300_000,
      `${count} spaces to draw`,
      page.evaluate(() => window.__benchSpaces.settle()),
    ).catch((err) => {
      throw new Error(`spaces memory/${count}: ${err.message}\n${pageErrors.join('\n')}`);
    });
    if (shown.drawn !== count || shown.lost)
      throw new Error(`spaces memory/${count}: ${shown.drawn} drew, ${shown.lost} lost their context`);
    if (shown.liveCap !== MEMORY_COUNT)
      throw new Error(`spaces memory: MEMORY_COUNT (${MEMORY_COUNT}) is meant to be the page's live cap, now ${shown.liveCap}`);
    await sleep(SETTLE_MS);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    const mem = await processMemory();
    const r = { count, renderer: mem.renderer, gpu: mem.gpu, mainHeap: usedSize / MB };
    log(
      `  spaces memory/${count}: renderers ${r.renderer.toFixed(1)} MB, GPU process ${r.gpu.toFixed(1)} MB, main-thread heap ${r.mainHeap.toFixed(1)} MB`,
    );
    return r;
  } finally {
    await context.close();
  }
}

/** One space and MEMORY_COUNT spaces, `repeats` times each; medians, and the cost of each extra space. */
export async function runSpacesMemory(browser, spacesUrl, { repeats, log, afterRun = () => {} }) {
  const one = [];
  const many = [];
  for (let round = 0; round < repeats; round++) {
    for (const count of round % 2 ? [MEMORY_COUNT, 1] : [1, MEMORY_COUNT]) {
      (count === 1 ? one : many).push(await measureMemoryOnce(browser, spacesUrl, count, log));
      afterRun();
    }
  }
  const med = (list, key) => median(list.map((x) => x[key]));
  const figures = {};
  for (const key of ['renderer', 'gpu', 'mainHeap']) {
    const a = med(one, key);
    const b = med(many, key);
    figures[key] = { one: a, many: b, perSpace: (b - a) / (MEMORY_COUNT - 1) };
  }
  const total = (x) => x.renderer.perSpace + x.gpu.perSpace;
  return { count: MEMORY_COUNT, repeats, ...figures, perSpace: total(figures) };
}

export const SPACES_MEMORY_PART = 'spaces-memory';
export const MEMORY_BEGIN = '<!-- bench:spaces-memory:begin -->';
export const MEMORY_END = '<!-- bench:spaces-memory:end -->';

const mb = (v) => `${v.toFixed(1)} MB`;

export function spacesMemoryTable(r) {
  const rows = [
    ['renderer processes (the page and every worker it started)', r.renderer],
    ['GPU process', r.gpu],
    ["the page's main-thread JS heap (part of the renderers' figure)", r.mainHeap],
  ];
  return [
    `| memory (PSS) | 1 space | ${r.count} spaces | per extra space |`,
    '|---|---:|---:|---:|',
    ...rows.map(([label, f]) => `| ${label} | ${mb(f.one)} | ${mb(f.many)} | ${mb(f.perSpace)} |`),
    `| renderers and GPU process, per extra space | | | **${mb(r.perSpace)}** |`,
  ].join('\n');
}

export const spacesMemoryHuman = (r) => `Memory per space (median of ${r.repeats}):\n${spacesMemoryTable(r)}`;

export function spacesMemorySection(r, { date, load }) {
  return [
    MEMORY_BEGIN,
    '## Memory per space',
    '',
    `Measured ${date} (\`npm run bench -- --scene=spaces-memory --repeats=${r.repeats}\`), median of ${r.repeats} run(s); ${load}.`,
    `The many-spaces page (tests/bench/page/spaces.tsx, the \`tile\` scene) with every context kept (\`?mode=keep\`), once with one`,
    `space and once with ${r.count} (as many as a page keeps live today), each in a fresh page, all drawn and settled and standing still;`,
    "then the proportional set size (PSS) of the browser's renderer processes (the page's main thread and every worker it started:",
    "each space's render worker with its own three.js and WebGL context, its model parser) and of the GPU process (SwiftShader's",
    `buffers and textures). Per extra space: the difference divided by ${r.count - 1} (tests/bench/spaces-memory.mjs).`,
    '',
    spacesMemoryTable(r),
    '',
    "Today every space is a render worker of its own, with its own copy of three.js, its own JS heap and WebGL context: issue 43's",
    'goal is at most 5 MB per extra small space, with several spaces sharing one engine.',
    MEMORY_END,
  ].join('\n');
}

export function spliceSpacesMemory(page, section) {
  return spliceBetween(page, MEMORY_BEGIN, MEMORY_END, section);
}
