import { z } from 'zod';

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

const CURSOR_PATTERN = /^(\d{1,15})_(\d{1,15})$/;

export function encodeCursor(cursor: Cursor): string {
  return `${cursor.createdAt}_${cursor.id}`;
}

export function decodeCursor(raw: string): Cursor | null {
  const match = CURSOR_PATTERN.exec(raw);
  if (!match) return null;
  return { createdAt: Number(match[1]), id: Number(match[2]) };
}

export const CURSOR_MESSAGE = 'Invalid page cursor.';

/** The `cursor` query parameter: absent for the first page. */
export const cursorParamSchema = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined || raw === '') return null;
    const cursor = decodeCursor(raw);
    if (!cursor) {
      ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
      return z.NEVER;
    }
    return cursor;
  });

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
