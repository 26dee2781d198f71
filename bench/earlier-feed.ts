import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

type DB = Kysely<Database>;

export const FEED_PAGE_SIZE = 10;
/** Firestore's 'in' filter took at most 10 values. */
export const EARLIER_CHUNK_SIZE = 10;

export interface FeedRow {
  id: number;
  handle: string;
  url: string;
  description: string;
  created_at: number;
}

/** Where the previous page ended: its last post's time and id (newest first). */
export interface FeedCursor {
  createdAt: number;
  id: number;
}

export const newestFirst = (a: FeedRow, b: FeedRow) => b.created_at - a.created_at || b.id - a.id;

/**
 * The earlier build's feed (spec section 7), on our tables: list the followed handles, then one
 * query per chunk of 10 handles, newest first, and merge and sort in the process.
 *
 * - Up to 10 follows it was one query with cursor pagination (Firestore's startAfter): page p
 *   is `handle in (…) and (time, id) < cursor … limit 10`.
 * - Over 10 follows it fetched each chunk's newest 10, merged, sorted and offered no "load more".
 *   It could not reach page 2. To page p deep faithfully each chunk must return its newest
 *   p × 10 posts (any one chunk may hold all of them), then the merged list is sliced; that is
 *   the smallest extension of its algorithm that gives the right page, so it flatters it.
 *
 * The chunk queries run concurrently, as the earlier client fired them together.
 */
export async function earlierFeedPage(db: DB, userId: string, page: number, cursor: FeedCursor | null): Promise<FeedRow[]> {
  const follows = await db.selectFrom('follows').select('handle').where('follower_id', '=', userId).execute();
  const handles = follows.map((f) => f.handle);
  if (handles.length === 0) return [];
  const columns = ['id', 'handle', 'url', 'description', 'created_at'] as const;

  if (handles.length <= EARLIER_CHUNK_SIZE) {
    // Newest versions only, as the app shows them (ADR 0101): the same answer, so the same work to compare.
    let query = db.selectFrom('posts').select(columns).where('handle', 'in', handles).where(sql<boolean>`newest`);
    if (page > 1) {
      if (!cursor) throw new Error('the earlier build paged with a cursor');
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '<', cursor.createdAt),
          eb.and([eb('created_at', '=', cursor.createdAt), eb('id', '<', cursor.id)]),
        ]),
      );
    }
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(FEED_PAGE_SIZE).execute();
  }

  const needed = page * FEED_PAGE_SIZE;
  const chunks: string[][] = [];
  for (let i = 0; i < handles.length; i += EARLIER_CHUNK_SIZE) chunks.push(handles.slice(i, i + EARLIER_CHUNK_SIZE));
  const results = await Promise.all(
    chunks.map((chunk) =>
      db
        .selectFrom('posts')
        .select(columns)
        .where('handle', 'in', chunk)
        .where(sql<boolean>`newest`)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(needed)
        .execute(),
    ),
  );
  return results
    .flat()
    .sort(newestFirst)
    .slice(needed - FEED_PAGE_SIZE, needed);
}
