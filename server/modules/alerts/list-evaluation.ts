import { evaluateAlert } from '../../../core/item-alert';
import { perUnitOf } from '../../../core/item-alert-lines';
import type { DB } from '../../plugins/db';
import { type ItemAlertMail, sameState, tell } from './crossings';
import { type LineCache, lineCache } from './line-cache';
import { lineIndex } from './line-index';
import { alertMatchingRepository } from './matching-repository';
import { alertsRepository, type StateChange } from './repository';

/**
 * The `item-alerts` job's work (docs/decisions/0209, 0221, 0226): the alerts a list's current lines
 * concern, each evaluated against the lines that decide its condition among those matching its
 * words (none when its person may no longer read the list, or it left their scope). The states that
 * changed are kept and each crossing is mailed, in the job's transaction. The lines come from `kept`,
 * the app's cache of lines, and only those it lacks are read. Returns how many fired.
 */
export async function evaluateListAlerts(
  trx: DB,
  job: { listId: number; versionId: number },
  { now = Date.now(), kept = lineCache() }: { now?: number; kept?: LineCache } = {},
) {
  const repo = alertsRepository(trx);
  await repo.lockList(job.listId);
  const matching = alertMatchingRepository(trx);
  const { alerts, lineIds } = await matching.evaluationInput(job.listId);
  if (alerts.length === 0) return 0;
  // Only the lines this process has not kept are read (docs/decisions/0226).
  const lines = await kept.lines(job.listId, lineIds, (missing) => matching.linesById(job.listId, missing));
  // A line's pack is read once, at the first evaluation that sees it, and kept.
  const read = lines.filter((line) => line.perUnit === undefined && line.price !== null);
  for (const line of read) line.perUnit = perUnitOf(line);
  const index = lineIndex(lines);
  const decided = alerts.map((alert) => (alert.mayRead ? index.deciding(alert.query) : []));
  // A query the index cannot read is matched by the database, as before the index.
  const unread = alerts.filter((_, i) => decided[i] === null).map((a) => a.id);
  const byDatabase = await matching.linesMatching(job.listId, unread);

  const changes: StateChange[] = [];
  const hits = new Map<number, ItemAlertMail['hits']>();
  // Each alert against its few deciding lines: cheaper than a key to share alike alerts' results (docs/decisions/0221).
  alerts.forEach((alert, i) => {
    const { state, fired } = evaluateAlert(alert, decided[i] ?? byDatabase.get(alert.id) ?? [], alert.state);
    if (!sameState(alert.state, state)) changes.push({ alertId: alert.id, listId: job.listId, state });
    if (fired) hits.set(alert.id, [{ listId: job.listId, ...fired }]);
  });
  await repo.saveStates(changes, now);
  await repo.keepLineValues(read.map((line) => ({ lineId: line.id, perUnit: line.perUnit ?? null })));
  if (hits.size > 0) {
    const told = await repo.toldOf([...hits.keys()]);
    await tell(trx, new Map(told.map((alert) => [alert, hits.get(alert.id) ?? []])), now, `${job.listId}:${job.versionId}`);
  }
  return hits.size;
}
