import { type RawBuilder, sql } from 'kysely';
import { tradeAccess } from '../../../db/sealed-contents';
import { type SearchTerms, searchTermsQuery, searchTermsRelation } from '../../../db/search-queries';
import type { DB } from '../../plugins/db';

/**
 * How much one comparison reads (docs/decisions/0205): at most `lists` lists' search rows hold the
 * words (the first `probedLists` read in order before the GIN index is asked, as /explore's search
 * by item does, docs/decisions/0192), and at most `lines` of their current lines are answered.
 */
export const COMPARE_LIMITS = { lists: 200, probedLists: 1000, lines: 200 };

/** A current line that holds the item, with its list, its business and how fresh its list is. */
export interface MatchingLine {
  handle: string;
  displayName: string;
  listName: string;
  listSlug: string;
  raw: string;
  item: string | null;
  price: number | null;
  currency: string | null;
  unit: string | null;
  fileChangedAt: number | null;
  checkedAt: number | null;
}

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** All SQL of comparing one item across suppliers: reads of list_search, list_lines and their lists. */
export function compareRepository(db: DB, limits = COMPARE_LIMITS) {
  return {
    /** The item's words as tsqueries, typos forgiven by the directory's words (db/search-queries.ts). */
    async searchTerms(item: string): Promise<SearchTerms> {
      const { rows } = await searchTermsQuery(item).execute(db);
      return rows[0] ?? { fuzzy: null, closest: null, exact: null };
    },

    /**
     * The current lines holding the words, of the lists `viewerId` may read (public, or trade-only
     * with access: tradeAccess, docs/decisions/0180), best match first; with `following`, only of
     * the businesses the viewer follows under their current handle. `limited`: more lists or lines
     * matched than one answer reads.
     */
    async matchingLines(
      terms: SearchTerms,
      viewerId: string | null,
      following: boolean,
    ): Promise<{ lines: MatchingLine[]; limited: boolean }> {
      if (terms.fuzzy === null) return { lines: [], limited: false };
      // A sub-select keeps the words from the planner, which then asks the GIN index (docs/decisions/0200).
      const readable = (searchRows: RawBuilder<unknown>) => sql`
        select s.list_id, s.line_ids, s.line_documents
        from ${searchRows} s join lists readable on readable.id = s.list_id
          and (readable.audience = 'public' or ${tradeAccess(sql.ref('readable.user_id'), viewerId)})
        where s.document @@ (select ${terms.fuzzy}::tsquery)`;
      const listsLimit = sql.lit(limits.lists + 1);
      // The lists to read lines from: the followed businesses' lists, or every list, read in order
      // first and through the index only when those hold too few (docs/decisions/0192).
      const found = following
        ? sql`
          found as (
            ${readable(sql`(
              select s.* from follows f
              join handles h on h.handle = f.handle and h.user_id = f.followed_user_id
              join list_search s on s.user_id = f.followed_user_id
              where f.follower_id = ${viewerId}::uuid)`)}
            limit ${listsLimit}
          )`
        : sql`
          probed as (
            ${readable(sql`(select * from list_search order by list_id limit ${sql.lit(limits.probedLists)})`)}
            limit ${listsLimit}
          ),
          found as (
            select * from probed where (select count(*) from probed) = ${listsLimit}
            union all
            (${readable(sql`list_search`)} and (select count(*) from probed) < ${listsLimit}
             limit ${listsLimit})
          )`;
      const { rows } = await sql<{
        listsFound: string | number;
        handle: string;
        displayName: string;
        listName: string;
        listSlug: string;
        raw: string;
        item: string | null;
        price: string | number | null;
        currency: string | null;
        unit: string | null;
        fileChangedAt: string | number | null;
        checkedAt: string | number | null;
      }>`
        with query as (${searchTermsRelation(terms)}),
        ${found},
        chosen as (select * from found order by list_id limit ${sql.lit(limits.lists)}),
        -- The lines from the lists' search rows, not their scattered rows (docs/decisions/0192), list
        -- by list until enough: unranked, since the answer is ordered by unit price.
        matched as (
          select line.id
          from chosen c
          cross join lateral unnest(c.line_ids, c.line_documents) as line(id, document)
          where line.document @@ (select fuzzy from query)
          limit ${sql.lit(limits.lines + 1)}
        )
        select (select count(*) from found) as "listsFound", h.handle, u.display_name as "displayName",
          li.name as "listName", li.slug as "listSlug", l.raw, l.item, l.price, l.currency, l.unit,
          s.seen_at as "fileChangedAt", s.checked_at as "checkedAt"
        from matched m
        join list_lines l on l.id = m.id and l.current
        join lists li on li.id = l.list_id and (li.audience = 'public' or ${tradeAccess(sql.ref('li.user_id'), viewerId)})
        join handles h on h.user_id = li.user_id
        join users u on u.id = li.user_id
        left join lateral (
          select seen_at, checked_at from list_snapshots
          where list_id = li.id and state = 'read' order by seen_at desc, id desc limit 1
        ) s on true
        order by li.id, l.id`.execute(db);
      const limited = rows.length > limits.lines || Number(rows[0]?.listsFound ?? 0) > limits.lists;
      return {
        limited,
        lines: rows.slice(0, limits.lines).map(({ listsFound: _, ...r }) => ({
          ...r,
          price: numberOrNull(r.price),
          fileChangedAt: numberOrNull(r.fileChangedAt),
          checkedAt: numberOrNull(r.checkedAt),
        })),
      };
    },
  };
}
