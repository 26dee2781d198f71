import { type RawBuilder, sql } from 'kysely';
import { areaQuery, RANKED_MATCHES, type SearchTerms, searchTermsQuery, searchTermsRelation } from '../../../db/search-queries';
import type { DB } from '../../plugins/db';

export interface DirectoryRow {
  handle: string;
  userId: string;
  displayName: string;
  logoVersion: string | null;
  trades: string[];
  area: string | null;
  lastPostAt: number | null;
  /** When a file behind one of its lists last changed, as the link watcher saw it (issue 29). */
  fileChangedAt: number | null;
  followerCount: number;
  following: boolean;
  isOwner: boolean;
}

export interface DirectorySearch {
  /** The search's words as tsqueries (`searchTerms`), or null to browse. */
  terms: SearchTerms | null;
  trade: string | null;
  area: string | null;
  /** A place the business serves (docs/decisions/0207): these keys, or none named. */
  deliversTo: { postcodePrefixes: string[]; town: string } | null;
  /** A weekday it delivers on: 'tue'. */
  day: string | null;
  viewerId: string | null;
  limit: number;
  offset: number;
  /** Owners whose current lists match the search by item, and how well (their best line). */
  itemMatches: { userId: string; rank: number }[];
}

/**
 * An item's match counts this much of a name's: an item line's words carry no weight class ('D',
 * 0.1) while names and handles are 'A' (1.0), so a name match still ranks first, and an item beats a
 * word in a bio ('C', 0.2) only when it matches better.
 */
const ITEM_WEIGHT = 2;

/** All SQL of the directory: reads of directory_entries (kept by triggers, db/migrations/1201-directory.ts). */
export function directoryRepository(db: DB) {
  return {
    /** The search's words as its three tsqueries, once for the directory's and the lists' statements. */
    async searchTerms(q: string): Promise<SearchTerms> {
      const { rows } = await searchTermsQuery(q).execute(db);
      return rows[0] ?? { fuzzy: null, closest: null, exact: null };
    },

    async search(search: DirectorySearch): Promise<DirectoryRow[]> {
      const filters: RawBuilder<unknown>[] = [sql`true`];
      if (search.trade) filters.push(sql`e.trades @> array[${search.trade}]::text[]`);
      if (search.area) filters.push(sql`e.area_document @@ ${areaQuery(search.area)}`);
      // Both on the delivery keys' GIN index (migration 2960); the town is folded as the trigger folds it.
      if (search.day) filters.push(sql`e.delivery_keys @> array[${`day:${search.day}`}]::text[]`);
      if (search.deliversTo) {
        const keys = ['area:any', ...search.deliversTo.postcodePrefixes.map((p) => `pc:${p}`)];
        filters.push(sql`e.delivery_keys && (${keys}::text[] || directory_town_key(${search.deliversTo.town}))`);
      }
      const where = sql.join(filters, sql` and `);
      // The page is chosen on directory_entries alone; names, logos and follows are read for its rows only.
      const order = search.terms
        ? sql`e.rank desc, e.follower_count desc, e.last_post_at desc nulls last, e.handle`
        : sql`e.last_post_at desc nulls last, e.handle`;
      const entry = sql`e.handle, e.user_id, e.trades, e.follower_count, e.last_post_at`;
      const page = search.terms
        ? sql`
            with query as (${searchTermsRelation(search.terms)}),
            -- Each match carries its entry's columns, so the page is sorted without looking each up again.
            names as (
              select ${entry}, ts_rank(e.document, q.exact) + ts_rank(e.document, q.closest) as rank
              from query q
              join directory_entries e on e.document @@ q.fuzzy
              where ${where}
              limit ${sql.lit(RANKED_MATCHES)}
            ),
            -- Owners whose current lists hold the words (docs/decisions/0163), ranked beside the names.
            items as (
              select ${entry}, i.rank * ${sql.lit(ITEM_WEIGHT)} as rank
              from unnest(${search.itemMatches.map((m) => m.userId)}::uuid[], ${search.itemMatches.map((m) => m.rank)}::float8[])
                as i(user_id, rank)
              join directory_entries e on e.user_id = i.user_id
              where ${where}
            )
            select * from (
              select m.handle, m.user_id, m.trades, m.follower_count, m.last_post_at, sum(m.rank) as rank
              from (select * from names union all select * from items) m
              group by m.user_id, m.handle, m.trades, m.follower_count, m.last_post_at
            ) e
            order by ${order}
            limit ${search.limit} offset ${search.offset}`
        : sql`
            select ${entry}
            from directory_entries e
            where ${where}
            order by ${order}
            limit ${search.limit} offset ${search.offset}`;
      const query = sql<DirectoryRow>`
        select e.handle, e.user_id as "userId", u.display_name as "displayName", l.version as "logoVersion", e.trades, u.area,
          e.last_post_at as "lastPostAt", e.follower_count as "followerCount",
          (select max(c.file_changed_at) from link_checks c where c.user_id = e.user_id) as "fileChangedAt",
          e.user_id = ${search.viewerId}::uuid as "isOwner",
          exists (select 1 from follows f where f.follower_id = ${search.viewerId}::uuid
                  and f.handle = e.handle and f.followed_user_id = e.user_id) as "following"
        from (${page}) e
        join users u on u.id = e.user_id
        left join profile_logos l on l.user_id = e.user_id
        order by ${order}`;
      const { rows } = await query.execute(db);
      return rows.map((row) => ({ ...row, isOwner: row.isOwner === true, following: row.following === true }));
    },
  };
}
