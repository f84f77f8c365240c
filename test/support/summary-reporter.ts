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
      let failedHere = 0;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedHere++;
        else skipped++;
      }
      // a file that failed to load, or whose beforeAll/afterAll failed, leaves its tests skipped
      // or has none: it must still count as a failure
      if (failedHere === 0 && mod.state() === 'failed') failedHere = 1;
      failed += failedHere;
    }
    failed += unhandledErrors.length;
    process.stdout.write(`\n${skipped} skipped\n${passed} passed, ${failed} failed\n`);
  }
}
