import { type RawBuilder, sql } from 'kysely';
import type { ChangeCounts, ListChange } from '../../../core/list-diff';
import { tradeAccess } from '../../../db/sealed-contents';
import { type SearchTerms, searchTermsRelation } from '../../../db/search-queries';
import type { DB } from '../../plugins/db';

/**
 * `rankedLists`: the most lists one search by item ranks (docs/decisions/0163); each is a document
 * of a whole list, so reading fewer than the names' 1,000 keeps a broad word ("tomatoes" in most
 * lists) within the target; 200 owners fill ten pages. `probedLists`: how many lists it reads in
 * order before it asks the GIN index (docs/decisions/0192). A word in a fifth of the lists or more
 * fills the ranked lists from these alone; a rarer word's bitmap holds at most a fifth of the lists.
 * The index alone first built a bitmap of every matching list, whatever the LIMIT: 10–24 ms for a
 * word in most of 50,000 lists.
 */
/** How many lists one search by item ranks, and how many it reads in order first (docs/decisions/0192). */
export const ITEM_SEARCH_LIMITS = { rankedLists: 200, probedLists: 1000 };

/**
 * Every read of lists' contents people see, one function per shape (docs/decisions/0162): what a
 * card says of a list, the archive of its versions, one version. A rule about who may see a list's
 * contents (trade-only lists, issue 32) belongs here, in each of these, and nowhere else: `listAt`
 * says whether the viewer may read the list, `summariesOf` leaves out what they may not.
 */

export interface ListContentSummary {
  listId: number;
  versionId: number;
  seenAt: number;
  checkedAt: number;
  state: 'read' | 'unreadable';
  reason: string | null;
  counts: ChangeCounts | null;
}

export interface MatchedLine {
  listName: string;
  listSlug: string;
  raw: string;
  item: string | null;
  price: number | null;
  currency: string | null;
  unit: string | null;
  /** When the list's newest version was first seen, and last seen unchanged. */
  changedAt: number | null;
  checkedAt: number | null;
}

export interface ListVersionRow extends Omit<ListContentSummary, 'listId'> {
  format: string | null;
  lineCount: number;
  changes: ListChange[] | null;
}

const json = <T>(value: unknown): T | null =>
  value === null || value === undefined ? null : ((typeof value === 'string' ? JSON.parse(value) : value) as T);

export function contentsReadRepository(db: DB, limits = ITEM_SEARCH_LIMITS) {
  return {
    /**
     * The list at its stable address (the handle's current holder's list with that slug), and
     * whether `viewerId` may read its contents: a public list, or a trade-only one they have access
     * to (docs/decisions/0180).
     */
    async listAt(handle: string, slug: string, viewerId: string | null) {
      const row = await db
        .selectFrom('handles as h')
        .innerJoin('lists as l', 'l.user_id', 'h.user_id')
        .select([
          'l.id',
          'l.name',
          'l.slug',
          'h.handle',
          'l.user_id as userId',
          sql<boolean>`(l.audience = 'public' or ${tradeAccess(sql.ref('l.user_id'), viewerId)})`.as('readable'),
        ])
        .where('h.handle', '=', handle)
        .where('l.slug', '=', slug)
        .executeTakeFirst();
      return row && { ...row, id: Number(row.id) };
    },

    /**
     * The newest version of each list `viewerId` may read: what its card and its page say ("3
     * prices up"). A trade-only list they have no access to has none (docs/decisions/0180).
     */
    async summariesOf(listIds: number[], viewerId: string | null): Promise<Map<number, ListContentSummary>> {
      if (listIds.length === 0) return new Map();
      const { rows } = await sql<{
        listId: string | number;
        versionId: string | number;
        seenAt: string | number;
        checkedAt: string | number;
        state: 'read' | 'unreadable';
        reason: string | null;
        counts: unknown;
      }>`
        select distinct on (s.list_id) s.list_id as "listId", s.id as "versionId", s.seen_at as "seenAt",
          s.checked_at as "checkedAt", s.state, s.reason, s.counts
        from list_snapshots s join lists l on l.id = s.list_id
        where s.list_id = any(${listIds}::bigint[]) and (l.audience = 'public' or ${tradeAccess(sql.ref('l.user_id'), viewerId)})
        order by s.list_id, s.seen_at desc, s.id desc`.execute(db);
      return new Map(
        rows.map((r) => [
          Number(r.listId),
          {
            listId: Number(r.listId),
            versionId: Number(r.versionId),
            seenAt: Number(r.seenAt),
            checkedAt: Number(r.checkedAt),
            state: r.state,
            reason: r.reason,
            counts: json<ChangeCounts>(r.counts),
          },
        ]),
      );
    },

    /** The archive, newest first: `limit` versions seen before the cursor (seen time, id). */
    async versionsOf(listId: number, before: { seenAt: number; id: number } | null, limit: number): Promise<ListVersionRow[]> {
      let query = db
        .selectFrom('list_snapshots')
        .select([
          'id',
          'seen_at as seenAt',
          'checked_at as checkedAt',
          'state',
          'reason',
          'format',
          'counts',
          'changes',
          sql<number>`coalesce(array_length(line_ids, 1), 0)`.as('lineCount'),
        ])
        .where('list_id', '=', listId);
      if (before) {
        query = query.where((eb) =>
          eb.or([eb('seen_at', '<', before.seenAt), eb.and([eb('seen_at', '=', before.seenAt), eb('id', '<', before.id)])]),
        );
      }
      const rows = await query.orderBy('seen_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map((r) => ({
        versionId: Number(r.id),
        seenAt: Number(r.seenAt),
        checkedAt: Number(r.checkedAt),
        state: r.state,
        reason: r.reason,
        format: r.format,
        lineCount: Number(r.lineCount),
        counts: json<ChangeCounts>(r.counts),
        changes: json<ListChange[]>(r.changes),
      }));
    },

    /** One version by id, or the one in force at `at` (the newest seen by then): its lines' ids. */
    async version(listId: number, which: { id: number } | { at: number }) {
      let query = db
        .selectFrom('list_snapshots')
        .select([
          'id',
          'seen_at as seenAt',
          'checked_at as checkedAt',
          'state',
          'reason',
          'format',
          'counts',
          'line_ids as lineIds',
        ])
        .where('list_id', '=', listId);
      query = 'id' in which ? query.where('id', '=', which.id) : query.where('seen_at', '<=', which.at);
      const row = await query.orderBy('seen_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
      return (
        row && {
          versionId: Number(row.id),
          seenAt: Number(row.seenAt),
          checkedAt: Number(row.checkedAt),
          state: row.state,
          reason: row.reason,
          format: row.format,
          counts: json<ChangeCounts>(row.counts),
          lineIds: (row.lineIds as unknown[]).map(Number),
        }
      );
    },

    /**
     * The owners whose current lists hold the words of a search by item, each with their best list
     * and its rank (docs/decisions/0163): one document per list (list_search), at most
     * `limits.rankedLists` lists ranked, the first `limits.probedLists` read in order before the index (0192). Only lists `viewerId` may read: a trade-only list's
     * items only with access (docs/decisions/0180).
     */
    async bestItemMatches(
      terms: SearchTerms,
      viewerId: string | null,
    ): Promise<{ userId: string; listId: number; rank: number }[]> {
      // The words behind a sub-select: the planner then estimates them as rare (its default) and asks the
      // GIN index when the probe falls short, rather than reading every list for a word none holds (0200).
      const readable = (lists: RawBuilder<unknown>) => sql`
        select s.list_id, s.user_id, s.document
        from ${lists} s join lists readable on readable.id = s.list_id
          and (readable.audience = 'public' or ${tradeAccess(sql.ref('readable.user_id'), viewerId)})
        where s.document @@ (select ${terms.fuzzy}::tsquery)`;
      const { rows } = await sql<{ userId: string; listId: string | number; rank: number }>`
        with probed as (
          ${readable(sql`(select list_id, user_id, document from list_search order by list_id limit ${sql.lit(limits.probedLists)})`)}
          limit ${sql.lit(limits.rankedLists)}
        ),
        found as (
          select * from probed where (select count(*) from probed) = ${sql.lit(limits.rankedLists)}
          union all
          (${readable(sql`list_search`)} and (select count(*) from probed) < ${sql.lit(limits.rankedLists)}
           limit ${sql.lit(limits.rankedLists)})
        ),
        matches as (
          select list_id, user_id,
            ts_rank(document, ${terms.exact}::tsquery) + ts_rank(document, ${terms.closest}::tsquery) as rank
          from found
        )
        select distinct on (user_id) user_id as "userId", list_id as "listId", rank
        from matches order by user_id, rank desc, list_id`.execute(db);
      return rows.map((r) => ({ userId: r.userId, listId: Number(r.listId), rank: Number(r.rank) }));
    },

    /**
     * The current line of each of these lists that matches the search best (a page of results'
     * lines), with its list and how fresh its newest version is; only of lists `viewerId` may read.
     */
    async bestLines(terms: SearchTerms, listIds: number[], viewerId: string | null): Promise<Map<number, MatchedLine>> {
      if (listIds.length === 0) return new Map();
      const { rows } = await sql<MatchedLine & { listId: string | number }>`
        with query as (${searchTermsRelation(terms)}),
        -- From the lists' search rows, not their scattered lines: 20 rows read (docs/decisions/0192).
        best as (
          select distinct on (s.list_id) s.list_id, line.id
          from query q, list_search s
          cross join lateral unnest(s.line_ids, s.line_documents) as line(id, document)
          where s.list_id = any(${listIds}::bigint[]) and line.document @@ q.fuzzy
          order by s.list_id, ts_rank(line.document, q.exact) + ts_rank(line.document, q.closest) desc, line.id
        )
        select l.list_id as "listId", li.name as "listName", li.slug as "listSlug",
          l.raw, l.item, l.price, l.currency, l.unit, s.seen_at as "changedAt", s.checked_at as "checkedAt"
        from best join list_lines l on l.id = best.id
        join lists li on li.id = l.list_id and (li.audience = 'public' or ${tradeAccess(sql.ref('li.user_id'), viewerId)})
        left join lateral (
          select seen_at, checked_at from list_snapshots where list_id = l.list_id order by seen_at desc, id desc limit 1
        ) s on true`.execute(db);
      return new Map(
        rows.map((r) => [
          Number(r.listId),
          {
            listName: r.listName,
            listSlug: r.listSlug,
            raw: r.raw,
            item: r.item,
            price: r.price === null ? null : Number(r.price),
            currency: r.currency,
            unit: r.unit,
            changedAt: r.changedAt === null ? null : Number(r.changedAt),
            checkedAt: r.checkedAt === null ? null : Number(r.checkedAt),
          },
        ]),
      );
    },
  };
}
