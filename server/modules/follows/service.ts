import {
  encodeFollowCursor,
  FOLLOW_LIST_PAGE_SIZE,
  FOLLOW_MESSAGES,
  type FollowCursor,
  type FollowersPage,
  type FollowingPage,
  type FollowState,
} from '../../../core/follow';
import type { FollowBell, FollowBellUpdate } from '../../../core/follow-bell';
import { BELL_MESSAGES } from '../../../core/follow-bell-text';
import { keysetPage } from '../../../core/keyset';
import type { AccessChanged } from '../../access-changed';
import { badRequest, notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { followsRepository } from './repository';

/** A page of follows, without the key that only the cursor needs. */
function toPage<T extends { followedAt: number; key: string }>(rows: T[], limit: number) {
  const { items, nextCursor } = keysetPage(rows, limit, (last) =>
    encodeFollowCursor({ followedAt: last.followedAt, key: last.key }),
  );
  return { items: items.map(({ key: _key, ...rest }) => rest), nextCursor };
}

/**
 * Following and unfollowing handles; both are idempotent. `accessChanged` hears of each, in its
 * transaction: a follow changes which lists a person's alerts for businesses followed watch.
 */
export function followsService(db: DB, accessChanged?: AccessChanged) {
  const repo = followsRepository(db);
  // A follow made inside another change (a trade request) is part of its transaction.
  const inTransaction = <T>(work: (trx: DB) => Promise<T>) => (db.isTransaction ? work(db) : db.transaction().execute(work));
  return {
    async follow(followerId: string, handle: string): Promise<FollowState> {
      return inTransaction(async (trx) => {
        const holder = await followsRepository(trx).follow(followerId, handle, Date.now());
        if (holder === undefined) throw notFound(FOLLOW_MESSAGES.noSuchHandle);
        if (holder === followerId) throw badRequest(FOLLOW_MESSAGES.self);
        await accessChanged?.({ ownerId: holder, userId: followerId }, trx);
        return { handle, following: true };
      });
    },

    /** Unfollowing leaves trade access as the business gave it, and says so (docs/decisions/0213). */
    async unfollow(followerId: string, handle: string): Promise<FollowState> {
      await inTransaction(async (trx) => {
        const owner = await followsRepository(trx).unfollow(followerId, handle);
        if (owner !== undefined) await accessChanged?.({ ownerId: owner, userId: followerId }, trx);
      });
      return { handle, following: false, keepsTradeAccess: await repo.hasTradeAccess(followerId, handle) };
    },

    /** The reader's bell for a business they follow (404 when they do not follow it). */
    async bell(followerId: string, handle: string): Promise<FollowBell> {
      const bell = await repo.bellOf(followerId, handle);
      if (!bell) throw notFound(BELL_MESSAGES.notFollowing);
      return bell;
    },

    async setBell(followerId: string, handle: string, update: FollowBellUpdate): Promise<FollowBell> {
      const bell = await repo.setBell(followerId, handle, { ...update, movePercent: update.movePercent ?? null });
      if (!bell) throw notFound(BELL_MESSAGES.notFollowing);
      return bell;
    },

    isFollowing(followerId: string, handle: string, holderId: string): Promise<boolean> {
      return repo.isFollowing(followerId, handle, holderId);
    },

    /**
     * Who follows the user's handle (empty without one): the followers with an approved handle by
     * name, and everyone counted, those without a public page only as a number.
     */
    async followers(user: { id: string; handle: string | null }, cursor: FollowCursor | null): Promise<FollowersPage> {
      if (!user.handle) return { followers: [], nextCursor: null, total: 0, othersCount: 0 };
      const [rows, counts] = await Promise.all([
        repo.followers(user.handle, user.id, cursor, FOLLOW_LIST_PAGE_SIZE + 1),
        repo.followerCounts(user.handle, user.id),
      ]);
      const { items, nextCursor } = toPage(rows, FOLLOW_LIST_PAGE_SIZE);
      return { followers: items, nextCursor, total: counts.total, othersCount: counts.total - counts.shown };
    },

    async following(userId: string, cursor: FollowCursor | null): Promise<FollowingPage> {
      const rows = await repo.following(userId, cursor, FOLLOW_LIST_PAGE_SIZE + 1);
      const { items, nextCursor } = toPage(
        rows.map((r) => ({ ...r, key: r.handle })),
        FOLLOW_LIST_PAGE_SIZE,
      );
      return { following: items, nextCursor };
    },
  };
}
