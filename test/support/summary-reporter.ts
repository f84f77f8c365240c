import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the plain `N passed, N failed` line CI reads (it does not read vitest's own summary),
 * after a line naming the skipped tests so a skip is never silent.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      let any = false;
      for (const test of mod.children.allTests()) {
        any = true;
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      // a file that failed to load has no tests but must still count as a failure
      if (!any && mod.state() === 'failed') failed++;
    }
    failed += unhandledErrors.length;
    process.stdout.write(`\n${skipped} skipped\n${passed} passed, ${failed} failed\n`);
  }
}
