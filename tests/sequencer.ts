import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { durationKey, recordedDurations } from './durations';

/**
 * The order `npm test` hands files to its workers (ADR 0093). All projects share one pool, so the
 * run ends when its last long file ends: the long ones (child servers, browsers) go first and the
 * many short API files fill the gaps. Within a project the slowest file goes first, by the committed
 * tests/durations.json (ADR 0202); a file it does not know yet goes before the known ones, in
 * Vitest's own order (its cache of the last run, else the largest file).
 *
 * Files that take turns in the load lane (tests/fixtures/lanes.ts) are spread over the queue: a
 * worker that picks one while another holds the lane only waits.
 *
 * The API projects reuse a worker from file to file (isolate: false), and Vitest hands a worker on
 * only when the next queued file belongs to the same project, so each project's files stay together.
 */
const PROJECT_ORDER = ['reliability', 'e2e', 'api-pglite', 'api-postgres', 'unit'];

const rank = (spec: TestSpecification) => {
  const at = PROJECT_ORDER.indexOf(spec.project.name);
  return at === -1 ? PROJECT_ORDER.length : at;
};

const takesLoadLane = (spec: TestSpecification) => readFileSync(spec.moduleId, 'utf8').includes("joinLane('load')");

export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const recorded = recordedDurations();
    const took = (spec: TestSpecification) =>
      recorded.get(durationKey(spec.project.name, spec.moduleId)) ?? Number.POSITIVE_INFINITY;
    // Array sort is stable: files of equal (or unknown) duration keep Vitest's order.
    const sorted = (await super.sort(files)).sort((a, b) => took(b) - took(a));
    const byProject = new Map<number, TestSpecification[]>();
    for (const file of sorted) byProject.set(rank(file), [...(byProject.get(rank(file)) ?? []), file]);
    const projects = [...byProject.keys()].sort((a, b) => a - b).map((key) => byProject.get(key) ?? []);
    const inLane = projects.flat().filter(takesLoadLane);
    const queue: TestSpecification[] = [];
    for (const project of projects) {
      const lane = inLane.shift();
      if (lane) queue.push(lane);
      queue.push(...project.filter((file) => !takesLoadLane(file)));
    }
    return [...queue, ...inLane];
  }
}
