import type { Reporter, TestCase, TestModule, TestSpecification } from 'vitest/node';
import { CpuShare } from './cpu-share';

/**
 * No test may go this long without a result. Every project's own timeouts are shorter (browser 60 s,
 * e2e 180 s per test or hook), so a run this quiet is stuck in a way vitest does not catch itself
 * (a frozen page, a lost browser connection). Waiting on it would only run CI into its own limit
 * with nothing said about where it stopped.
 */
const STALL_MS = Number(process.env.DASH3D_STALL_MS) || 8 * 60_000;
/**
 * Before the first file starts, the projects' global setups run: the consumer apps are packed,
 * installed and built (seven production builds) beside the static checks. That took 6 minutes on
 * this 2-core machine when idle and over 8 when other work shared it, with no test to report
 * progress; a setup that hangs still ends here.
 */
const SETUP_STALL_MS = Number(process.env.DASH3D_SETUP_STALL_MS) || 25 * 60_000;

/** One file's wall clock; `end` once it ended. */
interface Span {
  project: string;
  file: string;
  start: number;
  end?: number;
}
const ended = (x: Span): x is Required<Span> => x.end !== undefined;

/**
 * Prints one plain closing line, "N passed, N failed, N skipped", after vitest's own summary, so
 * CI can read the result of the whole run (unit and browser projects together). Also a watchdog:
 * when the run stalls it names the tests and files still running and ends the run as failed.
 */
export default class SummaryReporter implements Reporter {
  private readonly running = new Map<string, string>();
  private readonly modules = new Map<string, string>();
  private lastProgress = Date.now();
  private watchdog: ReturnType<typeof setInterval> | undefined;
  /** Wall clock of each file (start, end), for the closing table of where the time went. */
  private readonly spans = new Map<string, Span>();
  private runStart = Date.now();
  /** Files per project in this run, for the stall report's "n of N files ended". */
  private readonly planned = new Map<string, number>();
  /** The machine's busy CPU time, shared among the files running (cpu-share.ts). */
  private cpu: CpuShare | undefined;

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>) {
    for (const s of specifications) this.planned.set(s.project.name, (this.planned.get(s.project.name) ?? 0) + 1);
    this.runStart = Date.now();
    this.lastProgress = Date.now();
    this.cpu = new CpuShare(() => [...this.spans].filter(([, x]) => x.end === undefined).map(([k]) => k));
    this.watchdog = setInterval(() => this.checkStall(), 15_000);
    this.watchdog.unref();
  }

  /**
   * A file is queued before it is imported: a run that stalls while a file loads (its imports, a
   * browser page that never answers) names it as loading, where it would otherwise name nothing.
   */
  onTestModuleQueued(m: TestModule) {
    this.modules.set(m.moduleId, `${m.project.name}: ${m.relativeModuleId} (queued, loading)`);
    this.lastProgress = Date.now();
  }

  onTestModuleStart(m: TestModule) {
    this.modules.set(m.moduleId, `${m.project.name}: ${m.relativeModuleId}`);
    this.spans.set(`${m.project.name} ${m.moduleId}`, { project: m.project.name, file: m.relativeModuleId, start: Date.now() });
    this.lastProgress = Date.now();
  }

  onTestModuleEnd(m: TestModule) {
    this.modules.delete(m.moduleId);
    const span = this.spans.get(`${m.project.name} ${m.moduleId}`);
    if (span) span.end = Date.now();
    this.lastProgress = Date.now();
  }

  onTestCaseReady(t: TestCase) {
    this.running.set(t.id, `${t.module.relativeModuleId} > ${t.fullName}`);
    this.lastProgress = Date.now();
  }

  onTestCaseResult(t: TestCase) {
    this.running.delete(t.id);
    this.lastProgress = Date.now();
  }

  private checkStall() {
    const quiet = Date.now() - this.lastProgress;
    const inSetup = this.spans.size === 0;
    if (quiet < (inSetup ? SETUP_STALL_MS : STALL_MS)) return;
    const lines = [
      `\n[dash3d] the test run made no progress for ${Math.round(quiet / 1000)} s${inSetup ? ' (the global setups: no file has started)' : ''}; stopping it.`,
      ...[...this.modules.values()].map((m) => `  file still running: ${m}`),
      ...[...this.running.values()].map((t) => `  test still running: ${t}`),
      ...[...this.planned].map(([project, total]) => {
        const ended = [...this.spans.values()].filter((x) => x.project === project && x.end !== undefined).length;
        return `  ${project}: ${ended} of ${total} files ended`;
      }),
    ];
    console.error(lines.join('\n'));
    process.exit(1);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    clearInterval(this.watchdog);
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const m of modules) {
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      // A file can fail outside its tests (it did not load, a hook timed out): still a failure.
      const testFailed = [...m.children.allTests()].some((t) => t.result().state === 'failed');
      if (m.state() === 'failed' && !testFailed) failed++;
    }
    this.printTimes();
    this.printCpu();
    console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
  }

  /**
   * Where the run's time went (docs/testing.md keeps the figures): each project's wall span, from
   * its first file's start to its last file's end, and the slowest files. Wall clock, not CPU: the
   * projects of one group share the cores.
   */
  private printTimes() {
    const s = (ms: number) => `${Math.round(ms / 1000)} s`;
    const done = [...this.spans.values()].filter(ended);
    const projects = new Map<string, { start: number; end: number; files: number }>();
    for (const x of done) {
      const p = projects.get(x.project) ?? { start: x.start, end: x.end, files: 0 };
      p.start = Math.min(p.start, x.start);
      p.end = Math.max(p.end, x.end);
      p.files++;
      projects.set(x.project, p);
    }
    const lines = [`\n[times] run ${s(Date.now() - this.runStart)}; per project, from the run's start:`];
    for (const [name, p] of [...projects].sort((a, b) => a[1].start - b[1].start))
      lines.push(
        `[times]   ${name}: ${s(p.end - p.start)} (${p.files} files, ${s(p.start - this.runStart)} to ${s(p.end - this.runStart)})`,
      );
    lines.push('[times] slowest files:');
    for (const x of done.sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, 25))
      lines.push(`[times]   ${s(x.end - x.start)}  ${x.project}: ${x.file}`);
    console.log(lines.join('\n'));
  }

  /** Where the machine's CPU went: per project, outside any file, and the files that took most. */
  private printCpu() {
    const cpu = this.cpu;
    if (!cpu?.available) return;
    cpu.stop();
    const c = (x: number) => `${Math.round(x)} core-s`;
    const wall = (Date.now() - this.runStart) / 1000;
    const perProject = new Map<string, number>();
    const perFile: [string, number][] = [];
    for (const [key, spent] of cpu.byKey) {
      const span = this.spans.get(key);
      const project = span?.project ?? CpuShare.NO_FILE;
      perProject.set(project, (perProject.get(project) ?? 0) + spent);
      if (span) perFile.push([`${span.project}: ${span.file}`, spent]);
    }
    const lines = [
      `\n[cpu] machine busy ${c(cpu.total)} in ${Math.round(wall)} s (${Math.round((100 * cpu.total) / (wall * cpu.cores))} % of ${cpu.cores} cores), shared among the files running:`,
      ...[...perProject].sort((a, b) => b[1] - a[1]).map(([p, x]) => `[cpu]   ${p}: ${c(x)}`),
      '[cpu] files that took most:',
      ...perFile
        .sort((a, b) => b[1] - a[1])
        .slice(0, 25)
        .map(([f, x]) => `[cpu]   ${c(x)}  ${f}`),
    ];
    console.log(lines.join('\n'));
  }
}
