import { type Cursor, encodeCursor, FEED_PAGE_SIZE, type FeedPage, MAX_PAGE_SIZE, publicPost } from '../../../core/feed';
import { keysetPage } from '../../../core/keyset';
import type { DB } from '../../plugins/db';
import { feedRepository } from './repository';

/**
 * How the feed chooses its query (docs/decisions/0061). From this many follows it first walks
 * everybody's newest posts; below it one index descent per follow is cheaper than any walk.
 */
export const WALK_FROM_FOLLOWS = 32;
/**
 * The walk reads at most this many index entries per follow before handing over to the
 * per-follow query: an entry costs ~0.2 µs and a per-follow descent ~20-50 µs, so a walk that
 * finds too little costs about what the per-follow query does, and a reader of quiet handles
 * pays at most about twice that.
 */
export const WALK_PER_FOLLOW = 100;
/** How many readers with few follows the service remembers, to skip a walk that cannot fill a page. */
const FEW_FOLLOWS_REMEMBERED = 10_000;

export interface FeedOptions {
  /** Tests change these to walk with a handful of follows through a shared database. */
  walkFromFollows?: number;
  walkPerFollow?: number;
}

/** The reader's feed: newest posts across every followed handle, in exact keyset pages. */
export function feedService(db: DB, options: FeedOptions = {}) {
  const repo = feedRepository(db);
  const walk = {
    walkFromFollows: options.walkFromFollows ?? WALK_FROM_FOLLOWS,
    walkPerFollow: options.walkPerFollow ?? WALK_PER_FOLLOW,
  };

  /**
   * Readers last seen with fewer follows than a walk needs: they go straight to the per-follow
   * query. Only a hint (both queries are exact), refreshed whenever a count comes back, and bounded.
   */
  const fewFollows = new Set<string>();
  function remember(readerId: string, followingCount: number) {
    fewFollows.delete(readerId);
    if (followingCount >= walk.walkFromFollows) return;
    fewFollows.add(readerId);
    if (fewFollows.size > FEW_FOLLOWS_REMEMBERED) fewFollows.delete(fewFollows.values().next().value!);
  }

  async function newest(readerId: string, cursor: Cursor | null, want: number) {
    if (!fewFollows.has(readerId)) {
      const walked = await repo.recentFeedPage(readerId, cursor, want, walk);
      if (walked.length === want) return { rows: walked, followingCount: walked[0]!.followingCount };
    }
    return { rows: await repo.feedPage(readerId, cursor, want), followingCount: null };
  }

  return {
    /**
     * One page after `cursor` (null: the newest, which also says how many handles the reader
     * follows). `nextCursor` is null on the last page. Asks for one row more than the page to know
     * whether another page exists without a count.
     */
    async page(readerId: string, cursor: Cursor | null = null, limit = FEED_PAGE_SIZE): Promise<FeedPage> {
      const size = Math.min(Math.max(1, Math.floor(limit)), MAX_PAGE_SIZE);
      const { rows, followingCount } = await newest(readerId, cursor, size + 1);
      const { items, nextCursor } = keysetPage(rows, size, (last) => encodeCursor({ createdAt: last.createdAt, id: last.id }));
      const page = {
        posts: items.map(publicPost),
        nextCursor,
      };
      if (cursor) return page;
      const count = followingCount ?? (await repo.followingCount(readerId));
      remember(readerId, count);
      return { ...page, followingCount: count };
    },
  };
}

export type FeedService = ReturnType<typeof feedService>;
