import { type RawBuilder, sql } from 'kysely';
import type { Cursor, PostRow } from '../../../core/feed';
import { CONTENT_COLUMNS_SQL, readableContentsSql } from '../../../db/sealed-contents';
import { type DB, prepared } from '../../plugins/db';
import type { SessionLookup, SessionRow } from '../../plugins/session';
import { SESSION_COLUMNS, sessionRowSql } from '../auth/session-sql';

/**
 * The columns of a feed card, read for a page's winners only: the post, its list, how many
 * versions the list has (an index-only count on (list_id, created_at, id)), and the business's name
 * and logo (two primary-key probes a card, issue 31).
 */
const CARD_COLUMNS = sql`p.id, p.handle, p.created_at as "createdAt", p.edited_at as "editedAt", page.feed_at as "feedAt",
  l.id as "listId", l.slug as "listSlug", l.name as "listName",
  (select u.display_name from users u where u.id = p.user_id) as "authorName",
  (select pl.version from profile_logos pl where pl.user_id = p.user_id) as "logoVersion",
  (select pl.width from profile_logos pl where pl.user_id = p.user_id) as "logoWidth",
  (select pl.height from profile_logos pl where pl.user_id = p.user_id) as "logoHeight",
  (select count(*) from posts v where v.list_id = p.list_id) as versions,
  (select c.file_changed_at from link_checks c where c.list_id = p.list_id and c.post_id = p.id) as "fileChangedAt",
  (select c.broken from link_checks c where c.list_id = p.list_id and c.post_id = p.id) as unavailable, ${CONTENT_COLUMNS_SQL}`;

/** When a post counts in the feed: when it was posted, or when its list last moved up for an update (migration 2150). */
const feedTime = (p: 't' | 'p') => sql.raw(`coalesce(${p}.moved_at, ${p}.created_at)`);

/** How the page query chooses between walking recent posts and one descent per follow (docs/decisions/0061). */
export interface WalkSettings {
  /** From this many follows the walk runs; below it the walk reads nothing. */
  walkFromFollows: number;
  /** The walk reads at most this many index entries per follow. */
  walkPerFollow: number;
}

/**
 * A page size or walk setting written into the SQL rather than sent as a parameter: with a known
 * LIMIT the planner's generic plan costs what the custom ones do, so PostgreSQL switches a
 * prepared statement to it and stops planning every call (~0.2 ms of the walk's ~0.5 ms,
 * docs/decisions/0064). The values are a handful of integers, so the statements stay few.
 */
function literal(n: number) {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a page size: ${n}`);
  return sql.lit(n);
}

/**
 * The whole page in one statement (docs/decisions/0107), `reader` being an expression for the
 * reader's id:
 * - `followed` counts the reader's follows (the follows primary key, index-only).
 * Only each list's newest version counts (`newest`): earlier versions fold under it.
 * - `walked` walks everybody's posts newest first by feed time (the (coalesce(moved_at, created_at), id) index), at most
 *   `walkPerFollow` entries per follow and none below `walkFromFollows` follows, keeping those of
 *   live follows: the followed handles become one hash table (`coalesce` keeps the planner from
 *   turning it into a join, which would sort everything), and only posts whose handle is in it
 *   have the follow and its liveness checked by key. Exact when it finds `limit` rows; its cost is
 *   limit ÷ (share of recent posts the reader follows), whatever the follow count.
 * - Otherwise `per_follow` takes at most `limit` posts per live follow from the (handle,
 *   feed time, id) index and merges them (docs/decisions/0020). Its condition on the walk's count
 *   is a one-time filter: when the walk filled the page, PostgreSQL never starts it.
 * The page's own columns are read for the winners only. One row comes back even for an empty
 * page, carrying the follow count (its post columns null).
 */
export function feedPageSql(reader: RawBuilder<string>, cursor: Cursor | null, limit: number, walk: WalkSettings) {
  // The feed's time, as its indexes have it (migration 2150): the cursor carries it as its time.
  const after = (p: 't' | 'p') =>
    cursor ? sql`(${feedTime(p)}, ${sql.ref(`${p}.id`)}) < (${cursor.createdAt}, ${cursor.id})` : sql`true`;
  return sql`
    followed as (select count(*) as n from follows where follower_id = ${reader}),
    walked as materialized (
      select w.id, w.feed_at from (
        select t.id, ${feedTime('t')} as feed_at, t.handle, t.user_id from posts t
        where t.newest and ${after('t')}
        order by ${feedTime('t')} desc, t.id desc
        limit (select case when n >= ${literal(walk.walkFromFollows)} then n * ${literal(walk.walkPerFollow)} else 0 end from followed)
      ) w
      where coalesce(w.handle in (select handle from follows where follower_id = ${reader}), false)
        and (
          select true from follows f
          join handles h on h.handle = f.handle and h.user_id = f.followed_user_id
          where f.follower_id = ${reader} and f.handle = w.handle and f.followed_user_id = w.user_id
        )
      order by w.feed_at desc, w.id desc
      limit ${literal(limit)}
    ),
    page as (
      select id, feed_at from walked where (select count(*) from walked) = ${literal(limit)}
      union all
      select * from (
        select top.id, top.feed_at
        from follows f
        join handles h on h.handle = f.handle and h.user_id = f.followed_user_id
        cross join lateral (
          select p.id, ${feedTime('p')} as feed_at from posts p
          where p.handle = f.handle and p.user_id = f.followed_user_id and p.newest and ${after('p')}
          order by ${feedTime('p')} desc, p.id desc
          limit ${literal(limit)}
        ) top
        where f.follower_id = ${reader} and (select count(*) from walked) < ${literal(limit)}
        order by top.feed_at desc, top.id desc
        limit ${literal(limit)}
      ) per_follow
    ),
    feed as (
      select (select n from followed)::int as "followingCount", ${CARD_COLUMNS}
      from (select ${reader} as reader_id) as one
      left join (page join posts p on p.id = page.id join lists l on l.id = p.list_id) on true
      -- Trade-only lists open for a reader with access (docs/decisions/0180); a column, so the function inlines.
      left join lateral ${readableContentsSql(sql.ref('one.reader_id'))} on tc.post_id = p.id
    )`;
}

export interface FeedRows {
  followingCount: number;
  rows: PostRow[];
}

/** A row of the page query: the follow count, and a post's columns (all null for an empty page). */
type FeedRow = { followingCount: number } & { [K in keyof PostRow]: PostRow[K] | null };

/** Splits the page query's rows: the follow count on each, the post columns null for an empty page. */
export function feedRows(rows: FeedRow[]): FeedRows {
  return {
    followingCount: rows[0]?.followingCount ?? 0,
    rows: rows.flatMap(({ followingCount: _, ...post }) => (post.id === null ? [] : [post as PostRow])),
  };
}

/** All SQL of the feed: the newest posts across every handle a reader follows. */
export function feedRepository(db: DB) {
  return {
    /**
     * The list's newest version moves up to `at` in the feeds (never down). A trade-only list stays
     * where it is: readers without access see nothing of its file (docs/decisions/0181).
     */
    async moveListUp(listId: number, at: number): Promise<void> {
      await sql`
        update posts p set moved_at = ${at}::bigint
        where p.list_id = ${listId}::bigint and p.newest and coalesce(p.moved_at, p.created_at) < ${at}::bigint
          and not exists (select 1 from lists l where l.id = p.list_id and l.audience = 'trade')`.execute(db);
    },

    /** One page (`limit` rows at most) after `cursor`, and how many handles the reader follows, live or not. */
    async page(readerId: string, cursor: Cursor | null, limit: number, walk: WalkSettings): Promise<FeedRows> {
      const result = await sql<FeedRow>`
        with ${feedPageSql(sql`${readerId}::uuid`, cursor, limit, walk)}
        select * from feed
        order by "feedAt" desc nulls last, id desc
        ${prepared}`.execute(db);
      return feedRows(result.rows);
    },

    /**
     * The page of whoever the session belongs to, checking the session in the same statement
     * (docs/decisions/0107): no rows when it is not live, else the session row on every row.
     */
    async pageWithSession(
      lookup: SessionLookup,
      cursor: Cursor | null,
      limit: number,
      walk: WalkSettings,
    ): Promise<{ session: SessionRow | undefined; feed: FeedRows }> {
      type Row = FeedRow & Omit<SessionRow, 'handle'> & { sessionHandle: string | null };
      const result = await sql<Row>`
        with session as (${sessionRowSql(lookup)}),
        ${feedPageSql(sql`(select "userId" from session)`, cursor, limit, walk)}
        select ${SESSION_COLUMNS}, feed.*
        from session cross join feed
        order by feed."feedAt" desc nulls last, feed.id desc
        ${prepared}`.execute(db);
      const first = result.rows[0];
      if (!first) return { session: undefined, feed: { followingCount: 0, rows: [] } };
      const { sessionId, lastSeenAt, expiresAt, userId, email, displayName, admin, sessionHandle } = first;
      return {
        session: { sessionId, lastSeenAt, expiresAt, userId, email, displayName, admin, handle: sessionHandle },
        feed: feedRows(
          result.rows.map(
            ({
              sessionId: _s,
              lastSeenAt: _l,
              expiresAt: _e,
              userId: _u,
              email: _m,
              displayName: _d,
              admin: _a,
              sessionHandle: _h,
              ...row
            }) => row,
          ),
        ),
      };
    },
  };
}

export type FeedRepository = ReturnType<typeof feedRepository>;
