import { sql } from 'kysely';
import type { Cursor, PostRow } from '../../../core/feed';
import { type DB, olderThan } from '../../plugins/db';
import { holderQueries } from './holder-queries';
import { isNewest, postRowColumns } from './post-columns';

export interface NewPostRow {
  userId: string;
  handle: string;
  listId: number;
  url: string;
  description: string;
  createdAt: number;
  idempotencyKey: string | null;
  validFrom: string | null;
  validUntil: string | null;
}

/** All SQL of posts and public profiles. */
export function postsRepository(db: DB) {
  const postById = (id: number) =>
    db.selectFrom('posts as p').innerJoin('lists as l', 'l.id', 'p.list_id').select(postRowColumns).where('p.id', '=', id);

  return {
    /**
     * Serialises one author's posting (new lists, new versions, repeated keys) until the transaction
     * ends; other authors are not held up. A lock by key, so no table row is locked for it.
     */
    async lockAuthor(userId: string): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`posts:${userId}`}, 0))`.execute(db);
    },

    async postRow(id: number): Promise<PostRow | undefined> {
      return postById(id).executeTakeFirst();
    },

    /** The post an author stored under an upload key, if any. */
    async byIdempotencyKey(userId: string, key: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('posts')
        .select('id')
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      return row?.id;
    },

    /** A list's newest version (none for a list being started). */
    async newestOf(listId: number) {
      return db
        .selectFrom('posts')
        .select(['id', 'created_at as createdAt'])
        .where('list_id', '=', listId)
        .where('newest', '=', true)
        .executeTakeFirst();
    },

    async markNotNewest(postId: number): Promise<void> {
      await db.updateTable('posts').set({ newest: false }).where('id', '=', postId).execute();
    },

    /** Inserts the list's newest version; the unique (user_id, idempotency_key) index refuses a repeated key. */
    async insert(post: NewPostRow): Promise<number> {
      const row = await db
        .insertInto('posts')
        .values({
          user_id: post.userId,
          handle: post.handle,
          list_id: post.listId,
          url: post.url,
          description: post.description,
          created_at: post.createdAt,
          idempotency_key: post.idempotencyKey,
          valid_from: post.validFrom,
          valid_until: post.validUntil,
          newest: true,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Who wrote a post and which list it is in; locked when `lock` (a removal). */
    async author(postId: number, lock = false) {
      const query = db
        .selectFrom('posts')
        .select(['user_id as userId', 'list_id as listId', 'handle', 'newest'])
        .where('id', '=', postId);
      return (lock ? query.forUpdate() : query).executeTakeFirst();
    },

    /** What an edit starts from, locked until the transaction ends. */
    async editable(postId: number) {
      return db
        .selectFrom('posts')
        .select(['user_id as userId', 'list_id as listId', 'valid_from as validFrom', 'valid_until as validUntil'])
        .where('id', '=', postId)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Sets a post's description and validity dates; it keeps its time and is marked edited. */
    async edit(
      postId: number,
      post: { description: string; validFrom: string | null; validUntil: string | null },
      now: number,
    ): Promise<void> {
      await db
        .updateTable('posts')
        .set({ description: post.description, valid_from: post.validFrom, valid_until: post.validUntil, edited_at: now })
        .where('id', '=', postId)
        .execute();
    },

    async delete(postId: number): Promise<void> {
      await db.deleteFrom('posts').where('id', '=', postId).execute();
    },

    /** The list's latest remaining version becomes its newest; false when none is left. */
    async promoteLatest(listId: number): Promise<boolean> {
      const result = await db
        .updateTable('posts')
        .set({ newest: true })
        .where(
          'id',
          '=',
          db
            .selectFrom('posts')
            .select('id')
            .where('list_id', '=', listId)
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(1),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** A removed post's id stays known, so its old open link answers 410 with the profile. */
    async recordRemoved(row: { id: number; userId: string; handle: string; now: number }): Promise<void> {
      await db
        .insertInto('removed_posts')
        .values({ id: row.id, user_id: row.userId, handle: row.handle, removed_at: row.now })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },

    async removed(postId: number) {
      return db.selectFrom('removed_posts').select(['handle', 'user_id as userId']).where('id', '=', postId).executeTakeFirst();
    },

    ...holderQueries(db),

    /** The author's lists by their newest versions, with how often each version's link was opened. */
    async ownPosts(userId: string, cursor: Cursor | null, limit: number) {
      return db
        .selectFrom('posts as p')
        .innerJoin('lists as l', 'l.id', 'p.list_id')
        .select((eb) => [...postRowColumns(eb), 'p.open_count as openCount'])
        .where('p.user_id', '=', userId)
        .where(isNewest)
        .where(olderThan(['p.created_at', 'p.id'], cursor && [cursor.createdAt, cursor.id]))
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** A list's earlier versions (all but the newest), newest first after the cursor, with open counts. */
    async earlierVersions(listId: number, cursor: Cursor | null, limit: number) {
      return db
        .selectFrom('posts as p')
        .innerJoin('lists as l', 'l.id', 'p.list_id')
        .select((eb) => [...postRowColumns(eb), 'p.open_count as openCount', 'p.user_id as userId'])
        .where('p.list_id', '=', listId)
        .where(sql<boolean>`not p.newest`)
        .where(olderThan(['p.created_at', 'p.id'], cursor && [cursor.createdAt, cursor.id]))
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** The newest versions of whoever holds a handle, in one query (handles key, then the partial user index). */
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
