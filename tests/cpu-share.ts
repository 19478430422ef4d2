import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/**
 * The machine's busy CPU time during a test run, shared out among the files running when it was
 * spent (evenly, every two seconds), for the closing report of where the run's work went
 * (docs/testing.md, "Where the time goes"). Whatever else runs beside them (the static checks in
 * the first minutes, another job on a shared machine) is counted into them too: a share, not a
 * profile. Linux only (/proc/stat); elsewhere it records nothing.
 */

/** Clock ticks per second of /proc/stat (USER_HZ, 100 on every Linux this runs on). */
const HZ = 100;
const NO_FILE = '(no file running: setups, imports, teardowns)';

function busyTicks(): number | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal: all but idle and iowait are work.
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
    return user + nice + system + irq + softirq + steal;
  } catch {
    return null;
  }
}

export class CpuShare {
  /** Core-seconds per key (a running file's key, or NO_FILE). */
  readonly byKey = new Map<string, number>();
  total = 0;
  readonly cores = cpus().length;
  private last = busyTicks();
  private readonly timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly running: () => string[]) {
    if (this.last === null) return;
    this.timer = setInterval(() => this.sample(), 2000);
    this.timer.unref();
  }

  get available(): boolean {
    return this.last !== null;
  }

  private sample() {
    const now = busyTicks();
    if (now === null || this.last === null) return;
    const spent = (now - this.last) / HZ;
    this.last = now;
    this.total += spent;
    const keys = this.running();
    if (keys.length === 0) this.add(NO_FILE, spent);
    for (const k of keys) this.add(k, spent / keys.length);
  }

  private add(key: string, s: number) {
    this.byKey.set(key, (this.byKey.get(key) ?? 0) + s);
  }

  /** The last share, then no more. */
  stop() {
    this.sample();
    clearInterval(this.timer);
  }

  static readonly NO_FILE = NO_FILE;
}
