import { type Expression, type SqlBool, sql } from 'kysely';
import type { Cursor } from '../../../core/feed';
import type { DB } from '../../plugins/db';

export interface PostRow {
  id: number;
  handle: string;
  url: string;
  description: string;
  createdAt: number;
}

/** `(created_at, id) < cursor`: strictly older than the last item seen, ties broken by id. */
function olderThan(cursor: Cursor | null, createdAt: string, id: string): Expression<SqlBool> {
  if (!cursor) return sql<SqlBool>`true`;
  return sql<SqlBool>`(${sql.ref(createdAt)}, ${sql.ref(id)}) < (${cursor.createdAt}, ${cursor.id})`;
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
                  .where(olderThan(cursor, 'p.created_at', 'p.id'))
                  .orderBy('p.created_at', 'desc')
                  .orderBy('p.id', 'desc')
                  .limit(limit)
                  .as('top'),
              (j) => j.onTrue(),
            )
            .select(['top.id', 'top.created_at'])
            .where('f.follower_id', '=', readerId)
            .orderBy('top.created_at', 'desc')
            .orderBy('top.id', 'desc')
            .limit(limit)
            .as('page'),
        )
        .innerJoin('posts as p', 'p.id', 'page.id')
        .select(['p.id', 'p.handle', 'p.url', 'p.description', 'p.created_at as createdAt'])
        .orderBy('page.created_at', 'desc')
        .orderBy('page.id', 'desc')
        .execute();
    },

    async followingCount(readerId: string): Promise<number> {
      const row = await db
        .selectFrom('follows')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('follower_id', '=', readerId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type FeedRepository = ReturnType<typeof feedRepository>;
