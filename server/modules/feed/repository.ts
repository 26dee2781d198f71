import { sql } from 'kysely';
import type { Cursor, PostRow } from '../../../core/feed';
import { type DB, olderThan, prepared } from '../../plugins/db';

/**
 * The columns of a feed card, read for a page's winners only: the post, its list, and how many
 * versions the list has (an index-only count on (list_id, created_at, id)). feedPage names the same.
 */
const CARD_COLUMNS = sql`p.id, p.handle, p.url, p.description, p.created_at as "createdAt", p.edited_at as "editedAt",
  p.valid_from as "validFrom", p.valid_until as "validUntil", l.id as "listId", l.slug as "listSlug", l.name as "listName",
  (select count(*) from posts v where v.list_id = p.list_id) as versions`;

/**
 * A page size or walk setting written into the SQL rather than sent as a parameter: with a known
 * LIMIT the planner's generic plan costs what the custom ones do, so PostgreSQL switches a
 * prepared statement to it and stops planning every call (~0.2 ms of the walk's ~0.5 ms,
 * docs/decisions/0064). The values are a handful of integers, so the statements stay few.
 */
function pageSize(n: number) {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a page size: ${n}`);
  return sql.lit(n);
}

/** All SQL of the feed: the newest posts across every handle a reader follows. */
export function feedRepository(db: DB) {
  return {
    /**
     * One page of the reader's feed, newest first. Fan-out on read: for each live follow take at
     * most `limit` posts from the (handle, created_at, id) index, then merge. The work is bounded by
     * follows x limit index entries, never by how many posts the followed handles ever made; the
     * page's own columns are read for the winners only. See docs/decisions/0020.
     */
    async feedPage(readerId: string, cursor: Cursor | null, limit: number): Promise<PostRow[]> {
      return db
        .selectFrom((eb) =>
          eb
            .selectFrom('follows as f')
            .innerJoin('handles as h', (j) => j.onRef('h.handle', '=', 'f.handle').onRef('h.user_id', '=', 'f.followed_user_id'))
            .innerJoinLateral(
              (lat) =>
                lat
                  .selectFrom('posts as p')
                  .select(['p.id', 'p.created_at'])
                  .whereRef('p.handle', '=', 'f.handle')
                  .whereRef('p.user_id', '=', 'f.followed_user_id')
                  .where(sql<boolean>`p.newest`)
                  .where(olderThan(['p.created_at', 'p.id'], cursor && [cursor.createdAt, cursor.id]))
                  .orderBy('p.created_at', 'desc')
                  .orderBy('p.id', 'desc')
                  .limit(pageSize(limit))
                  .as('top'),
              (j) => j.onTrue(),
            )
            .select(['top.id', 'top.created_at'])
            .where('f.follower_id', '=', readerId)
            .orderBy('top.created_at', 'desc')
            .orderBy('top.id', 'desc')
            .limit(pageSize(limit))
            .as('page'),
        )
        .innerJoin('posts as p', 'p.id', 'page.id')
        .innerJoin('lists as l', 'l.id', 'p.list_id')
        .select((eb) => [
          'p.id',
          'p.handle',
          'p.url',
          'p.description',
          'p.created_at as createdAt',
          'p.edited_at as editedAt',
          'p.valid_from as validFrom',
          'p.valid_until as validUntil',
          'l.id as listId',
          'l.slug as listSlug',
          'l.name as listName',
          eb
            .selectFrom('posts as v')
            .select((c) => c.fn.countAll<number>().as('n'))
            .whereRef('v.list_id', '=', 'p.list_id')
            .as('versions'),
        ])
        .orderBy('page.created_at', 'desc')
        .orderBy('page.id', 'desc')
        .modifyEnd(prepared)
        .execute();
    },

    /** How many handles the reader follows, live or not (the follows primary key, index-only). */
    async followingCount(readerId: string): Promise<number> {
      const row = await db
        .selectFrom('follows')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('follower_id', '=', readerId)
        .modifyEnd(prepared)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * One page by walking everybody's posts newest first (the (created_at, id) index) and keeping
     * those of the reader's live follows. The walk reads at most `walkPerFollow` index entries per
     * follow below the cursor, none below `walkFromFollows` follows. The followed handles become
     * one hash table (a hashed subplan: `coalesce` keeps the planner from turning it into a join,
     * which would sort everything); only posts whose handle is in it have the follow and its
     * liveness checked by key. Exact when it returns `limit` rows; fewer means the walk ran out and
     * the caller asks `feedPage`. Each row carries the reader's follow count (for the first page).
     * Cost: limit ÷ (share of recent posts the reader follows), whatever the follow count. See
     * docs/decisions/0061.
     */
    async recentFeedPage(
      readerId: string,
      cursor: Cursor | null,
      limit: number,
      walk: { walkFromFollows: number; walkPerFollow: number },
    ): Promise<Array<PostRow & { followingCount: number }>> {
      const result = await sql<PostRow & { followingCount: number }>`
        with followed as (select count(*) as n from follows where follower_id = ${readerId})
        select ${CARD_COLUMNS}, (select n from followed)::int as "followingCount"
        from (
          select w.id, w.created_at from (
            select t.id, t.created_at, t.handle, t.user_id from posts t
            where t.newest and ${olderThan(['t.created_at', 't.id'], cursor && [cursor.createdAt, cursor.id])}
            order by t.created_at desc, t.id desc
            limit (select case when n >= ${pageSize(walk.walkFromFollows)} then n * ${pageSize(walk.walkPerFollow)} else 0 end from followed)
          ) w
          where coalesce(w.handle in (select handle from follows where follower_id = ${readerId}), false)
            and (
              select true from follows f
              join handles h on h.handle = f.handle and h.user_id = f.followed_user_id
              where f.follower_id = ${readerId} and f.handle = w.handle and f.followed_user_id = w.user_id
            )
          order by w.created_at desc, w.id desc
          limit ${pageSize(limit)}
        ) page
        join posts p on p.id = page.id
        join lists l on l.id = p.list_id
        order by page.created_at desc, page.id desc
        ${prepared}`.execute(db);
      return result.rows;
    },
  };
}

export type FeedRepository = ReturnType<typeof feedRepository>;
