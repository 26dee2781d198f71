import type { ExpressionBuilder } from 'kysely';
import type { Cursor, PostRow } from '../../../core/feed';
import type { Database } from '../../../db/schema';
import { compiledOnce } from '../../plugins/compiled-once';
import { type DB, olderThan, prepared } from '../../plugins/db';
import type { ProfileRow } from '../profiles/repository';
import { isNewest, postRowColumns } from './post-columns';

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

/** The reads behind every public profile page, compiled once (docs/decisions/0114). */
export function holderQueries(db: DB) {
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
        'h.page_version as pageVersion',
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
      return rows.filter((r): r is PostRow => r.id !== null);
    },

    /** The holder of a handle with their first `limit` lists, in one round trip; null when no one holds it. */
    async holderWithPosts(
      handle: string,
      limit: number,
    ): Promise<{ holder: ProfileRow; pageVersion: number; rows: PostRow[] } | null> {
      const rows = await holderWithPosts('first', handle, limit);
      const first = rows[0];
      if (!first) return null;
      // Each row holds the profile's columns beside a post's; toCard and publicPost read only their own.
      const { holderHandle, bio, pageVersion, ...columns } = first;
      return {
        pageVersion,
        holder: { ...columns, handle: holderHandle, description: bio },
        rows: rows.filter((r) => r.id !== null) as PostRow[],
      };
    },
  };
}
