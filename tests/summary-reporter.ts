import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, "N passed, N failed, N skipped", after vitest's own summary, so
 * CI can read the result of the whole run (unit and browser projects together).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
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
