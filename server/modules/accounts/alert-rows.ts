import { type Selectable, sql } from 'kysely';
import { z } from 'zod';
import type { ItemAlertStatesTable, ItemAlertsTable, ItemAlertWordsTable } from '../../../db/schema-alerts';
import type { CheckNowPressesTable } from '../../../db/schema-link-check';
import type { DB } from '../../plugins/db';
import { insertKeepingIds } from './restore-repository';

/**
 * The person's item alerts (docs/decisions/0209) with the words they are found by and what each
 * last knew per list, and the owner's check-now presses (docs/decisions/0208) of their lists: both
 * go with the person, so the backup holds them and a restore brings them back with their ids.
 */
export type BackedUpAlertWord = Omit<Selectable<ItemAlertWordsTable>, 'alert_id'>;
export type BackedUpAlertState = Omit<Selectable<ItemAlertStatesTable>, 'alert_id'>;
export type BackedUpItemAlert = Omit<Selectable<ItemAlertsTable>, 'user_id'> & {
  words: BackedUpAlertWord[];
  states: BackedUpAlertState[];
};
export type BackedUpCheckNowPress = Selectable<CheckNowPressesTable>;

/** item_alerts_bounded (migration 2800): a person has at most 50. */
const MOST_ALERTS = 50;

const text = z.string().nullable();
export const itemAlertBackupSchema: z.ZodType<BackedUpItemAlert> = z.object({
  id: z.number(),
  item: z.string(),
  query: z.string(),
  kind: z.enum(['back', 'under', 'moves']),
  threshold: text,
  unit: z.enum(['kg', 'l', 'piece']).nullable(),
  currency: text,
  scope: z.enum(['following', 'all']),
  paused: z.boolean(),
  created_at: z.number(),
  last_fired_at: z.number().nullable(),
  words: z.array(z.object({ word: z.string(), prefix: z.boolean() })),
  states: z.array(
    z.object({
      list_id: z.number(),
      holds: z.boolean(),
      reference: text,
      reference_basis: text,
      changed_at: z.number(),
    }),
  ),
});
export const checkNowPressBackupSchema: z.ZodType<BackedUpCheckNowPress> = z.object({
  id: z.number(),
  list_id: z.number(),
  pressed_at: z.number(),
  settled_at: z.number().nullable(),
  outcome: z.unknown(),
});

export function alertRowsRepository(db: DB) {
  return {
    async itemAlertsOf(userId: string): Promise<BackedUpItemAlert[]> {
      const alerts = await db
        .selectFrom('item_alerts')
        .selectAll()
        .select(sql<string>`query::text`.as('query'))
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      if (alerts.length === 0) return [];
      const ids = alerts.map((a) => a.id);
      const words = await db
        .selectFrom('item_alert_words')
        .selectAll()
        .where('alert_id', 'in', ids)
        .orderBy('word')
        .orderBy('prefix')
        .execute();
      const states = await db
        .selectFrom('item_alert_states')
        .selectAll()
        .where('alert_id', 'in', ids)
        .orderBy('list_id')
        .execute();
      return alerts.map(({ user_id: _, ...alert }) => ({
        ...alert,
        words: words.filter((w) => w.alert_id === alert.id).map(({ alert_id: _a, ...w }) => w),
        states: states.filter((s) => s.alert_id === alert.id).map(({ alert_id: _a, ...s }) => s),
      }));
    },

    async checkNowPressesOf(userId: string): Promise<BackedUpCheckNowPress[]> {
      return db
        .selectFrom('check_now_presses as p')
        .innerJoin('lists as l', 'l.id', 'p.list_id')
        .selectAll('p')
        .where('l.user_id', '=', userId)
        .orderBy('p.id')
        .execute();
    },

    /**
     * The alerts with their ids, words and the states of lists that still exist; one the person made
     * again since is kept as it is. Returns how many did not fit under the limit of 50.
     */
    async insertItemAlerts(userId: string, alerts: BackedUpItemAlert[]): Promise<number> {
      if (alerts.length === 0) return 0;
      const counted = await db
        .selectFrom('item_alerts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      const room = Math.max(0, MOST_ALERTS - Number(counted.n));
      const fitting = alerts.slice(0, room);
      await insertKeepingIds(
        db,
        'item_alerts',
        fitting.map(({ words: _w, states: _s, ...alert }) => ({ ...alert, user_id: userId })),
      );
      const back =
        fitting.length === 0
          ? new Set<number>()
          : new Set(
              (
                await db
                  .selectFrom('item_alerts')
                  .select('id')
                  .where(
                    'id',
                    'in',
                    fitting.map((a) => a.id),
                  )
                  .where('user_id', '=', userId)
                  .execute()
              ).map((r) => r.id),
            );
      const restored = fitting.filter((a) => back.has(a.id));
      const words = restored.flatMap((a) => a.words.map((w) => ({ ...w, alert_id: a.id })));
      if (words.length > 0)
        await db
          .insertInto('item_alert_words')
          .values(words)
          .onConflict((oc) => oc.doNothing())
          .execute();
      const states = restored.flatMap((a) => a.states.map((s) => ({ ...s, alert_id: a.id })));
      const listIds = [...new Set(states.map((s) => s.list_id))];
      const lists =
        listIds.length === 0
          ? new Set<number>()
          : new Set((await db.selectFrom('lists').select('id').where('id', 'in', listIds).execute()).map((r) => r.id));
      // numeric is read as text and written as a number (db/schema-alerts.ts).
      const live = states
        .filter((s) => lists.has(s.list_id))
        .map((s) => ({ ...s, reference: s.reference === null ? null : Number(s.reference) }));
      if (live.length > 0) {
        await db
          .insertInto('item_alert_states')
          .values(live)
          .onConflict((oc) => oc.columns(['alert_id', 'list_id']).doNothing())
          .execute();
      }
      return alerts.length - fitting.length;
    },

    /** Presses of lists that came back as the person's, with their ids. */
    async insertCheckNowPresses(userId: string, presses: BackedUpCheckNowPress[]): Promise<void> {
      if (presses.length === 0) return;
      const owned = await db
        .selectFrom('lists')
        .select('id')
        .where('user_id', '=', userId)
        .where('id', 'in', [...new Set(presses.map((p) => p.list_id))])
        .execute();
      const ids = new Set(owned.map((l) => l.id));
      await insertKeepingIds(
        db,
        'check_now_presses',
        presses
          .filter((p) => ids.has(p.list_id))
          .map((p) => ({ ...p, outcome: p.outcome == null ? null : JSON.stringify(p.outcome) })),
      );
    },
  };
}
