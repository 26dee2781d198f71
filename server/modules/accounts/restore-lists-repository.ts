import { listSlugBase } from '../../../core/list';
import { defaultListName } from '../../../core/list-text';
import type { DB } from '../../plugins/db';
import { freeSlug } from '../lists/service';
import type { BackedUpList, BackedUpPost, BackedUpRemovedPost, BackedUpTradeRequest } from './repository';
import { insertKeepingIds } from './restore-repository';

/**
 * The SQL of restoring a person's lists (docs/decisions/0101), beside restore-repository.ts: lists
 * come back with their ids and slugs, so stable addresses and printed QR codes work again.
 */
export function restoreListsRepository(db: DB) {
  async function slugsOf(userId: string): Promise<Set<string>> {
    const rows = await db.selectFrom('lists').select('slug').where('user_id', '=', userId).execute();
    return new Set(rows.map((r) => r.slug));
  }

  return {
    /**
     * Inserts the lists whose id is free (a list there from an earlier restore stays as it is). A
     * slug the person uses again since (a returning person, overwritten) gets the next free one;
     * returns how many were renamed so.
     */
    async insertLists(userId: string, lists: BackedUpList[]): Promise<number> {
      if (lists.length === 0) return 0;
      const there = await db
        .selectFrom('lists')
        .select('id')
        .where(
          'id',
          'in',
          lists.map((l) => l.id),
        )
        .execute();
      const known = new Set(there.map((r) => r.id));
      const taken = await slugsOf(userId);
      let renamed = 0;
      const rows = lists
        .filter((list) => !known.has(list.id))
        .map((list) => {
          const slug = freeSlug(list.slug, taken);
          if (slug !== list.slug) renamed += 1;
          taken.add(slug);
          return { ...list, slug, user_id: userId };
        });
      await insertKeepingIds(db, 'lists', rows);
      return renamed;
    },

    /** A post from a backup made before lists starts a list of its own, as the migration did. */
    async listForLegacyPost(userId: string, post: BackedUpPost): Promise<number> {
      const name = defaultListName(post.description);
      const base = listSlugBase(name);
      const taken = await slugsOf(userId);
      const row = await db
        .insertInto('lists')
        .values({ user_id: userId, slug: freeSlug(base, taken), name, created_at: post.created_at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Requests for trade access by or to the person come back while the other side exists; one made
     * since stays as it is. Their lists came back trade only before (sealed as inserted).
     */
    async insertTradeRequests(userId: string, backedUpId: string, requests: BackedUpTradeRequest[]): Promise<void> {
      const moved = requests.map((r) => ({
        ...r,
        owner_id: r.owner_id === backedUpId ? userId : r.owner_id,
        member_id: r.member_id === backedUpId ? userId : r.member_id,
      }));
      const others = [...new Set(moved.flatMap((r) => [r.owner_id, r.member_id]).filter((id) => id !== userId))];
      if (others.length === 0) return;
      const live = new Set((await db.selectFrom('users').select('id').where('id', 'in', others).execute()).map((r) => r.id));
      const rows = moved.filter((r) => live.has(r.owner_id === userId ? r.member_id : r.owner_id));
      if (rows.length === 0) return;
      await db
        .insertInto('trade_requests')
        .values(rows)
        .onConflict((oc) => oc.columns(['owner_id', 'member_id']).doNothing())
        .execute();
    },

    async insertRemovedPosts(userId: string, removed: BackedUpRemovedPost[]): Promise<void> {
      if (removed.length === 0) return;
      await db
        .insertInto('removed_posts')
        .values(removed.map((r) => ({ ...r, user_id: userId })))
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
  };
}
