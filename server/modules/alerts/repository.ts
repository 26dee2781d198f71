import { sql } from 'kysely';
import type { AlertState, ItemAlertKind, ItemAlertScope, NewItemAlert } from '../../../core/item-alert';
import type { BaseUnit } from '../../../core/unit-price';
import '../../../db/schema-alerts';
import { searchTermsQuery } from '../../../db/search-queries';
import type { DB } from '../../plugins/db';

/** An alert as its evaluation reads it. */
export interface AlertRow {
  id: number;
  userId: string;
  item: string;
  query: string;
  kind: ItemAlertKind;
  threshold: number | null;
  unit: BaseUnit | null;
  currency: string | null;
  scope: ItemAlertScope;
}

/** A state to keep: null deletes it (the condition is false and nothing is remembered). */
export interface StateChange {
  alertId: number;
  listId: number;
  state: AlertState | null;
}

export const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export type Raw = Omit<AlertRow, 'id' | 'threshold'> & { id: number | string; threshold: string | number | null };
export const alertRow = (r: Raw): AlertRow => ({ ...r, id: Number(r.id), threshold: num(r.threshold) });
/** All SQL of item alerts: the alerts, their words and their states. */
export function alertsRepository(db: DB) {
  return {
    /** The item's words as a tsquery, typos forgiven by the directory's words (as /explore and /compare). */
    async queryOf(item: string): Promise<string | null> {
      const { rows } = await searchTermsQuery(item).execute(db);
      return rows[0]?.fuzzy ?? null;
    },

    /** Stores an alert and the words it is found by (every lexeme of its query, typos included). */
    async insert(userId: string, alert: NewItemAlert, query: string, now: number): Promise<number> {
      const row = await db
        .insertInto('item_alerts')
        .values({
          user_id: userId,
          item: alert.item,
          query,
          kind: alert.kind,
          threshold: alert.threshold,
          unit: alert.unit,
          currency: alert.currency,
          scope: alert.scope,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      // A lexeme is quoted in a tsquery's text ('it''s'), a prefix marked :*.
      await sql`
        insert into item_alert_words (word, prefix, alert_id)
        select distinct replace(m[1], '''''', ''''), m[2] is not null, ${id}::bigint
        from regexp_matches(${query}::tsquery::text, '''((?:[^'']|'''')+)''(:\\*)?', 'g') m
        on conflict do nothing`.execute(db);
      return id;
    },

    /** The person's alerts, newest first. */
    async ofUser(userId: string) {
      const rows = await db
        .selectFrom('item_alerts')
        .select(['id', 'item', 'kind', 'threshold', 'unit', 'currency', 'scope', 'paused', 'created_at', 'last_fired_at'])
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .execute();
      return rows.map((r) => ({
        id: Number(r.id),
        item: r.item,
        kind: r.kind,
        threshold: num(r.threshold),
        unit: r.unit,
        currency: r.currency,
        scope: r.scope,
        paused: r.paused,
        createdAt: Number(r.created_at),
        lastFiredAt: num(r.last_fired_at),
      }));
    },

    /** One of the person's alerts, locked for this transaction; undefined when it is not theirs. */
    async ownAlert(userId: string, id: number): Promise<(AlertRow & { paused: boolean }) | undefined> {
      const row = await db
        .selectFrom('item_alerts')
        .select(['id', 'user_id as userId', 'item', sql<string>`query::text`.as('query'), 'kind', 'threshold', 'unit'])
        .select(['currency', 'scope', 'paused'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      return row && { ...alertRow(row), paused: row.paused };
    },

    async setPaused(id: number, paused: boolean): Promise<void> {
      await db.updateTable('item_alerts').set({ paused }).where('id', '=', id).execute();
    },

    /** Removes the person's alert; false when it is not theirs. */
    async remove(userId: string, id: number): Promise<boolean> {
      const result = await db.deleteFrom('item_alerts').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * One evaluation of a list at a time: two versions' jobs on two workers do not both tell one
     * crossing. Its statements are planned without JIT: their estimated cost crosses the threshold,
     * and compiling took longer than running them (docs/decisions/0221).
     */
    async lockList(listId: number): Promise<void> {
      await sql`select set_config('jit', 'off', true), pg_advisory_xact_lock(hashtextextended(${`item-alerts:${listId}`}, 0))`.execute(
        db,
      );
    },

    /** What was kept for one alert, by list. */
    async statesOf(alertId: number): Promise<Map<number, AlertState>> {
      const rows = await db
        .selectFrom('item_alert_states')
        .select(['list_id', 'holds', 'reference', 'reference_basis'])
        .where('alert_id', '=', alertId)
        .execute();
      return new Map(
        rows.map((r) => [Number(r.list_id), { holds: r.holds, reference: num(r.reference), basis: r.reference_basis }]),
      );
    },

    /** Keeps the states that changed and forgets those that are false again, in one statement. */
    async saveStates(changes: StateChange[], now: number): Promise<void> {
      if (changes.length === 0) return;
      const column = <T>(f: (c: StateChange) => T) => changes.map(f);
      await sql`
        with changes as (
          select * from unnest(${column((c) => c.alertId)}::bigint[], ${column((c) => c.listId)}::bigint[],
            ${column((c) => c.state?.holds ?? null)}::boolean[], ${column((c) => c.state?.reference ?? null)}::numeric[],
            ${column((c) => c.state?.basis ?? null)}::text[]) c(alert_id, list_id, holds, reference, basis)
        ),
        gone as (
          delete from item_alert_states st using changes c
          where c.holds is null and st.alert_id = c.alert_id and st.list_id = c.list_id
        )
        insert into item_alert_states (alert_id, list_id, holds, reference, reference_basis, changed_at)
        select alert_id, list_id, holds, reference, basis, ${now} from changes where holds is not null
        on conflict (alert_id, list_id) do update set holds = excluded.holds, reference = excluded.reference,
          reference_basis = excluded.reference_basis, changed_at = excluded.changed_at`.execute(db);
    },

    /** What the mails of the alerts that fired name. */
    async toldOf(alertIds: number[]): Promise<AlertRow[]> {
      if (alertIds.length === 0) return [];
      const { rows } = await sql<Raw>`
        select id, user_id as "userId", item, query::text as query, kind, threshold, unit, currency, scope
        from item_alerts where id = any(${alertIds}::bigint[])`.execute(db);
      return rows.map(alertRow);
    },

    /** Keeps lines' prices per unit once read; a line's never changes (docs/decisions/0221). */
    async keepLineValues(values: Array<{ lineId: number; perUnit: { amount: number; unit: BaseUnit } | null }>): Promise<void> {
      if (values.length === 0) return;
      await sql`
        insert into item_alert_line_values (line_id, amount, unit)
        select v.* from unnest(${values.map((v) => v.lineId)}::bigint[], ${values.map((v) => v.perUnit?.amount ?? null)}::float8[],
          ${values.map((v) => v.perUnit?.unit ?? null)}::text[]) v(line_id, amount, unit)
        -- A line a newer version has just dropped is not kept.
        where exists (select 1 from list_lines l where l.id = v.line_id)
        on conflict do nothing`.execute(db);
    },

    async markFired(alertIds: number[], now: number): Promise<void> {
      if (alertIds.length === 0) return;
      await sql`update item_alerts set last_fired_at = ${now} where id = any(${alertIds}::bigint[])`.execute(db);
    },
  };
}

export type AlertsRepository = ReturnType<typeof alertsRepository>;
