import type { Cursor } from '../../../core/feed';
import { type DB, olderThan, prepared } from '../../plugins/db';

const publicColumns = ['id', 'handle', 'url', 'description', 'created_at as createdAt'] as const;

/** All SQL of posts and public profiles. */
export function postsRepository(db: DB) {
  return {
    /**
     * Stores a post once per (author, idempotency key): the unique index decides, so two identical
     * submissions racing each other make one row. `created` is false when the key was seen before.
     */
    async insert(post: {
      userId: string;
      handle: string;
      url: string;
      description: string;
      now: number;
      idempotencyKey: string | null;
    }) {
      const inserted = await db
        .insertInto('posts')
        .values({
          user_id: post.userId,
          handle: post.handle,
          url: post.url,
          description: post.description,
          created_at: post.now,
          idempotency_key: post.idempotencyKey,
        })
        .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
        .returning(publicColumns)
        .executeTakeFirst();
      if (inserted) return { post: inserted, created: true };
      if (post.idempotencyKey === null) throw new Error('post insert returned no row');
      const earlier = await db
        .selectFrom('posts')
        .select(publicColumns)
        .where('user_id', '=', post.userId)
        .where('idempotency_key', '=', post.idempotencyKey)
        .executeTakeFirstOrThrow();
      return { post: earlier, created: false };
    },

    /**
     * The posts of whoever holds a handle, newest first after the cursor, in one query (the handles
     * key, then the (user_id, created_at, id) index). Null when no one holds the handle; a holder
     * with no posts (left) gives one row of nulls.
     */
    async postsOfHolder(handle: string, cursor: Cursor | null, limit: number) {
      const rows = await db
        .selectFrom('handles as h')
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom('posts')
              .select(publicColumns)
              .whereRef('posts.user_id', '=', 'h.user_id')
              .where(olderThan(['created_at', 'id'], cursor && [cursor.createdAt, cursor.id]))
              .orderBy('created_at', 'desc')
              .orderBy('id', 'desc')
              .limit(limit)
              .as('p'),
          (join) => join.onTrue(),
        )
        .select(['p.id', 'p.handle', 'p.url', 'p.description', 'p.createdAt'])
        .where('h.handle', '=', handle)
        .orderBy('p.createdAt', 'desc')
        .orderBy('p.id', 'desc')
        .modifyEnd(prepared)
        .execute();
      if (rows.length === 0) return null;
      type Row = (typeof rows)[number];
      return rows.filter((r): r is { [K in keyof Row]: NonNullable<Row[K]> } => r.id !== null);
    },

    /**
     * A public profile page in one query: who holds the handle (its public name) and their newest
     * `limit` posts. Null when no one holds the handle.
     */
    async profilePage(handle: string, limit: number) {
      const rows = await db
        .selectFrom('handles as h')
        .innerJoin('users as u', 'u.id', 'h.user_id')
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom('posts')
              .select(publicColumns)
              .whereRef('posts.user_id', '=', 'h.user_id')
              .orderBy('created_at', 'desc')
              .orderBy('id', 'desc')
              .limit(limit)
              .as('p'),
          (join) => join.onTrue(),
        )
        .select([
          'h.handle as holderHandle',
          'u.display_name as displayName',
          'p.id',
          'p.handle',
          'p.url',
          'p.description',
          'p.createdAt',
        ])
        .where('h.handle', '=', handle)
        .orderBy('p.createdAt', 'desc')
        .orderBy('p.id', 'desc')
        .modifyEnd(prepared)
        .execute();
      const first = rows[0];
      if (!first) return null;
      return {
        holder: { handle: first.holderHandle, displayName: first.displayName },
        posts: rows.flatMap(({ id, handle, url, description, createdAt }) =>
          id === null ? [] : [{ id: Number(id), handle: handle!, url: url!, description: description!, createdAt: createdAt! }],
        ),
      };
    },

    async ownPosts(userId: string, cursor: Cursor | null, limit: number) {
      return db
        .selectFrom('posts')
        .select([...publicColumns, 'open_count as openCount'])
        .where('user_id', '=', userId)
        .where(olderThan(['created_at', 'id'], cursor && [cursor.createdAt, cursor.id]))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** The newest posts of whoever holds a handle, in one query (handles key, then the (user_id, created_at, id) index). */
    async newestForHandle(handle: string, limit: number) {
      return db
        .selectFrom('posts as p')
        .innerJoin('handles as h', 'h.user_id', 'p.user_id')
        .select(['p.id', 'p.handle', 'p.url', 'p.description', 'p.created_at as createdAt'])
        .where('h.handle', '=', handle)
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(limit)
        .execute();
    },

    async url(postId: number): Promise<string | undefined> {
      const row = await db.selectFrom('posts').select('url').where('id', '=', postId).executeTakeFirst();
      return row?.url;
    },

    /** One more open; an increment in place, so simultaneous opens all count. */
    async countOpen(postId: number): Promise<void> {
      await db
        .updateTable('posts')
        .set((eb) => ({ open_count: eb('open_count', '+', 1) }))
        .where('id', '=', postId)
        .execute();
    },
  };
}
