import { type ExpressionBuilder, sql } from 'kysely';
import type { Cursor, PostRow } from '../../../core/feed';
import { isNewest, postRowColumns, readablePostRowColumns } from '../../../db/post-columns';
import type { Database } from '../../../db/schema';
import { readableContents, tradeAccess } from '../../../db/sealed-contents';
import { compiledOnce } from '../../plugins/compiled-once';
import { type DB, olderThan, prepared } from '../../plugins/db';
import type { ProfileRow } from './repository';

type FromHandle = ExpressionBuilder<Database & { h: Database['handles'] }, 'h'>;

/** The holder's (`h`) lists by their newest versions, newest first after the cursor: the lateral side of both reads. */
const newestLists = (eb: FromHandle, limit: number, after: readonly [number, number] | null) =>
  eb
    .selectFrom('posts as p')
    .innerJoin('lists as l', 'l.id', 'p.list_id')
    .select(postRowColumns)
    .whereRef('p.user_id', '=', 'h.user_id')
    .where(isNewest)
    .where(olderThan(['p.created_at', 'p.id'], after))
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .as('p');

/**
 * The reads of a handle's public pages (`/{handle}`, `/follow/{handle}` and their API): the holder's
 * face with their first lists in one statement, and their lists a page at a time, as anyone or as a
 * reader with trade access sees them. The profile page's are compiled once (docs/decisions/0114).
 */
export function publicProfileRepository(db: DB) {
  /** Every public profile page asks this, so it is compiled once (docs/decisions/0114). */
  const holderPosts = compiledOnce(db, (shape: 'first' | 'after', handle: string, limit: number, time?: number, id?: number) =>
    db
      .selectFrom('handles as h')
      .leftJoinLateral(
        (eb) => newestLists(eb, limit, shape === 'after' ? [time!, id!] : null),
        (join) => join.onTrue(),
      )
      .selectAll('p')
      .where('h.handle', '=', handle)
      .orderBy('p.createdAt', 'desc')
      .orderBy('p.id', 'desc')
      .modifyEnd(prepared),
  );

  /**
   * A profile page's whole read in one statement (docs/decisions/0114): the holder's profile
   * columns (the profiles repository's, `handle` and `description` renamed beside the posts') on
   * every row, and their first page of lists as postsOfHolder reads it.
   */
  const holderWithPosts = compiledOnce(db, (_shape: 'first', handle: string, limit: number) =>
    db
      .selectFrom('handles as h')
      .innerJoin('users as u', 'u.id', 'h.user_id')
      .leftJoin('profile_logos as lo', 'lo.user_id', 'h.user_id')
      .leftJoinLateral(
        (eb) => newestLists(eb, limit, null),
        (join) => join.onTrue(),
      )
      .select([
        'h.handle as holderHandle',
        'h.user_id as userId',
        'u.display_name as displayName',
        'u.description as bio',
        'u.phone',
        'u.links',
        'u.socials',
        'u.trades',
        'u.area',
        'lo.version as logoVersion',
        'lo.width as logoWidth',
        'lo.height as logoHeight',
      ])
      .selectAll('p')
      .where('h.handle', '=', handle)
      .orderBy('p.createdAt', 'desc')
      .orderBy('p.id', 'desc')
      .modifyEnd(prepared),
  );

  return {
    /**
     * The lists of whoever holds a handle, each once by its newest version, newest first after the
     * cursor, in one query (the handles key, then the partial (user_id, created_at, id) index). Null
     * when no one holds the handle; a holder with no posts gives one row of nulls.
     */
    async postsOfHolder(handle: string, cursor: Cursor | null, limit: number): Promise<PostRow[] | null> {
      const rows = cursor
        ? await holderPosts('after', handle, limit, cursor.createdAt, cursor.id)
        : await holderPosts('first', handle, limit);
      if (rows.length === 0) return null;
      return rows.filter((r) => r.id !== null) as PostRow[];
    },

    /** The holder of a handle with their first `limit` lists, in one round trip; null when no one holds it. */
    async holderWithPosts(handle: string, limit: number): Promise<{ holder: ProfileRow; rows: PostRow[] } | null> {
      const rows = await holderWithPosts('first', handle, limit);
      const first = rows[0];
      if (!first) return null;
      // Each row holds the profile's columns beside a post's; toCard and publicPost read only their own.
      const { holderHandle, bio, ...columns } = first;
      return {
        holder: { ...columns, handle: holderHandle, description: bio },
        rows: rows.filter((r) => r.id !== null) as PostRow[],
      };
    },

    /** The newest versions of whoever holds a handle (connect page, Atom feed), in one query (handles key, then the partial user index). */
    async newestForHandle(handle: string, limit: number): Promise<PostRow[]> {
      return db
        .selectFrom('posts as p')
        .innerJoin('lists as l', 'l.id', 'p.list_id')
        .innerJoin('handles as h', 'h.user_id', 'p.user_id')
        .select(postRowColumns)
        .where('h.handle', '=', handle)
        .where(isNewest)
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Whether `viewerId` reads the trade-only lists of a handle's holder (db/sealed-contents.ts); false when no one holds it. */
    async readsTradeLists(handle: string, viewerId: string): Promise<boolean> {
      const row = await db
        .selectFrom('handles as h')
        .select(tradeAccess(sql.ref('h.user_id'), viewerId).as('access'))
        .where('h.handle', '=', handle)
        .executeTakeFirst();
      return row?.access === true;
    },

    /** The lists of whoever holds a handle as `viewerId` may read them (a viewer with trade access). */
    async readablePostsOfHolder(handle: string, cursor: Cursor | null, limit: number, viewerId: string): Promise<PostRow[]> {
      return db
        .selectFrom('handles as h')
        .innerJoin('posts as p', 'p.user_id', 'h.user_id')
        .innerJoin('lists as l', 'l.id', 'p.list_id')
        .leftJoin(readableContents(viewerId), 'tc.post_id', 'p.id')
        .select(readablePostRowColumns)
        .where('h.handle', '=', handle)
        .where(isNewest)
        .where(olderThan(['p.created_at', 'p.id'], cursor && [cursor.createdAt, cursor.id]))
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
