import {
  type AlertLine,
  conditionText,
  evaluateAlert,
  ITEM_ALERT_MESSAGES,
  ITEM_ALERTS_MAX,
  type ItemAlert,
  type NewItemAlert,
} from '../../../core/item-alert';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { type ItemAlertMail, sameState, tell } from './crossings';
import { alertMatchingRepository, type MatchedLine } from './matching-repository';
import { type AlertRow, alertsRepository, type StateChange } from './repository';

/**
 * Item alerts (issue 41 §3, docs/decisions/0209): kept per person, evaluated when a list's new
 * version is stored (the `item-alerts` job) and when an alert is created or resumed. The truth of
 * each alert's condition is kept per list; a mail goes when it becomes true, in the transaction that
 * records it, so each crossing is told exactly once.
 */

const isCheckViolation = (error: unknown, constraint: string) => {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23514' && e.constraint === constraint;
};

const byList = (lines: MatchedLine[]) => {
  const lists = new Map<number, AlertLine[]>();
  for (const line of lines) lists.set(line.listId, [...(lists.get(line.listId) ?? []), line]);
  return lists;
};

/**
 * One alert against every list it covers (created, or resumed): each list where it holds now and
 * did not before is told in one mail. A list kept as true that no longer matches becomes false.
 */
async function evaluateAcross(trx: DB, alert: AlertRow, now: number, key: string): Promise<number> {
  const repo = alertsRepository(trx);
  const [lines, before] = await Promise.all([alertMatchingRepository(trx).linesForAlert(alert), repo.statesOf(alert.id)]);
  const lists = byList(lines);
  for (const listId of before.keys()) if (!lists.has(listId)) lists.set(listId, []);
  const changes: StateChange[] = [];
  const hits: ItemAlertMail['hits'] = [];
  for (const [listId, listLines] of lists) {
    const kept = before.get(listId) ?? null;
    const { state, fired } = evaluateAlert(alert, listLines, kept);
    if (!sameState(kept, state)) changes.push({ alertId: alert.id, listId, state });
    if (fired) hits.push({ listId, ...fired });
  }
  await repo.saveStates(changes, now);
  if (hits.length > 0) await tell(trx, new Map([[alert, hits]]), now, key);
  return hits.length;
}

/** The person's alerts: create, list, pause or resume, remove. */
export function alertsService(db: DB) {
  return {
    /** Stores the alert and evaluates it at once: one whose condition already holds fires now. */
    async create(userId: string, alert: NewItemAlert, now = Date.now()): Promise<{ id: number; fired: number }> {
      const query = await alertsRepository(db).queryOf(alert.item);
      if (query === null) throw badRequest(ITEM_ALERT_MESSAGES.itemRequired);
      try {
        return await db.transaction().execute(async (trx) => {
          const repo = alertsRepository(trx);
          const id = await repo.insert(userId, alert, query, now);
          const fired = await evaluateAcross(trx, { id, userId, query, ...alert }, now, 'created');
          return { id, fired };
        });
      } catch (error) {
        if (isCheckViolation(error, 'item_alerts_at_most_50')) throw badRequest(ITEM_ALERT_MESSAGES.tooMany);
        if (isUniqueViolation(error)) throw conflict(ITEM_ALERT_MESSAGES.duplicate);
        throw error;
      }
    },

    async list(userId: string): Promise<{ alerts: ItemAlert[]; max: number }> {
      const rows = await alertsRepository(db).ofUser(userId);
      return { alerts: rows.map((r) => ({ ...r, condition: conditionText(r) })), max: ITEM_ALERTS_MAX };
    },

    /** Pauses or resumes; resumed, it is evaluated as on creation against what it kept (a crossing meanwhile fires). */
    async setPaused(userId: string, id: number, paused: boolean, now = Date.now()): Promise<{ paused: boolean }> {
      return db.transaction().execute(async (trx) => {
        const repo = alertsRepository(trx);
        const alert = await repo.ownAlert(userId, id);
        if (!alert) throw notFound(ITEM_ALERT_MESSAGES.notFound);
        if (alert.paused === paused) return { paused };
        await repo.setPaused(id, paused);
        if (!paused) await evaluateAcross(trx, alert, now, `resumed:${now}`);
        return { paused };
      });
    },

    async remove(userId: string, id: number): Promise<void> {
      if (!(await alertsRepository(db).remove(userId, id))) throw notFound(ITEM_ALERT_MESSAGES.notFound);
    },
  };
}
