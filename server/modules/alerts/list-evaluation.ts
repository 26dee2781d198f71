import { evaluateAlert } from '../../../core/item-alert';
import { type ConditionFacts, conditionFacts, factsChange } from '../../../core/item-alert-facts';
import { perUnitOf } from '../../../core/item-alert-lines';
import type { DB } from '../../plugins/db';
import { alertChangeRepository } from './change-repository';
import { type ItemAlertMail, sameState, tell } from './crossings';
import { type CachedLine, type LineCache, lineCache } from './line-cache';
import { lineIndex } from './line-index';
import { alertMatchingRepository, type CandidateAlert } from './matching-repository';
import { alertsRepository, type StateChange } from './repository';

export interface ListEvaluationOptions {
  now?: number;
  /** The app's cache of lines (docs/decisions/0226). */
  kept?: LineCache;
  /** Every alert the list's lines concern, not only those the version changed (the first version, a test's reference). */
  whole?: boolean;
  /** Only this person's alerts, each evaluated whole (their access to the list changed, docs/decisions/0231). */
  person?: string;
  /** What a mail's dedupe key adds to the alert's id; by default the list's and the version's. */
  key?: string;
  /** Called as each phase ends, with what it read (bench/alerts-phases.ts). */
  trace?: (phase: string, count?: number) => void;
}

/**
 * The `item-alerts` job's work (docs/decisions/0209, 0221, 0226, 0231): the alerts whose outcome the
 * list's new lines can change, each evaluated against the lines that decide its condition among
 * those matching its words (none when its person may no longer read the list, or it left their
 * scope). The states that changed are kept and each crossing is mailed, in the job's transaction.
 *
 * Which alerts can change is found by comparing each query's facts (`conditionFacts`) on the lines
 * the list was last evaluated against with those on its current lines: from a state kept by an
 * evaluation of the same facts, an alert's outcome is the same, so it is not read. That holds while
 * nothing else changes what an alert sees: a change of a person's access runs `person` evaluations
 * (`evaluateAccess`), and an alert newer than the last evaluation is always read. Without a
 * last evaluation, or with its lines gone, every alert the lines concern is read. Returns how many
 * fired.
 */
export async function evaluateListAlerts(
  trx: DB,
  job: { listId: number; versionId: number },
  {
    now = Date.now(),
    kept = lineCache(),
    whole = false,
    person,
    key = `${job.listId}:${job.versionId}`,
    trace = () => {},
  }: ListEvaluationOptions = {},
) {
  const { listId } = job;
  const repo = alertsRepository(trx);
  await repo.lockList(listId);
  const matching = alertMatchingRepository(trx);
  const readLines = (missing: number[]) => matching.linesById(listId, missing);
  const evaluated = alertChangeRepository(trx);
  const state = await evaluated.listState(listId);
  trace('lock, line ids');
  const last = whole || person !== undefined ? null : state.last;

  // The lines evaluated last time, and their queries' facts when this process kept them then.
  const before = last && (await kept.lines(listId, last.lineIds, readLines));
  const factsBefore = before && last ? kept.factsOf(listId, last.alertId) : null;
  // Only the lines this process has not kept are read (docs/decisions/0226).
  const lines = await kept.lines(listId, state.lineIds, readLines);
  // A line's pack is read once, at the first evaluation that sees it, and kept.
  const read = lines.filter((line) => line.perUnit === undefined && line.price !== null);
  for (const line of read) line.perUnit = perUnitOf(line);
  trace('lines and packs', read.length);
  const index = lineIndex(lines);
  const facts = new Map<string, ConditionFacts>();
  const factsOf = (query: string) => {
    let known = facts.get(query);
    if (!known) {
      known = conditionFacts(index.deciding(query) ?? []);
      facts.set(query, known);
    }
    return known;
  };
  // The facts are kept for the next version only when they hold every query the lines' words find.
  let complete = true;

  let alerts: CandidateAlert[];
  if (last && before && sameIds(last.lineIds, state.lineIds) && state.alertId <= last.alertId) {
    // Nothing an alert reads has changed since the last evaluation.
    alerts = [];
    for (const [query, known] of factsBefore ?? []) facts.set(query, known);
    complete = factsBefore !== null;
  } else if (last && before && before.length === last.lineIds.length) {
    // Alerts created since the last evaluation are read whatever changed: their state is not of these lines.
    const newerThan = state.alertId > last.alertId ? last.alertId : null;
    alerts = await changedAlerts(trx, listId, { before, factsBefore, lines, factsOf, index, newerThan, trace });
  } else {
    alerts = (await matching.evaluationInput(listId, person)).alerts;
    if (person === undefined) {
      const { found } = await evaluated.queriesOf(listId, { lexemes: null, newerThan: null });
      for (const query of found) factsOf(query);
    }
    for (const alert of alerts) factsOf(alert.query);
  }
  trace('alerts read', alerts.length);

  const changes: StateChange[] = [];
  const hits = new Map<number, ItemAlertMail['hits']>();
  if (alerts.length > 0) {
    const decided = alerts.map((alert) => (alert.mayRead ? index.deciding(alert.query) : []));
    // A query the index cannot read is matched by the database, as before the index.
    const unread = alerts.filter((_, i) => decided[i] === null).map((a) => a.id);
    const byDatabase = await matching.linesMatching(listId, unread);
    // Each alert against its few deciding lines: cheaper than a key to share alike alerts' results (docs/decisions/0221).
    alerts.forEach((alert, i) => {
      const { state, fired } = evaluateAlert(alert, decided[i] ?? byDatabase.get(alert.id) ?? [], alert.state);
      if (!sameState(alert.state, state)) changes.push({ alertId: alert.id, listId, state });
      if (fired) hits.set(alert.id, [{ listId, ...fired }]);
    });
  }
  trace('evaluating', changes.length);
  await repo.saveStates(changes, now);
  await repo.keepLineValues(read.map((line) => ({ lineId: line.id, perUnit: line.perUnit ?? null })));
  trace('writes: states, packs');
  if (hits.size > 0) {
    const told = await repo.toldOf([...hits.keys()]);
    await tell(trx, new Map(told.map((alert) => [alert, hits.get(alert.id) ?? []])), now, key);
  }
  trace('writes: mails', hits.size);
  // One person's evaluation leaves the others' alerts as the last evaluation left them.
  if (person === undefined) {
    await evaluated.keepEvaluated(listId, state.lineIds, state.alertId, now);
    if (complete) kept.keepFacts(listId, facts, state.alertId);
  }
  trace('writes: evaluated lines');
  return hits.size;
}

const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * A person's access to an owner's lists changed, or (`userId` null) a list's audience
 * (docs/decisions/0231): each of the owner's lists is first brought up to its current lines, as its
 * pending version's job would, then the person's alerts (or every alert) are evaluated on it whole. A
 * condition that already holds fires now; one whose list they may no longer read becomes false.
 */
export async function evaluateAccess(
  trx: DB,
  change: { ownerId: string; userId: string | null; at: number },
  { kept = lineCache() }: { kept?: LineCache } = {},
): Promise<number> {
  let fired = 0;
  // In the lists' order, as every evaluation takes one list's lock at a time: no two wait on each other.
  for (const listId of await alertChangeRepository(trx).listsOf(change.ownerId)) {
    const job = { listId, versionId: 0 };
    const key = `${listId}:access:${change.at}`;
    fired += await evaluateListAlerts(trx, job, { kept, key, now: change.at });
    fired +=
      change.userId === null
        ? await evaluateListAlerts(trx, job, { kept, key, now: change.at, whole: true })
        : await evaluateListAlerts(trx, job, { kept, key, now: change.at, person: change.userId });
  }
  return fired;
}

/**
 * The alerts whose outcome can differ between the lines last evaluated (`before`) and the current
 * ones: those of the queries whose facts changed, as `factsChange` narrows them, and those newer
 * than the last evaluation. The queries are every one the current lines' words find: those kept with
 * the facts before and those the lexemes new to the list find, or, without kept facts, all found
 * again (with those of the dropped lines, whose facts were true before).
 */
async function changedAlerts(
  trx: DB,
  listId: number,
  now: {
    before: CachedLine[];
    factsBefore: ReadonlyMap<string, ConditionFacts> | null;
    lines: CachedLine[];
    factsOf: (query: string) => ConditionFacts;
    index: ReturnType<typeof lineIndex>;
    newerThan: number | null;
    trace: (phase: string, count?: number) => void;
  },
): Promise<CandidateAlert[]> {
  const matching = alertChangeRepository(trx);
  const wordsBefore = new Set<string>();
  for (const line of now.before) for (const word of line.words) wordsBefore.add(word);
  const words = new Set<string>();
  for (const line of now.lines) for (const word of line.words) words.add(word);
  const { factsBefore } = now;
  const { found, newer } = factsBefore
    ? await matching.queriesOf(listId, { lexemes: [...words].filter((w) => !wordsBefore.has(w)), newerThan: now.newerThan })
    : await matching.queriesOf(listId, {
        lexemes: null,
        dropped: [...wordsBefore].filter((w) => !words.has(w)),
        newerThan: now.newerThan,
      });
  const queries = new Set([...(factsBefore?.keys() ?? []), ...found, ...newer.map((alert) => alert.query)]);
  now.trace(factsBefore ? 'queries read (facts kept)' : 'queries read (none kept)', queries.size);
  // Matched on the lines before only for the queries whose facts this process did not keep.
  let indexBefore: ReturnType<typeof lineIndex> | null = null;
  const changed: Parameters<typeof matching.changedInput>[1]['queries'] = [];
  for (const query of queries) {
    let was: ConditionFacts | null | undefined = factsBefore?.get(query);
    if (!was && !factsBefore) {
      indexBefore ??= lineIndex(now.before);
      const deciding = indexBefore.deciding(query);
      was = deciding && conditionFacts(deciding);
    }
    // A query the index cannot read: each of its alerts is read, as before the index.
    if (now.index.deciding(query) === null || (!was && !factsBefore)) {
      changed.push({ query, kinds: ['back', 'under', 'moves'], under: null, moves: null });
      continue;
    }
    // A query new to the kept facts matched none of the lines before (its words were not theirs).
    const change = factsChange(was ?? conditionFacts([]), now.factsOf(query));
    if (!change) continue;
    const kinds = [
      ...(change.back ? ['back'] : []),
      ...(change.moves ? ['moves'] : []),
      ...(change.under.length > 0 ? ['under'] : []),
    ];
    changed.push({ query, kinds, under: change.under, moves: change.moves });
  }
  now.trace('facts compared', changed.length);
  return matching.changedInput(listId, { queries: changed, newer: newer.map((alert) => alert.id) });
}
