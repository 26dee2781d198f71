import { type Cursor, encodeCursor, FEED_PAGE_SIZE, type FeedPage, MAX_PAGE_SIZE, publicPost } from '../../../core/feed';
import { keysetPage } from '../../../core/keyset';
import type { DB } from '../../plugins/db';
import type { SessionLookup, SessionRow } from '../../plugins/session';
import { type FeedRows, feedRepository, type WalkSettings } from './repository';

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

/** Tests change these to walk with a handful of follows through a shared database. */
export type FeedOptions = Partial<WalkSettings>;

/** The rows of one page after `cursor` as the API sends it; the first page says how many handles the reader follows. */
export function feedPageOf({ rows, followingCount }: FeedRows, cursor: Cursor | null, size: number): FeedPage {
  const { items, nextCursor } = keysetPage(rows, size, (last) =>
    encodeCursor({ createdAt: last.feedAt ?? last.createdAt, id: last.id }),
  );
  const page = {
    posts: items.map(publicPost),
    nextCursor,
  };
  return cursor ? page : { ...page, followingCount };
}

/** The reader's feed: newest posts across every followed handle, in exact keyset pages. */
export function feedService(db: DB, options: FeedOptions = {}) {
  const repo = feedRepository(db);
  const walk: WalkSettings = {
    walkFromFollows: options.walkFromFollows ?? WALK_FROM_FOLLOWS,
    walkPerFollow: options.walkPerFollow ?? WALK_PER_FOLLOW,
  };
  const pageSize = (limit: number) => Math.min(Math.max(1, Math.floor(limit)), MAX_PAGE_SIZE);

  return {
    /**
     * One page after `cursor` (null: the newest, which also says how many handles the reader
     * follows). `nextCursor` is null on the last page. Asks for one row more than the page to know
     * whether another page exists without a count. One statement (docs/decisions/0107).
     */
    async page(readerId: string, cursor: Cursor | null = null, limit = FEED_PAGE_SIZE): Promise<FeedPage> {
      const size = pageSize(limit);
      return feedPageOf(await repo.page(readerId, cursor, size + 1, walk), cursor, size);
    },

    /** The same page for whoever holds the session, found in the same statement; no session, no page. */
    async pageWithSession(
      lookup: SessionLookup,
      cursor: Cursor | null = null,
      limit = FEED_PAGE_SIZE,
    ): Promise<{ session: SessionRow | undefined; page: FeedPage | undefined }> {
      const size = pageSize(limit);
      const { session, feed } = await repo.pageWithSession(lookup, cursor, size + 1, walk);
      return { session, page: session && feedPageOf(feed, cursor, size) };
    },
  };
}

export type FeedService = ReturnType<typeof feedService>;

/**
 * A list's file changed and its followers are told so (issue 29 §3): the list moves up in their
 * feeds as an update, the same card once, not a new one (docs/decisions/0155).
 */
export async function moveUpdatedListUp(db: DB, change: { listId: number }, at = Date.now()): Promise<void> {
  await feedRepository(db).moveListUp(change.listId, at);
}
