import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema';
import { FEED_PAGE_SIZE, type FeedCursor, type FeedRow } from './earlier-feed';

type DB = Kysely<Database>;

/** Newest versions only (a list's earlier versions fold, ADR 0101), after the cursor. */
const before = (cursor: FeedCursor | null) =>
  cursor
    ? sql`and posts.newest and (posts.created_at, posts.id) < (${cursor.createdAt}::bigint, ${cursor.id}::bigint)`
    : sql`and posts.newest`;

/** The same, on the feed's time (ADR 0155: a changed list moves up), which the feed's own index orders by. */
const beforeFeedTime = (cursor: FeedCursor | null) =>
  cursor
    ? sql`and posts.newest and (coalesce(posts.moved_at, posts.created_at), posts.id) < (${cursor.createdAt}::bigint, ${cursor.id}::bigint)`
    : sql`and posts.newest`;

/**
 * Candidates for the single best SQL of one feed page, given where the previous page ended, with
 * the app's meaning of a feed: follows whose handle is still held by the person followed, posts
 * that person made under it. The limit is the fastest of them, timed by the database itself
 * (EXPLAIN ANALYZE execution time: no planning, no network, no driver).
 */
export const LIMIT_CANDIDATES: Record<string, (userId: string, cursor: FeedCursor | null) => RawBuilder<FeedRow>> = {
  // At most one page per followed handle from the (handle, created_at, id) index, then merge.
  lateral: (userId, cursor) => sql<FeedRow>`
    select p.id, p.handle, p.url, p.description, p.created_at
    from follows f
    join handles h on h.handle = f.handle and h.user_id = f.followed_user_id
    cross join lateral (
      select posts.id, posts.handle, posts.url, posts.description, posts.created_at from posts
      where posts.handle = f.handle and posts.user_id = f.followed_user_id ${before(cursor)}
      order by posts.created_at desc, posts.id desc
      limit ${FEED_PAGE_SIZE}
    ) p
    where f.follower_id = ${userId}::uuid
    order by p.created_at desc, p.id desc
    limit ${FEED_PAGE_SIZE}`,
  // The same merge over (id, time) only, which the index alone answers (no heap visit per
  // handle), then the page's 10 rows by primary key.
  'lateral-index-only': (userId, cursor) => sql<FeedRow>`
    select p.id, p.handle, p.url, p.description, p.created_at from posts p
    where p.id in (
      select top.id from follows f
      join handles h on h.handle = f.handle and h.user_id = f.followed_user_id
      cross join lateral (
        select posts.id, posts.created_at from posts
        where posts.handle = f.handle and posts.user_id = f.followed_user_id ${before(cursor)}
        order by posts.created_at desc, posts.id desc
        limit ${FEED_PAGE_SIZE}
      ) top
      where f.follower_id = ${userId}::uuid
      order by top.created_at desc, top.id desc
      limit ${FEED_PAGE_SIZE}
    )
    order by p.created_at desc, p.id desc`,
  // Everybody's posts newest first from the feed-time index (migration 2150; the seed moves no
  // list, so its order is created_at's), keeping those whose handle is in the reader's follows
  // (one hash table) and whose follow is live: reads page ÷ (share of recent posts the reader
  // follows) index entries, whatever the follow count.
  'time-walk': (userId, cursor) => sql<FeedRow>`
    select p.id, p.handle, p.url, p.description, p.created_at from posts p
    where p.id in (
      select posts.id from posts
      where coalesce(posts.handle in (select handle from follows where follower_id = ${userId}::uuid), false)
        and (
          select true from follows f
          join handles h on h.handle = f.handle and h.user_id = f.followed_user_id
          where f.follower_id = ${userId}::uuid and f.handle = posts.handle and f.followed_user_id = posts.user_id
        ) ${beforeFeedTime(cursor)}
      order by coalesce(posts.moved_at, posts.created_at) desc, posts.id desc
      limit ${FEED_PAGE_SIZE}
    )
    order by p.created_at desc, p.id desc`,
  // The plain form: reads every post of every followed handle before sorting.
  in: (userId, cursor) => sql<FeedRow>`
    select posts.id, posts.handle, posts.url, posts.description, posts.created_at from posts
    where (posts.handle, posts.user_id) in (
      select f.handle, f.followed_user_id from follows f
      join handles h on h.handle = f.handle and h.user_id = f.followed_user_id
      where f.follower_id = ${userId}::uuid
    ) ${before(cursor)}
    order by posts.created_at desc, posts.id desc
    limit ${FEED_PAGE_SIZE}`,
};

/** The database's own execution time of one run of the query, in milliseconds. */
export async function explainAnalyzeMs(db: DB, query: RawBuilder<unknown>): Promise<number> {
  const result = await sql<{ 'QUERY PLAN': unknown }>`explain (analyze, timing off, format json) ${query}`.execute(db);
  const raw = result.rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ 'Execution Time': number }>;
  const ms = plan[0]?.['Execution Time'];
  if (typeof ms !== 'number') throw new Error('EXPLAIN ANALYZE gave no execution time');
  return ms;
}

/** The plan text, for the report (which index and join the winner used). */
export async function explainText(db: DB, query: RawBuilder<unknown>): Promise<string> {
  const result = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(db);
  return result.rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** The right answer by brute force: every followed post sorted, then the page sliced. */
export async function groundTruthPage(db: DB, userId: string, page: number): Promise<FeedRow[]> {
  const result = await sql<FeedRow>`
    select p.id, p.handle, p.url, p.description, p.created_at
    from follows f join posts p on p.handle = f.handle and p.newest
    where f.follower_id = ${userId}::uuid
    order by p.created_at desc, p.id desc
    offset ${(page - 1) * FEED_PAGE_SIZE} limit ${FEED_PAGE_SIZE}`.execute(db);
  return result.rows;
}
