import { sql } from 'kysely';
import type { Audience } from '../../../core/trade';
import { readableContents } from '../../../db/sealed-contents';
import type { DB } from '../../plugins/db';

/** All SQL of lists: the named series of posts and their stable addresses (docs/decisions/0101). */
export function listsRepository(db: DB) {
  return {
    /** The owner's slugs that a new list named from `base` could clash with: `base` and `base-…`. */
    async slugsLike(userId: string, base: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom('lists')
        .select('slug')
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
        .execute();
      return new Set(rows.map((r) => r.slug));
    },

    async insert(list: { userId: string; slug: string; name: string; createdAt: number; audience: Audience }) {
      return db
        .insertInto('lists')
        .values({ user_id: list.userId, slug: list.slug, name: list.name, created_at: list.createdAt, audience: list.audience })
        .returning(['id', 'slug', 'name'])
        .executeTakeFirstOrThrow();
    },
    async defaultAudience(userId: string): Promise<Audience> {
      const row = await db.selectFrom('users').select('default_audience').where('id', '=', userId).executeTakeFirst();
      return row?.default_audience ?? 'public';
    },
    /** A new audience; the list's row lock orders it with new versions, and its trigger seals or unseals them. */
    async setAudience(listId: number, audience: Audience): Promise<void> {
      await db.updateTable('lists').set({ audience }).where('id', '=', listId).execute();
    },

    /** The list, locked until the transaction ends: versions are added and removed one at a time. */
    async lock(listId: number) {
      return db.selectFrom('lists').select(['id', 'user_id as userId']).where('id', '=', listId).forUpdate().executeTakeFirst();
    },

    async owner(listId: number) {
      return db.selectFrom('lists').select(['id', 'user_id as userId']).where('id', '=', listId).executeTakeFirst();
    },

    async rename(listId: number, name: string): Promise<void> {
      await db.updateTable('lists').set({ name }).where('id', '=', listId).execute();
    },

    async delete(listId: number): Promise<void> {
      await db.deleteFrom('lists').where('id', '=', listId).execute();
    },

    /**
     * The list at a stable address: the handle's current holder's list with that slug, and its newest
     * version. Undefined when no one holds the handle or the holder has no such list.
     */
    async atAddress(handle: string, slug: string) {
      return db
        .selectFrom('handles as h')
        .innerJoin('lists as l', 'l.user_id', 'h.user_id')
        .innerJoin('posts as p', (j) => j.onRef('p.list_id', '=', 'l.id').on(sql<boolean>`p.newest`))
        .select(['h.handle', 'l.id', 'l.slug', 'l.name', 'l.audience', 'p.id as postId'])
        .where('h.handle', '=', handle)
        .where('l.slug', '=', slug)
        .executeTakeFirst();
    },

    /** What a list's own page shows of it (docs/decisions/0142): its newest version and how many there are. */
    async pageAt(userId: string, slug: string, viewerId: string | null) {
      return (
        db
          .selectFrom('lists as l')
          .innerJoin('posts as p', (j) => j.onRef('p.list_id', '=', 'l.id').on(sql<boolean>`p.newest`))
          // A trade-only list as this viewer may read it (docs/decisions/0180).
          .leftJoin(readableContents(viewerId), 'tc.post_id', 'p.id')
          .select((eb) => [
            'l.id',
            'p.id as postId',
            'l.name',
            'l.audience',
            'l.slug',
            eb.fn.coalesce('tc.description', 'p.description').as('description'),
            'p.created_at as postedAt',
            'p.edited_at as editedAt',
            eb.fn.coalesce('tc.valid_from', 'p.valid_from').as('validFrom'),
            eb.fn.coalesce('tc.valid_until', 'p.valid_until').as('validUntil'),
            sql<boolean>`(l.audience = 'trade' and tc.post_id is null)`.as('locked'),
            eb
              .selectFrom('posts as v')
              .select((c) => c.fn.countAll<number>().as('n'))
              .whereRef('v.list_id', '=', 'l.id')
              .as('versions'),
          ])
          .where('l.user_id', '=', userId)
          .where('l.slug', '=', slug)
          .executeTakeFirst()
      );
    },

    /** The owner's lists, the most recently updated first (the upload form's "New version of"). */
    async ownLists(userId: string, limit: number) {
      return (
        db
          .selectFrom('lists as l')
          .innerJoin('posts as p', (j) => j.onRef('p.list_id', '=', 'l.id').on(sql<boolean>`p.newest`))
          // The owner reads their own trade-only lists' links (docs/decisions/0180).
          .leftJoin(readableContents(userId), 'tc.post_id', 'p.id')
          .select((eb) => [
            'l.id',
            'l.slug',
            'l.name',
            eb.fn.coalesce('tc.url', 'p.url').as('url'),
            'l.audience',
            'p.created_at as updatedAt',
            eb
              .selectFrom('posts as v')
              .select((c) => c.fn.countAll<number>().as('n'))
              .whereRef('v.list_id', '=', 'l.id')
              .as('versions'),
          ])
          .where('l.user_id', '=', userId)
          .orderBy('p.created_at', 'desc')
          .orderBy('l.id', 'desc')
          .limit(limit)
          .execute()
      );
    },
  };
}
