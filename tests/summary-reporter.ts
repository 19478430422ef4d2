import type { Reporter, TestCase, TestModule } from 'vitest/node';

/**
 * No test may go this long without a result. Every project's own timeouts are shorter (browser 60 s,
 * e2e 180 s per test or hook), so a run this quiet is stuck in a way vitest does not catch itself
 * (a frozen page, a lost browser connection). Waiting on it would only run CI into its own limit
 * with nothing said about where it stopped.
 */
const STALL_MS = Number(process.env.DASH3D_STALL_MS) || 8 * 60_000;

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

  onTestRunStart() {
    this.lastProgress = Date.now();
    this.watchdog = setInterval(() => this.checkStall(), 15_000);
    this.watchdog.unref();
  }

  onTestModuleStart(m: TestModule) {
    this.modules.set(m.moduleId, `${m.project.name}: ${m.relativeModuleId}`);
    this.lastProgress = Date.now();
  }

  onTestModuleEnd(m: TestModule) {
    this.modules.delete(m.moduleId);
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
    if (quiet < STALL_MS) return;
    const lines = [
      `\n[dash3d] the test run made no progress for ${Math.round(quiet / 1000)} s; stopping it.`,
      ...[...this.modules.values()].map((m) => `  file still running: ${m}`),
      ...[...this.running.values()].map((t) => `  test still running: ${t}`),
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
    console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
