import { sql } from 'kysely';
import type { DB } from '../../plugins/db';
import { type CandidateAlert, type CandidateJson, candidates, candidatesOf } from './matching-repository';

/**
 * The reads and writes of a version's evaluation by change (docs/decisions/0231): what the list's
 * alerts were last evaluated against, the distinct queries its words find, and the alerts whose
 * outcome the version can change.
 */
export function alertChangeRepository(db: DB) {
  return {
    /**
     * What a list's evaluation compares with (docs/decisions/0231): the ids of its current lines,
     * those of the lines its alerts were last evaluated against (null: never, or kept by an older
     * worker), and the newest alert now.
     */
    async listState(
      listId: number,
    ): Promise<{ lineIds: number[]; last: { lineIds: number[]; alertId: number } | null; alertId: number }> {
      const { rows } = await sql<{ lineIds: number[] | null; last: [number[], number] | null; alertId: string | number }>`
        select
          (select json_agg(l.id order by l.id) from list_lines l
           where l.list_id = ${listId} and l.current and l.item is not null) as "lineIds",
          (select json_build_array(e.line_ids, e.last_alert_id) from item_alert_evaluations e where e.list_id = ${listId}) as last,
          (select coalesce(max(id), 0) from item_alerts) as "alertId"`.execute(db);
      const row = rows[0];
      return {
        lineIds: row?.lineIds ?? [],
        last: row?.last ? { lineIds: row.last[0], alertId: Number(row.last[1]) } : null,
        alertId: Number(row?.alertId ?? 0),
      };
    },

    /** The owner's lists that have lines, in order. */
    async listsOf(ownerId: string): Promise<number[]> {
      const { rows } = await sql<{ id: string | number }>`
        select li.id from lists li where li.user_id = ${ownerId}::uuid
          and exists (select 1 from list_search s where s.list_id = li.id)
        order by li.id`.execute(db);
      return rows.map((r) => Number(r.id));
    },

    /** Keeps the lines a list's alerts were evaluated against, and the newest alert then. */
    async keepEvaluated(listId: number, lineIds: number[], alertId: number, now: number): Promise<void> {
      await sql`
        insert into item_alert_evaluations (list_id, line_ids, last_alert_id, evaluated_at)
        values (${listId}, ${lineIds}::bigint[], ${alertId}, ${now})
        on conflict (list_id) do update set line_ids = excluded.line_ids, last_alert_id = excluded.last_alert_id,
          evaluated_at = excluded.evaluated_at`.execute(db);
    },

    /**
     * The distinct queries of alerts found by the words of each query, once a query
     * (docs/decisions/0231): by `lexemes` (null: the list's current lexemes and `dropped`, those of
     * the lines it dropped); and, in `newer`, the alerts newer than `newerThan` (paused ones too;
     * null: there are none) whose words the current lines hold or that kept a state on the list.
     */
    async queriesOf(
      listId: number,
      { lexemes, dropped = [], newerThan }: { lexemes: string[] | null; dropped?: string[]; newerThan: number | null },
    ): Promise<{ found: string[]; newer: Array<{ id: number; query: string }> }> {
      const given =
        lexemes === null
          ? sql`select u.lexeme from list_search s cross join lateral unnest(s.document) u where s.list_id = ${listId}
                union select unnest(${dropped}::text[])`
          : sql`select unnest(${lexemes}::text[]) as lexeme`;
      const newer =
        newerThan === null
          ? sql`null::json`
          : sql`(
              with current as (select u.lexeme from list_search s cross join lateral unnest(s.document) u where s.list_id = ${listId}),
              current_prefixes as (
                select distinct left(x.lexeme, n) as word
                from current x cross join lateral generate_series(1, char_length(x.lexeme)) n
              ),
              words as (select w.word, w.prefix, w.alert_id from item_alert_words w where w.alert_id > ${newerThan}),
              newer as (
                select w.alert_id from words w join current x on x.lexeme = w.word where not w.prefix
                union
                select w.alert_id from words w join current_prefixes p on p.word = w.word where w.prefix
                union
                select st.alert_id from item_alert_states st where st.list_id = ${listId} and st.alert_id > ${newerThan}
              )
              select json_agg(json_build_array(a.id, a.query::text)) from newer n join item_alerts a on a.id = n.alert_id)`;
      const { rows } = await sql<{ found: string[] | null; newer: Array<[number, string]> | null }>`
        with lexemes as (${given}),
        prefixes as (
          select distinct left(x.lexeme, n) as word
          from lexemes x cross join lateral generate_series(1, char_length(x.lexeme)) n
        ),
        found as (
          select q.query from item_alert_query_words q join lexemes x on x.lexeme = q.word where not q.prefix
          union all
          select q.query from item_alert_query_words q join prefixes p on p.word = q.word where q.prefix
        )
        select (select json_agg(query::text) from found) as found, ${newer} as newer`.execute(db);
      // Deduplicated here: hashing the texts costs less than PostgreSQL's sorting tsqueries.
      return {
        found: [...new Set(rows[0]?.found ?? [])],
        newer: (rows[0]?.newer ?? []).map(([id, query]) => ({ id: Number(id), query })),
      };
    },

    /**
     * The alerts whose outcome a version can change (docs/decisions/0231): those of each changed
     * query of the kinds its change names, the 'under' ones only of a key whose cheapest value moved
     * and with a threshold in the range it moved over (`under` null: all of them); and the `newer`
     * alerts (not evaluated on these lines yet).
     */
    async changedInput(
      listId: number,
      changed: {
        queries: Array<{
          query: string;
          kinds: string[];
          under: Array<{ key: string; low: number; high: number | null }> | null;
          moves: { changed: string[]; present: string[] } | null;
        }>;
        newer: number[];
      },
    ): Promise<CandidateAlert[]> {
      // Index probes by each changed query and its kinds, not a join planned over every alert.
      const found = sql`
        with found as (
          select a.id as alert_id
          from json_to_recordset(${JSON.stringify(changed.queries)}::json) c(query text, kinds text[], under json, moves json)
          cross join lateral (
            select a.id, a.kind, a.unit, a.currency, a.threshold, st.reference, st.reference_basis from item_alerts a
            left join item_alert_states st on st.alert_id = a.id and st.list_id = ${listId}
            where a.query = c.query::tsquery and a.kind = any(c.kinds)
            -- Kept a subquery (offset 0): flattened, it was planned as a sort of every alert by its query.
            offset 0
          ) a
          where a.kind = 'back'
            or (a.kind = 'under' and (c.under is null or exists (
              select 1 from json_to_recordset(c.under) k(key text, low float8, high float8)
              where k.key = (case when a.unit is null then 'p:' || coalesce(a.currency, '*') when a.currency is null then 'u:' || a.unit
                  else 'b:' || a.unit || ':' || a.currency end)
                and a.threshold::float8 > k.low and (k.high is null or a.threshold::float8 <= k.high))))
            or (a.kind = 'moves' and (c.moves is null or a.reference_basis is null or a.reference is null or a.reference <= 0
              or a.reference_basis in (select json_array_elements_text(c.moves -> 'changed'))
              or a.reference_basis not in (select json_array_elements_text(c.moves -> 'present'))))
          union
          select unnest(${changed.newer}::bigint[])
        )`;
      const { rows } = await sql<{ alerts: CandidateJson[] | null }>`${candidatesOf(listId, found)}`.execute(db);
      return candidates(rows[0]?.alerts);
    },
  };
}
