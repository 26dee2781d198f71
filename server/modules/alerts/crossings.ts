import type { AlertHit, AlertState } from '../../../core/item-alert';
import type { DB } from '../../plugins/db';
import { mailItemAlerts } from '../email/service';
import { type AlertRow, alertsRepository } from './repository';

/** Lists one mail tells of at most (an alert created while it holds in many lists). */
const HITS_A_MAIL = 20;

/** What an alert's mail carries: the crossing as it was seen (prices then), rendered at delivery. */
export interface ItemAlertMail {
  alertId: number;
  item: string;
  kind: AlertRow['kind'];
  threshold: number | null;
  unit: AlertRow['unit'];
  currency: string | null;
  hits: Array<AlertHit & { listId: number }>;
}

export type Told = Pick<AlertRow, 'id' | 'userId' | 'item' | 'kind' | 'threshold' | 'unit' | 'currency'>;

/** Queues each alert's mail, in one statement, and notes when they fired. */
export async function tell(trx: DB, fired: Map<Told, ItemAlertMail['hits']>, now: number, key: string) {
  const mails = [...fired].map(([alert, hits]) => {
    const payload: ItemAlertMail = {
      alertId: alert.id,
      item: alert.item,
      kind: alert.kind,
      threshold: alert.threshold,
      unit: alert.unit,
      currency: alert.currency,
      hits: hits.slice(0, HITS_A_MAIL),
    };
    return { userId: alert.userId, payload: { ...payload }, dedupeKey: `item-alert:${alert.id}:${key}` };
  });
  await mailItemAlerts(trx, mails, now);
  await alertsRepository(trx).markFired(
    [...fired.keys()].map((a) => a.id),
    now,
  );
}

export const sameState = (a: AlertState | null, b: AlertState | null) =>
  a === b || (a !== null && b !== null && a.holds === b.holds && a.reference === b.reference && a.basis === b.basis);
