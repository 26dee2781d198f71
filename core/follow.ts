import { z } from 'zod';
import { BELL_CADENCES, BELLS } from './follow-bell-text';
import { keysetCursor } from './keyset';

export const FOLLOW_LIST_PAGE_SIZE = 50;

export const FOLLOW_MESSAGES = {
  self: 'You cannot follow yourself.',
  noSuchHandle: 'This handle does not exist.',
  noFollowers: 'No one is following you yet.',
  noFollowing: "You're not following anyone yet.",
} as const;

/** A position in a newest-first list of follows: (followed_at, a handle or user id). */
export interface FollowCursor {
  followedAt: number;
  key: string;
}

const cursors = keysetCursor<FollowCursor>({
  keyPattern: '[a-z0-9-]{1,36}',
  toKeyset: (cursor) => ({ time: cursor.followedAt, key: cursor.key }),
  fromKeyset: (time, key) => ({ followedAt: time, key }),
});

export const encodeFollowCursor = cursors.encode;
export const decodeFollowCursor = cursors.decode;
export const followCursorParamSchema = cursors.param;

/**
 * After an unfollow, `keepsTradeAccess` says the reader still opens the business's trade-only lists:
 * access is the supplier's approval, a follow only the reader's feed (docs/decisions/0213).
 */
export const followStateSchema = z.object({
  handle: z.string(),
  following: z.boolean(),
  keepsTradeAccess: z.boolean().optional(),
});
export type FollowState = z.infer<typeof followStateSchema>;

/**
 * A page of the followers shown by name (spec 2, /followers): those who agreed in Settings, and
 * holders of a public handle unless they chose otherwise (issue 32), with their business and
 * whether they have trade access; and how many people follow in all, and how many are not shown.
 */
export const followersPageSchema = z.object({
  followers: z.array(
    z.object({
      handle: z.string().nullable(),
      displayName: z.string(),
      businessName: z.string().nullable(),
      tradeAccess: z.boolean(),
      followedAt: z.number(),
    }),
  ),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
  othersCount: z.number().int(),
});
export type FollowersPage = z.infer<typeof followersPageSchema>;

/** A followed handle; display name and last post are null when the handle was deleted since. */
export const followingPageSchema = z.object({
  following: z.array(
    z.object({
      handle: z.string(),
      displayName: z.string().nullable(),
      followedAt: z.number(),
      lastPostAt: z.number().nullable(),
      /** What the reader hears of it, and how often (docs/decisions/0214). */
      bell: z.enum(BELLS),
      movePercent: z.number().nullable(),
      cadence: z.enum(BELL_CADENCES).nullable(),
    }),
  ),
  nextCursor: z.string().nullable(),
});
export type FollowingPage = z.infer<typeof followingPageSchema>;
