import { readFileSync, writeFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { durationKey, recordedDurations } from './durations';
import { LANES } from './fixtures/lanes-keeper';

/**
 * The order `npm test` hands files to its workers (ADR 0093, amended by ADR 0202). All projects
 * share one pool, and a free worker takes the next queued file, so the queue decides what runs side
 * by side. A file of a lane (a journey in the browser lane, a load suite in the load lane) that a
 * worker takes while its lane is full only waits: queued back to back, the journeys held three
 * workers waiting on the lane for most of a run (975 s of waiting in one), while the API files
 * queued after them waited too.
 *
 * So the queue is planned by playing the run through with each file's recorded time: whenever a
 * worker comes free, it gets a file of a lane that has a free place (the lanes are the run's
 * narrowest part: the load lane's files first, then the longest journey), and otherwise the next
 * of the other files: the reliability suites, then each API project's files, slowest first, so that
 * a project's files stay together (the API projects reuse a worker from file to file, isolate:
 * false, only while the next queued file is of the same project).
 *
 * Times come from the committed tests/durations.json (ADR 0202); a file it does not know yet is
 * taken as long as its project's slowest, and goes first among its project's files.
 */
const PROJECT_ORDER = ['reliability', 'e2e', 'api-pglite', 'api-postgres', 'unit'];

const rank = (spec: TestSpecification) => {
  const at = PROJECT_ORDER.indexOf(spec.project.name);
  return at === -1 ? PROJECT_ORDER.length : at;
};

const laneOf = (spec: TestSpecification): 'load' | 'browser' | undefined => {
  if (spec.project.name === 'e2e') return 'browser';
  return readFileSync(spec.moduleId, 'utf8').includes("joinLane('load')") ? 'load' : undefined;
};

export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const recorded = recordedDurations();
    const known = (spec: TestSpecification) => recorded.get(durationKey(spec.project.name, spec.moduleId));
    const slowestOf = new Map<string, number>();
    for (const spec of files) slowestOf.set(spec.project.name, Math.max(slowestOf.get(spec.project.name) ?? 0, known(spec) ?? 0));
    const took = (spec: TestSpecification) => known(spec) ?? slowestOf.get(spec.project.name) ?? 0;
    // Array sort is stable: files of equal time keep Vitest's order; an unknown one goes before its equals.
    const sorted = (await super.sort(files)).sort(
      (a, b) => took(b) - took(a) || Number(known(a) !== undefined) - Number(known(b) !== undefined),
    );
    const waiting = {
      load: sorted.filter((spec) => laneOf(spec) === 'load'),
      browser: sorted.filter((spec) => laneOf(spec) === 'browser'),
      other: sorted.filter((spec) => laneOf(spec) === undefined).sort((a, b) => rank(a) - rank(b)),
    };

    // The run played through: when each worker comes free, and when each lane's places do.
    const workers: number[] = Array.from({ length: this.workerCount() }, () => 0);
    const lanes = { load: [] as number[], browser: [] as number[] };
    const queue: TestSpecification[] = [];
    const plan: string[] = [];
    while (waiting.load.length + waiting.browser.length + waiting.other.length > 0) {
      const now = Math.min(...workers);
      const worker = workers.indexOf(now);
      const freeIn = (lane: keyof typeof lanes) => lanes[lane].filter((end) => end > now).length < LANES[lane];
      const lane = (['load', 'browser'] as const).find((name) => waiting[name].length > 0 && freeIn(name));
      const next =
        (lane && waiting[lane].shift()) ??
        waiting.other.shift() ??
        // Only lane files are left: the one whose lane frees first.
        (['load', 'browser'] as const)
          .map((name) => waiting[name])
          .find((left) => left.length > 0)
          ?.shift();
      if (!next) break;
      const fileLane = laneOf(next);
      // A lane file starts once a place in its lane is free.
      const start = fileLane ? Math.max(now, [...lanes[fileLane]].sort((a, b) => b - a)[LANES[fileLane] - 1] ?? now) : now;
      const end = start + took(next);
      if (fileLane) lanes[fileLane].push(end);
      workers[worker] = end;
      queue.push(next);
      plan.push(
        `${(start / 1000).toFixed(1).padStart(7)} ${(end / 1000).toFixed(1).padStart(7)}  ${durationKey(next.project.name, next.moduleId)}`,
      );
    }
    // Beside the run's timeline (tests/summary-reporter.ts), the plan it was queued by.
    if (process.env.TEST_TIMELINE) writeFileSync(`${process.env.TEST_TIMELINE}.plan`, `${plan.join('\n')}\n`);
    return queue;
  }

  /** The pool's size, as vitest.config.ts sets it. */
  private workerCount(): number {
    const configured = Number(this.ctx.config.maxWorkers);
    return Number.isFinite(configured) && configured > 0 ? configured : 5;
  }
}
