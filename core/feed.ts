import { z } from 'zod';
import { keysetCursor } from './keyset';

/** Spec 9: feed page size 10, profile page size 5 (load more adds 5). */
export const FEED_PAGE_SIZE = 10;
export const PROFILE_PAGE_SIZE = 5;
/** Below this many follows the feed shows the 'tell your friends' hint (spec 9). */
export const FEED_HINT_FOLLOW_COUNT = 5;
/** The most a caller may ask for in one page: a bound on the work one request can cause. */
export const MAX_PAGE_SIZE = 50;

/** A position in a newest-first list: the last item seen, by (created_at, id). */
export interface Cursor {
  createdAt: number;
  id: number;
}

const cursors = keysetCursor<Cursor>({
  keyPattern: '\\d{1,15}',
  toKeyset: (cursor) => ({ time: cursor.createdAt, key: cursor.id }),
  fromKeyset: (time, key) => ({ createdAt: time, id: Number(key) }),
});

export const encodeCursor = cursors.encode;
export const decodeCursor = cursors.decode;
/** The `cursor` query parameter: absent for the first page. */
export const cursorParamSchema = cursors.param;

/** A post as anyone may see it: never the author's email or phone, never the open count. */
export const publicPostSchema = z.object({
  id: z.number(),
  handle: z.string(),
  url: z.string(),
  description: z.string(),
  createdAt: z.number(),
});
export type PublicPost = z.infer<typeof publicPostSchema>;

export const feedPageSchema = z.object({
  posts: z.array(publicPostSchema),
  nextCursor: z.string().nullable(),
  /** How many handles the reader follows (first page only). */
  followingCount: z.number().optional(),
});
export type FeedPage = z.infer<typeof feedPageSchema>;
