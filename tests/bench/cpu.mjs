// CPU time per Chromium thread, read from /proc (Linux): where a window's cores went. A frame
// that comes late either waits on work of ours or on a thread that had no core; the thread
// names (the page's main thread, the workers, the GPU process and SwiftShader's rasterisers)
// tell which. Ticks are the kernel's (usually 10 ms): meaningful over windows of a few hundred
// milliseconds and more, summed over rounds.
import { readdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

let tickMs = 10;
try {
  tickMs = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
} catch {
  // 100 ticks a second, the Linux default.
}

const read = (path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null; // the process or thread ended meanwhile
  }
};

/** Chromium's process type from its command line: 'renderer', 'gpu-process', ...; 'browser' without one. */
function processType(pid) {
  const cmd = read(`/proc/${pid}/cmdline`);
  if (!cmd || !/chrom/i.test(cmd.split('\0')[0] ?? '')) return null;
  return /--type=([\w-]+)/.exec(cmd)?.[1] ?? 'browser';
}

/** utime + stime of a thread in ms; the comm name is in parentheses and may hold spaces. */
function threadStat(pid, tid) {
  const stat = read(`/proc/${pid}/task/${tid}/stat`);
  if (!stat) return null;
  const open = stat.indexOf('(');
  const close = stat.lastIndexOf(')');
  const name = stat.slice(open + 1, close);
  const fields = stat.slice(close + 2).split(' ');
  // Fields after the name start at state (3rd field): utime is the 14th, stime the 15th.
  return { name, ms: (Number(fields[11]) + Number(fields[12])) * tickMs };
}

/** Every Chromium thread's CPU time so far, keyed by pid/tid. */
export function sampleCpu() {
  const threads = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    const type = processType(pid);
    if (!type) continue;
    let tids;
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      const s = threadStat(pid, tid);
      if (s) threads.set(`${pid}/${tid}`, { process: type, name: s.name, ms: s.ms });
    }
  }
  return { at: performance.now(), threads };
}

/**
 * CPU ms per process type and thread name between two samples (threads of the same name summed,
 * with how many there were), the busiest first, and the window's wall time.
 */
export function cpuBetween(before, after) {
  const groups = new Map();
  for (const [key, t] of after.threads) {
    const ms = t.ms - (before.threads.get(key)?.ms ?? 0);
    if (ms <= 0) continue;
    const name = `${t.process}: ${t.name.replace(/\d+$/, '#')}`;
    const g = groups.get(name) ?? { ms: 0, threads: 0 };
    g.ms += ms;
    g.threads++;
    groups.set(name, g);
  }
  const threads = [...groups.entries()].map(([name, g]) => ({ name, ...g })).sort((a, b) => b.ms - a.ms);
  return { wallMs: after.at - before.at, totalMs: threads.reduce((s, t) => s + t.ms, 0), threads };
}

/** "gpu-process: CrGpuMain 420 ms (0.62 core), ..." for the busiest `top` thread groups. */
export function cpuLine({ wallMs, totalMs, threads }, top = 6) {
  const core = (ms) => (ms / wallMs).toFixed(2);
  const list = threads.slice(0, top).map((t) => `${t.name}${t.threads > 1 ? ` ×${t.threads}` : ''} ${Math.round(t.ms)} ms (${core(t.ms)})`);
  return `CPU over ${Math.round(wallMs)} ms: ${Math.round(totalMs)} ms (${core(totalMs)} cores): ${list.join(', ')}`;
}
