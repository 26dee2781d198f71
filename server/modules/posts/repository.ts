import { sql } from 'kysely';
import type { Cursor, PostRow } from '../../../core/feed';
import { isNewest, readablePostRowColumns } from '../../../db/post-columns';
import { readableContents } from '../../../db/sealed-contents';
import { type DB, olderThan } from '../../plugins/db';

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

/** All SQL of posts (a handle's public pages read theirs in profiles/public-repository.ts). */
export function postsRepository(db: DB) {
  /** Posts with their list and their author's current handle: no holder, no row (docs/decisions/0131). */
  const held = () =>
    db.selectFrom('posts as p').innerJoin('lists as l', 'l.id', 'p.list_id').innerJoin('handles as h', 'h.user_id', 'p.user_id');
  /** A post as `viewerId` may read it (its trade-only contents only with access, docs/decisions/0180). */
  const postById = (id: number, viewerId: string | null) =>
    held().leftJoin(readableContents(viewerId), 'tc.post_id', 'p.id').select(readablePostRowColumns).where('p.id', '=', id);

  return {
    /**
     * Serialises one author's posting (new lists, new versions, repeated keys) until the transaction
     * ends; other authors are not held up. A lock by key, so no table row is locked for it.
     */
    async lockAuthor(userId: string): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`posts:${userId}`}, 0))`.execute(db);
    },

    async postRow(id: number, viewerId: string | null): Promise<PostRow | undefined> {
      return postById(id, viewerId).executeTakeFirst();
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

    /** Who wrote a post, which list it is in, and whether its author holds a handle; locked when `lock` (a removal). */
    async author(postId: number, lock = false) {
      const query = db
        .selectFrom('posts as p')
        .leftJoin('handles as h', 'h.user_id', 'p.user_id')
        .select(['p.user_id as userId', 'p.list_id as listId', 'p.handle', 'p.newest', 'h.handle as holderHandle'])
        .where('p.id', '=', postId);
      return (lock ? query.forUpdate('p') : query).executeTakeFirst();
    },

    /** What an edit by `userId` starts from (the dates as they may read them), with whether its author holds a handle, locked until the transaction ends. */
    async editable(postId: number, userId: string) {
      return db
        .selectFrom('posts as p')
        .leftJoin('handles as h', 'h.user_id', 'p.user_id')
        .leftJoin(readableContents(userId), 'tc.post_id', 'p.id')
        .select((eb) => [
          'p.user_id as userId',
          'p.list_id as listId',
          eb.fn.coalesce('tc.valid_from', 'p.valid_from').as('validFrom'),
          eb.fn.coalesce('tc.valid_until', 'p.valid_until').as('validUntil'),
          'h.handle as holderHandle',
        ])
        .where('p.id', '=', postId)
        .forUpdate('p')
        .executeTakeFirst();
    },

    /** Sets a post's description, validity dates and (when given) link; it keeps its time and is marked edited. */
    async edit(
      postId: number,
      post: { description: string; validFrom: string | null; validUntil: string | null; url?: string },
      now: number,
    ): Promise<void> {
      await db
        .updateTable('posts')
        .set({
          description: post.description,
          valid_from: post.validFrom,
          valid_until: post.validUntil,
          edited_at: now,
          ...(post.url ? { url: post.url } : {}),
        })
        .where('id', '=', postId)
        .execute();
      // A trade-only list's version: the trigger sealed what is set; an emptied field is set here too.
      await db
        .updateTable('trade_contents')
        .set({ description: post.description, valid_from: post.validFrom, valid_until: post.validUntil })
        .where('post_id', '=', postId)
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

    /** A removed post's author, and the handle they hold now (null when none: their profile is gone too). */
    async removed(postId: number) {
      return db
        .selectFrom('removed_posts as r')
        .leftJoin('handles as h', 'h.user_id', 'r.user_id')
        .select(['h.handle as holderHandle', 'r.user_id as userId'])
        .where('r.id', '=', postId)
        .executeTakeFirst();
    },

    /** The author's lists by their newest versions, with how often each version's link was opened. */
    async ownPosts(userId: string, cursor: Cursor | null, limit: number) {
      return held()
        .leftJoin(readableContents(userId), 'tc.post_id', 'p.id')
        .select((eb) => [...readablePostRowColumns(eb), 'p.open_count as openCount'])
        .where('p.user_id', '=', userId)
        .where(isNewest)
        .where(olderThan(['p.created_at', 'p.id'], cursor && [cursor.createdAt, cursor.id]))
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** A list's earlier versions (all but the newest), newest first after the cursor, with open counts. */
    async earlierVersions(listId: number, cursor: Cursor | null, limit: number, viewerId: string | null) {
      return held()
        .leftJoin(readableContents(viewerId), 'tc.post_id', 'p.id')
        .select((eb) => [...readablePostRowColumns(eb), 'p.open_count as openCount', 'p.user_id as userId'])
        .where('p.list_id', '=', listId)
        .where(sql<boolean>`not p.newest`)
        .where(olderThan(['p.created_at', 'p.id'], cursor && [cursor.createdAt, cursor.id]))
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(limit)
        .execute();
    },

    /**
     * A post's link as `viewerId` may read it ('' for a trade-only list they may not read, with
     * `locked`), its list's slug, and whether its author holds a handle (no holder: public no more).
     */
    async link(postId: number, viewerId: string | null) {
      const row = await db
        .selectFrom('posts as p')
        .innerJoin('lists as l', 'l.id', 'p.list_id')
        .leftJoin('handles as h', 'h.user_id', 'p.user_id')
        .leftJoin(readableContents(viewerId), 'tc.post_id', 'p.id')
        .select((eb) => [
          eb.fn.coalesce('tc.url', 'p.url').as('url'),
          'h.handle',
          'l.slug',
          sql<boolean>`(l.audience = 'trade' and tc.post_id is null)`.as('locked'),
        ])
        .where('p.id', '=', postId)
        .executeTakeFirst();
      return row && { url: row.url, held: row.handle !== null, handle: row.handle, slug: row.slug, locked: row.locked };
    },

    /** Whether a list exists and its owner holds a handle: a list of a removed handle is public nowhere. */
    async listIsHeld(listId: number): Promise<boolean> {
      const row = await db
        .selectFrom('lists as l')
        .innerJoin('handles as h', 'h.user_id', 'l.user_id')
        .select('l.id')
        .where('l.id', '=', listId)
        .executeTakeFirst();
      return row !== undefined;
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
