import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { DURATIONS_FILE, durationKey } from './durations';

/** How many of the slowest files the run names at its end (issue 44). */
const SLOWEST_SHOWN = 10;

/**
 * Ends the run with the plain 'N passed, N failed, N skipped' line that CI reads, and names every
 * test that passed only on its retry (ADR 0198): a retried journey is a flake to fix, never silence.
 * Before it, the ten slowest files; with `TEST_DURATIONS_WRITE=1` every file's time goes to
 * tests/durations.json, which the sequencer reads on a fresh clone (ADR 0202), and with
 * `TEST_TIMELINE=file` when each file ran.
 */
export default class SummaryReporter implements Reporter {
  /** When each file started and ended, for `TEST_TIMELINE=file`. */
  private readonly times = new Map<TestModule, { start: number; end?: number }>();

  onTestModuleStart(module: TestModule) {
    this.times.set(module, { start: performance.now() });
  }

  onTestModuleEnd(module: TestModule) {
    const time = this.times.get(module);
    if (time) time.end = performance.now();
  }

  /**
   * When each file started, waited for its lane and ended (seconds from the run's first start), one
   * per line: which files overlap and where the run's end comes from.
   */
  private writeTimeline(file: string) {
    const rows = [...this.times].sort((a, b) => a[1].start - b[1].start);
    const first = rows[0]?.[1].start ?? 0;
    const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(7);
    const lines = rows.map(
      ([module, { start, end }]) =>
        `${seconds(start - first)} ${seconds(module.meta().laneWaitMs ?? 0)} ${seconds((end ?? start) - first)}  ${durationKey(module.project.name, module.moduleId)}`,
    );
    writeFileSync(file, `start    wait     end  file\n${lines.join('\n')}\n`);
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const flaky: string[] = [];
    const brokenFiles: string[] = [];
    const durations: [string, number][] = [];
    let laneWaitMs = 0;
    for (const module of testModules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'failed') failedHere++;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
        if (state === 'passed' && test.diagnostic()?.flaky) {
          // A test that passed on its retry keeps the errors of the attempts before: say the first, to fix it.
          const first = test.result().errors?.[0];
          const line =
            first?.stack
              ?.split('\n')
              .find((frame) => frame.includes('.test.ts'))
              ?.trim() ?? '';
          const why = first
            ? `\n    first attempt: ${`${first.name ?? 'Error'}: ${first.message}`.split('\n')[0]?.slice(0, 300)} ${line}`
            : '';
          flaky.push(`${module.moduleId} > ${test.fullName}${why}`);
        }
      }
      // A file whose setup failed (a beforeAll, an import) leaves its tests unrun, not failed: count it.
      if (module.state() === 'failed' && failedHere === 0) {
        failed++;
        brokenFiles.push(module.moduleId);
      }
      const took = module.diagnostic().duration - (module.meta().laneWaitMs ?? 0);
      laneWaitMs += module.meta().laneWaitMs ?? 0;
      if (took > 0) durations.push([durationKey(module.project.name, module.moduleId), Math.round(took)]);
    }
    durations.sort((a, b) => b[1] - a[1]);
    process.stdout.write(`\nSlowest files (not counting ${(laneWaitMs / 1000).toFixed(0)} s spent waiting for lanes):\n`);
    for (const [key, ms] of durations.slice(0, SLOWEST_SHOWN))
      process.stdout.write(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${key}\n`);
    if (process.env.TEST_TIMELINE) this.writeTimeline(process.env.TEST_TIMELINE);
    if (process.env.TEST_DURATIONS_WRITE === '1') {
      writeFileSync(path.resolve(DURATIONS_FILE), `${JSON.stringify(Object.fromEntries(durations), null, 2)}\n`);
    }
    for (const name of flaky) process.stdout.write(`\nFLAKY (passed on retry): ${name}`);
    for (const name of brokenFiles) process.stdout.write(`\nFAILED outside its tests (setup or import): ${name}`);
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped, ${flaky.length} flaky\n`);
  }
}
