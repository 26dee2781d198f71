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

/** The list a post is a version of: its stable address's slug and how many versions it has now. */
export const postListSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  /** Live versions, this one included: more than one means earlier versions fold under the newest. */
  versions: z.number(),
});
export type PostList = z.infer<typeof postListSchema>;

/** A post as anyone may see it: never the author's email or phone, never the open count. */
export const publicPostSchema = z.object({
  id: z.number(),
  handle: z.string(),
  url: z.string(),
  description: z.string(),
  createdAt: z.number(),
  /** When the description was last edited (the post keeps its time); null if never. */
  editedAt: z.number().nullable(),
  /** Optional validity dates, YYYY-MM-DD. */
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  list: postListSchema,
});
export type PublicPost = z.infer<typeof publicPostSchema>;

export const feedPageSchema = z.object({
  posts: z.array(publicPostSchema),
  nextCursor: z.string().nullable(),
  /** How many handles the reader follows (first page only). */
  followingCount: z.number().optional(),
});
export type FeedPage = z.infer<typeof feedPageSchema>;

/** A post as the repositories read it: the list's columns flat beside the post's. */
export interface PostRow {
  id: number;
  handle: string;
  url: string;
  description: string;
  createdAt: number;
  editedAt: number | null;
  validFrom: string | null;
  validUntil: string | null;
  listId: number;
  listSlug: string;
  listName: string;
  /** A count subquery: never null in fact, typed so by the query builder. */
  versions: number | null;
}

/** The public shape of a post row (extra columns, such as an open count, are left to the caller). */
export function publicPost(row: PostRow): PublicPost {
  return {
    id: row.id,
    handle: row.handle,
    url: row.url,
    description: row.description,
    createdAt: row.createdAt,
    editedAt: row.editedAt,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    list: { id: row.listId, slug: row.listSlug, name: row.listName, versions: Number(row.versions ?? 1) },
  };
}
