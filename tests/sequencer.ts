import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { durationKey, recordedDurations } from './durations';

/**
 * The order `npm test` hands files to its workers (ADR 0093, amended by ADR 0228). All projects
 * share one pool, and a worker takes the next queued file as soon as it is free, so the queue
 * decides what runs side by side:
 *
 * - The reliability suites first: the longest files of the run.
 * - Then the journeys, each followed by an even share of the API and unit files. A journey waits
 *   for a place in the browser lane (two): queued back to back, the journeys left three workers
 *   waiting on the lane for the whole of them while the API files, queued after, waited too (a run
 *   timed 975 s of such waiting). Between them, the API files keep the other workers busy.
 * - The files that take turns in the load lane spread over the first two thirds of the journeys:
 *   a worker that picks one while another holds the lane only waits, and one left to the end of
 *   the run makes the run's end.
 *
 * Within a project the slowest file goes first, by the committed tests/durations.json (ADR 0202); a
 * file it does not know yet goes before the known ones, in Vitest's own order. The API projects
 * reuse a worker from file to file (isolate: false) only while the next queued file is of the same
 * project, so each share keeps a project's files together.
 */
const PROJECT_ORDER = ['reliability', 'e2e', 'api-pglite', 'api-postgres', 'unit'];

const rank = (spec: TestSpecification) => {
  const at = PROJECT_ORDER.indexOf(spec.project.name);
  return at === -1 ? PROJECT_ORDER.length : at;
};

const takesLoadLane = (spec: TestSpecification) => readFileSync(spec.moduleId, 'utf8').includes("joinLane('load')");

/** `items` cut into `parts` runs of as equal a length as can be, in order. */
function shares<T>(items: T[], parts: number): T[][] {
  return Array.from({ length: parts }, (_, n) =>
    items.slice(Math.round((n * items.length) / parts), Math.round(((n + 1) * items.length) / parts)),
  );
}

export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const recorded = recordedDurations();
    const took = (spec: TestSpecification) =>
      recorded.get(durationKey(spec.project.name, spec.moduleId)) ?? Number.POSITIVE_INFINITY;
    // Array sort is stable: files of equal (or unknown) duration keep Vitest's order.
    const sorted = (await super.sort(files)).sort((a, b) => took(b) - took(a) || rank(a) - rank(b));
    const byRank = (wanted: (at: number) => boolean) =>
      sorted.filter((file) => wanted(rank(file)) && !takesLoadLane(file)).sort((a, b) => rank(a) - rank(b));
    const inLoadLane = sorted.filter(takesLoadLane);
    const first = byRank((at) => at === 0);
    const journeys = byRank((at) => at === 1);
    const rest = byRank((at) => at > 1);

    const queue = [...first, ...inLoadLane.splice(0, 1)];
    if (journeys.length === 0) return [...queue, ...inLoadLane, ...rest];
    // The load lane's next file after every `loadEvery` journeys, the last by two thirds of them.
    const loadEvery = Math.max(1, Math.floor((2 * journeys.length) / 3 / Math.max(1, inLoadLane.length)));
    const restShares = shares(rest, journeys.length);
    journeys.forEach((journey, n) => {
      queue.push(journey);
      if ((n + 1) % loadEvery === 0) queue.push(...inLoadLane.splice(0, 1));
      queue.push(...(restShares[n] ?? []));
    });
    return [...queue, ...inLoadLane];
  }
}
