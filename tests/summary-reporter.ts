import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with the plain 'N passed, N failed, N skipped' line that CI reads, and names every
 * test that passed only on its retry (ADR 0198): a retried journey is a flake to fix, never silence.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const flaky: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
        if (state === 'passed' && test.diagnostic()?.flaky) flaky.push(`${module.moduleId} > ${test.fullName}`);
      }
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) failed++;
    }
    for (const name of flaky) process.stdout.write(`\nFLAKY (passed on retry): ${name}`);
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped, ${flaky.length} flaky\n`);
  }
}
