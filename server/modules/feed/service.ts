import { type Cursor, encodeCursor, FEED_PAGE_SIZE, type FeedPage, MAX_PAGE_SIZE } from '../../../core/feed';
import type { DB } from '../../plugins/db';
import { feedRepository } from './repository';

/** The reader's feed: newest posts across every followed handle, in exact keyset pages. */
export function feedService(db: DB) {
  const repo = feedRepository(db);
  return {
    /**
     * One page after `cursor` (null: the newest). `nextCursor` is null on the last page. Asks for
     * one row more than the page to know whether another page exists without a count.
     */
    async page(readerId: string, cursor: Cursor | null = null, limit = FEED_PAGE_SIZE): Promise<FeedPage> {
      const size = Math.min(Math.max(1, Math.floor(limit)), MAX_PAGE_SIZE);
      const rows = await repo.feedPage(readerId, cursor, size + 1);
      const posts = rows.slice(0, size);
      const last = posts.at(-1);
      return {
        posts,
        nextCursor: rows.length > size && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
      };
    },

    followingCount(readerId: string): Promise<number> {
      return repo.followingCount(readerId);
    },
  };
}

export type FeedService = ReturnType<typeof feedService>;
