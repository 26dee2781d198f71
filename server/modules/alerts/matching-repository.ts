import { type RawBuilder, sql } from 'kysely';
import type { AlertLine, AlertState } from '../../../core/item-alert';
import type { BaseUnit } from '../../../core/unit-price';
import { tradeAccess } from '../../../db/sealed-contents';
import type { DB } from '../../plugins/db';
import type { CachedLine } from './line-cache';
import { type AlertRow, num } from './repository';

/** An alert of a list's evaluation: what was kept for it on this list, and whether its person may be told of the list. */
export interface CandidateAlert extends Pick<AlertRow, 'id' | 'query' | 'kind' | 'threshold' | 'unit' | 'currency'> {
  state: AlertState | null;
  /** The person may read the list (public, or trade-only with access), and it is in the alert's scope. */
  mayRead: boolean;
}

type CandidateJson = [
  number,
  string,
  AlertRow['kind'],
  number | null,
  AlertRow['unit'],
  string | null,
  boolean | null,
  number | null,
  string | null,
  boolean,
];
type LineJson = [
  number,
  string,
  string,
  number | null,
  string | null,
  string | null,
  boolean,
  number | null,
  BaseUnit | null,
  string[],
];

/** The alerts a list's evaluation concerns, and the ids of the list's current lines (in order). */
export interface EvaluationInput {
  alerts: CandidateAlert[];
  lineIds: number[];
}

/** A current line matching an alert's words, with its list. */
export interface MatchedLine extends AlertLine {
  listId: number;
}

/** How many lists' lines one alert reads when it is created or resumed (docs/decisions/0209). */
export const CREATION_LISTS = 200;

const lineOf = (r: {
  listId: number | string;
  item: string | null;
  raw: string;
  price: number | string | null;
  currency: string | null;
  unit: string | null;
}): MatchedLine => ({ ...r, listId: Number(r.listId), price: num(r.price) });

/** Whether the alert's person (`a`) may be told of list `li`: they may read it, and it is in the alert's scope. */
const inScope = (
  list: RawBuilder<unknown>,
  owner: RawBuilder<unknown>,
  person: RawBuilder<unknown>,
  scope: RawBuilder<unknown>,
) => sql<boolean>`
  ((${list} = 'public' or ${tradeAccess(owner, person)})
   and (${scope} = 'all' or exists (
     select 1 from follows f join handles h on h.handle = f.handle and h.user_id = f.followed_user_id
     where f.follower_id = ${person} and f.followed_user_id = ${owner})))`;

/**
 * The candidates `found` names (a `with … found(alert_id)` clause), paused ones left as they are,
 * each with what was kept on the list and whether its person may be told of it: a select whose
 * first column is `alerts`, as JSON (parsed at once rather than row by row). `person`: only theirs.
 */
const candidatesOf = (listId: number, found: RawBuilder<unknown>, person?: string) => sql`
  ${found},
  candidates as (
    select a.id, a.user_id, a.query::text as query, a.kind, a.threshold, a.unit, a.currency, a.scope,
      st.holds, st.reference, st.reference_basis
    from found f
    join item_alerts a on a.id = f.alert_id and not a.paused ${person === undefined ? sql`` : sql`and a.user_id = ${person}::uuid`}
    -- By the key, alert by alert: a hash of every state kept on the list costs more for a few alerts.
    left join lateral (
      select st.holds, st.reference, st.reference_basis from item_alert_states st where st.alert_id = a.id and st.list_id = ${listId}
    ) st on true
  ),
  -- Whether each person may be told of the list, once a person rather than once an alert.
  people as (
    select p.user_id, ${inScope(sql.ref('li.audience'), sql.ref('li.user_id'), sql.ref('p.user_id'), sql.lit('all'))} as reads,
      ${inScope(sql.lit('public'), sql.ref('li.user_id'), sql.ref('p.user_id'), sql.lit('following'))} as follows
    from (select distinct user_id from candidates) p join lists li on li.id = ${listId}
  )
  select
    (select json_agg(json_build_array(c.id, c.query, c.kind, c.threshold, c.unit, c.currency, c.holds, c.reference,
       c.reference_basis, pe.reads and (c.scope = 'all' or pe.follows)))
     from candidates c join people pe on pe.user_id = c.user_id) as alerts`;

const candidates = (rows: CandidateJson[] | null | undefined): CandidateAlert[] =>
  (rows ?? []).map(([id, query, kind, threshold, unit, currency, holds, reference, basis, mayRead]) => ({
    id,
    query,
    kind,
    threshold,
    unit,
    currency,
    mayRead,
    state: holds === null ? null : { holds, reference, basis },
  }));

/**
 * The reads that match alerts with lines (docs/decisions/0209): the alerts a version concerns, found
 * by their words, their lines, and one alert's lines across the lists it covers.
 */
export function alertMatchingRepository(db: DB) {
  return {
    /**
     * What one evaluation of a list reads, in one statement (docs/decisions/0221): the alerts its
     * lines may concern (a word among the list's words, by the index of words, not a scan of every
     * alert; or a state kept on this list, as the item may be gone), paused ones left as they are,
     * each with whether its person may be told of this list; and the ids of the list's current
     * lines, whose words and prices `linesById` reads for those a process has not kept
     * (docs/decisions/0226). As JSON, parsed at once rather than row by row.
     */
    async evaluationInput(listId: number, person?: string): Promise<EvaluationInput> {
      const found = sql`
        with s as (select document from list_search where list_id = ${listId}),
        lexemes as (select distinct u.lexeme from s cross join lateral unnest(s.document) u),
        prefixes as (
          select distinct left(x.lexeme, n) as word
          from lexemes x cross join lateral generate_series(1, char_length(x.lexeme)) n
        ),
        found as (
          select w.alert_id from item_alert_words w join lexemes x on x.lexeme = w.word where not w.prefix
          union
          select w.alert_id from item_alert_words w join prefixes p on p.word = w.word where w.prefix
          union
          select st.alert_id from item_alert_states st where st.list_id = ${listId}
        )`;
      const { rows } = await sql<{ alerts: CandidateJson[] | null; lineIds: number[] | null }>`
        ${candidatesOf(listId, found, person)},
          (select json_agg(l.id order by l.id) from list_lines l
           where l.list_id = ${listId} and l.current and l.item is not null) as "lineIds"`.execute(db);
      const row = rows[0];
      return { alerts: candidates(row?.alerts), lineIds: row?.lineIds ?? [] };
    },

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

    /** Lines of the list by id, in order, with their words and their kept prices per unit. */
    async linesById(listId: number, ids: number[]): Promise<CachedLine[]> {
      const { rows } = await sql<{ lines: LineJson[] | null }>`
        select json_agg(json_build_array(l.id, l.item, l.raw, l.price, l.currency, l.unit, v.line_id is not null, v.amount,
          v.unit, tsvector_to_array(l.document)) order by l.id) as lines
        from list_lines l left join item_alert_line_values v on v.line_id = l.id
        where l.id = any(${ids}::bigint[]) and l.list_id = ${listId}`.execute(db);
      return (rows[0]?.lines ?? []).map(([id, item, raw, price, currency, unit, kept, amount, perUnit, words]) => ({
        id,
        listId,
        item,
        raw,
        price,
        currency,
        unit,
        words,
        ...(kept ? { perUnit: amount === null || perUnit === null ? null : { amount, unit: perUnit } } : {}),
      }));
    },

    /**
     * The list's current lines matching each alert, by alert id. Pairs of an alert and a line are
     * found by their words (a join on the index of words, not every alert against every line), then
     * checked with the alert's whole query.
     */
    async linesMatching(listId: number, alertIds: number[]): Promise<Map<number, MatchedLine[]>> {
      const found = new Map<number, MatchedLine[]>();
      if (alertIds.length === 0) return found;
      const { rows } = await sql<Parameters<typeof lineOf>[0] & { alertId: number | string }>`
        with s as (select list_id, line_ids, line_documents from list_search where list_id = ${listId}),
        lines as (select line.id, line.document from s cross join lateral unnest(s.line_ids, s.line_documents) line(id, document)),
        words as (
          select w.word, w.prefix, w.alert_id from item_alert_words w
          where w.alert_id = any(${alertIds}::bigint[])
        ),
        line_words as (select distinct l.id, u.lexeme from lines l cross join lateral unnest(l.document) u),
        -- A prefix word finds the list's lexemes it begins (each lexeme's prefixes, once per list).
        prefixes as (
          select left(x.lexeme, n) as word, x.lexeme
          from (select distinct lexeme from line_words) x cross join lateral generate_series(1, char_length(x.lexeme)) n
        ),
        hit_lexemes as (
          select w.alert_id, w.word as lexeme from words w where not w.prefix
          union
          select w.alert_id, p.lexeme from words w join prefixes p on p.word = w.word where w.prefix
        ),
        pairs as (select distinct h.alert_id, lw.id from hit_lexemes h join line_words lw on lw.lexeme = h.lexeme)
        select p.alert_id as "alertId", ${listId}::bigint as "listId", l.item, l.raw, l.price, l.currency, l.unit
        from pairs p
        join item_alerts a on a.id = p.alert_id
        join lines on lines.id = p.id
        join list_lines l on l.id = p.id and l.current
        where lines.document @@ a.query
        order by l.id`.execute(db);
      for (const row of rows) {
        const alertId = Number(row.alertId);
        found.set(alertId, [...(found.get(alertId) ?? []), lineOf(row)]);
      }
      return found;
    },

    /**
     * The current lines of the lists the alert's person may read and that its scope covers, that
     * match its words: at most CREATION_LISTS lists, found by the lists' search index.
     */
    async linesForAlert(alert: AlertRow): Promise<MatchedLine[]> {
      const { rows } = await sql<Parameters<typeof lineOf>[0]>`
        with found as (
          select s.list_id, s.line_ids, s.line_documents
          from list_search s join lists li on li.id = s.list_id
          where s.document @@ (select ${alert.query}::tsquery)
            and ${inScope(sql.ref('li.audience'), sql.ref('li.user_id'), sql`${alert.userId}::uuid`, sql`${alert.scope}::text`)}
          order by s.list_id
          limit ${sql.lit(CREATION_LISTS)}
        )
        select f.list_id as "listId", l.item, l.raw, l.price, l.currency, l.unit
        from found f
        cross join lateral unnest(f.line_ids, f.line_documents) line(id, document)
        join list_lines l on l.id = line.id and l.current
        where line.document @@ (select ${alert.query}::tsquery)
        order by f.list_id, l.id`.execute(db);
      return rows.map(lineOf);
    },
  };
}
