import { sql } from 'kysely';
import type { FollowCursor } from '../../../core/follow';
import type { FollowBell } from '../../../core/follow-bell';
import { tradeAccess } from '../../../db/sealed-contents';
import { type DB, olderThan } from '../../plugins/db';

/** A follow's bell as the API gives it (core/follow-bell.ts). */
const BELL_COLUMNS = ['f.bell', 'f.move_percent as movePercent', 'f.cadence'] as const;

/** A follower the followed business may see by name: their choice, else whether they hold a public handle. */
const shown = sql<boolean>`coalesce(u.shown_to_followed, fh.handle is not null)`;

/** All SQL of following: the follows table, read through the handles that are still held. */
export function followsRepository(db: DB) {
  return {
    /**
     * Follows the handle's current holder in one statement, so a handle deleted meanwhile cannot be
     * followed. Following again changes nothing, unless the handle has a new holder since (the old
     * follow was dead): then it now follows them. Returns the holder, or undefined for no such handle.
     */
    async follow(followerId: string, handle: string, now: number): Promise<string | undefined> {
      const result = await sql<{ user_id: string }>`
        with holder as (select handle, user_id from handles where handle = ${handle}),
        written as (
          insert into follows (follower_id, handle, followed_user_id, followed_at)
          select ${followerId}::uuid, holder.handle, holder.user_id, ${now}::bigint from holder
          where holder.user_id <> ${followerId}::uuid
          on conflict (follower_id, handle) do update
            set followed_user_id = excluded.followed_user_id, followed_at = excluded.followed_at,
                bell = 'all', move_percent = null, cadence = null, instant_at = null
            where follows.followed_user_id <> excluded.followed_user_id
          returning 1
        )
        select user_id from holder`.execute(db);
      return result.rows[0]?.user_id;
    },

    /** Removes the follow; the followed person's id, undefined when there was none. */
    async unfollow(followerId: string, handle: string): Promise<string | undefined> {
      const row = await db
        .deleteFrom('follows')
        .where('follower_id', '=', followerId)
        .where('handle', '=', handle)
        .returning('followed_user_id')
        .executeTakeFirst();
      return row?.followed_user_id ?? undefined;
    },

    /** Whether the reader opens the trade-only lists of a handle's holder (the rule the sealed contents follow). */
    async hasTradeAccess(readerId: string, handle: string): Promise<boolean> {
      const row = await db
        .selectFrom('handles as h')
        .select(tradeAccess(sql.ref('h.user_id'), readerId).as('access'))
        .where('h.handle', '=', handle)
        .where('h.user_id', '!=', readerId)
        .executeTakeFirst();
      return row?.access === true;
    },

    /** The reader's bell for a followed handle (ADR 0214), or undefined when they do not follow it. */
    async bellOf(followerId: string, handle: string) {
      return db
        .selectFrom('follows as f')
        .select(BELL_COLUMNS)
        .where('f.follower_id', '=', followerId)
        .where('f.handle', '=', handle)
        .executeTakeFirst();
    },

    /** Sets the bell of a follow; undefined when there is no such follow. The constraints hold the rules too. */
    async setBell(followerId: string, handle: string, bell: FollowBell) {
      return db
        .updateTable('follows as f')
        .set({ bell: bell.bell, move_percent: bell.movePercent, cadence: bell.cadence })
        .where('f.follower_id', '=', followerId)
        .where('f.handle', '=', handle)
        .returning(BELL_COLUMNS)
        .executeTakeFirst();
    },

    async isFollowing(followerId: string, handle: string, holderId: string): Promise<boolean> {
      const row = await db
        .selectFrom('follows')
        .select('handle')
        .where('follower_id', '=', followerId)
        .where('handle', '=', handle)
        .where('followed_user_id', '=', holderId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** People with an approved handle who follow `handle` while `holderId` holds it, newest first. */
    /**
     * The followers who let the businesses they follow see them (their choice in Settings; holders
     * of a handle, who are public anyway, unless they chose not to be), with their business and
     * whether they have trade access (docs/decisions/0180).
     */
    async followers(handle: string, holderId: string, cursor: FollowCursor | null, limit: number) {
      return db
        .selectFrom('follows as f')
        .innerJoin('users as u', 'u.id', 'f.follower_id')
        .leftJoin('handles as fh', 'fh.user_id', 'f.follower_id')
        .select([
          'fh.handle',
          'u.display_name as displayName',
          'u.business_name as businessName',
          tradeAccess(holderId, sql.ref('f.follower_id')).as('tradeAccess'),
          'f.followed_at as followedAt',
          'f.follower_id as key',
        ])
        .where('f.handle', '=', handle)
        .where('f.followed_user_id', '=', holderId)
        .where(shown)
        .where(olderThan(['f.followed_at', 'f.follower_id'], cursor && [cursor.followedAt, cursor.key]))
        .orderBy('f.followed_at', 'desc')
        .orderBy('f.follower_id', 'desc')
        .limit(limit)
        .execute();
    },

    /** How many people follow `handle` while `holderId` holds it, and how many of them are shown by name. */
    async followerCounts(handle: string, holderId: string): Promise<{ total: number; shown: number }> {
      const row = await db
        .selectFrom('follows as f')
        .innerJoin('users as u', 'u.id', 'f.follower_id')
        .leftJoin('handles as fh', 'fh.user_id', 'f.follower_id')
        .select((eb) => [eb.fn.countAll<string>().as('total'), eb.fn.countAll<string>().filterWhere(shown).as('shown')])
        .where('f.handle', '=', handle)
        .where('f.followed_user_id', '=', holderId)
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), shown: Number(row.shown) };
    },
    /**
     * Everything the reader follows, newest follow first, with each live handle's display name and
     * latest post in the same query; a handle deleted since comes back with nulls.
     */
    async following(followerId: string, cursor: FollowCursor | null, limit: number) {
      return db
        .selectFrom('follows as f')
        .leftJoin('handles as h', (j) => j.onRef('h.handle', '=', 'f.handle').onRef('h.user_id', '=', 'f.followed_user_id'))
        .leftJoin('users as u', 'u.id', 'h.user_id')
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom('posts as p')
              .select('p.created_at')
              .whereRef('p.handle', '=', 'h.handle')
              .whereRef('p.user_id', '=', 'h.user_id')
              .orderBy('p.created_at', 'desc')
              .orderBy('p.id', 'desc')
              .limit(1)
              .as('last'),
          (j) => j.onTrue(),
        )
        .select([
          'f.handle',
          'u.display_name as displayName',
          'f.followed_at as followedAt',
          'last.created_at as lastPostAt',
          ...BELL_COLUMNS,
        ])
        .where('f.follower_id', '=', followerId)
        .where(olderThan(['f.followed_at', 'f.handle'], cursor && [cursor.followedAt, cursor.key]))
        .orderBy('f.followed_at', 'desc')
        .orderBy('f.handle', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
