import { z } from 'zod';
import { logoPath, logoSchema } from './business-profile';
import { keysetCursor } from './keyset';
import { type Audience, audienceSchema } from './trade';

/** Spec 9: feed page size 10, profile page size 5 (load more adds 5). */
export const FEED_PAGE_SIZE = 10;
export const PROFILE_PAGE_SIZE = 5;
/** Below this many follows the feed shows the 'tell your friends' hint (spec 9). */
export const FEED_HINT_FOLLOW_COUNT = 5;
/** The most a caller may ask for in one page: a bound on the work one request can cause. */
export const MAX_PAGE_SIZE = 50;

/** A position in a newest-first list: the last item seen, by (time, id); the feed's time is its feed time (moved up for an update). */
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
  /** Public, or trade only: its contents then only for followers its owner approved (docs/decisions/0180). */
  audience: audienceSchema,
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
  /**
   * A trade-only list the viewer may not read: its name, business and time only; the link,
   * description, dates and versions are blank.
   */
  locked: z.boolean(),
  /** When the list's file last changed, as the link watcher learned it from the file (issue 29); null: not known. */
  fileChangedAt: z.number().nullable(),
  /** The link watcher finds the list's file private, gone, or unreachable for a day: "This list may be unavailable". */
  unavailable: z.boolean(),
  /** The business behind the handle, where a page shows many businesses (the feed's cards, issue 31). */
  business: z.object({ displayName: z.string(), logo: logoSchema.nullable() }).optional(),
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
  audience: Audience;
  /** The viewer may not read this trade-only list's contents (they are blank in the row). */
  locked: boolean;
  /** The feed's order: when it was posted, or when its list moved up for an update (the feed's query only). */
  feedAt?: number | null;
  /** What the link watcher learned of the version's file (link_checks); absent where a query does not read it. */
  fileChangedAt?: number | null;
  unavailable?: boolean | null;
  /** The holder's display name and logo, where the query reads them (the feed). */
  authorName?: string | null;
  logoVersion?: string | null;
  logoWidth?: number | null;
  logoHeight?: number | null;
}

/** The business of a row that carries it (the feed's), as cards show it. */
function businessOf(row: PostRow): PublicPost['business'] {
  if (row.authorName === undefined || row.authorName === null) return undefined;
  const logo =
    row.logoVersion && row.logoWidth && row.logoHeight
      ? { url: logoPath(row.handle, row.logoVersion), width: row.logoWidth, height: row.logoHeight }
      : null;
  return { displayName: row.authorName, logo };
}

/** What the watcher learned, as a card shows it (the newest version only: earlier ones have none). */
const fileState = (row: PostRow) => ({
  fileChangedAt: row.fileChangedAt === null || row.fileChangedAt === undefined ? null : Number(row.fileChangedAt),
  unavailable: row.unavailable === true,
});

/** The public shape of a post row (extra columns, such as an open count, are left to the caller). */
export function publicPost(row: PostRow): PublicPost {
  const business = businessOf(row);
  const post = row.locked ? lockedPost(row) : openPost(row);
  return business ? { ...post, business } : post;
}

function openPost(row: PostRow): PublicPost {
  return {
    id: row.id,
    handle: row.handle,
    url: row.url,
    description: row.description,
    createdAt: row.createdAt,
    editedAt: row.editedAt,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    list: { id: row.listId, slug: row.listSlug, name: row.listName, versions: Number(row.versions ?? 1), audience: row.audience },
    locked: false,
    ...fileState(row),
  };
}

/** A trade-only list as a person without access sees it: that it exists, whose it is, when it changed. */
function lockedPost(row: PostRow): PublicPost {
  return {
    id: row.id,
    handle: row.handle,
    url: '',
    description: '',
    createdAt: row.createdAt,
    editedAt: null,
    validFrom: null,
    validUntil: null,
    list: { id: row.listId, slug: row.listSlug, name: row.listName, versions: 1, audience: 'trade' },
    locked: true,
    // Nothing of its file either: when it changed, whether it opens (docs/decisions/0180).
    fileChangedAt: null,
    unavailable: false,
  };
}
