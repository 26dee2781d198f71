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

export type CandidateJson = [
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
export const candidatesOf = (listId: number, found: RawBuilder<unknown>, person?: string) => sql`
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

export const candidates = (rows: CandidateJson[] | null | undefined): CandidateAlert[] =>
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
