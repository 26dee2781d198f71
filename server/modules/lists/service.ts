import { listSlugBase } from '../../../core/list';
import { LIST_MESSAGES } from '../../../core/list-messages';
import type { Audience } from '../../../core/trade';
import type { AccessChanged } from '../../access-changed';
import { forbidden, notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { listsRepository } from './repository';

/** The most lists the upload form offers as "New version of". */
export const OWN_LISTS_LIMIT = 200;

/** The first of `base`, `base-2`, `base-3`, … that the owner does not use yet. */
export function freeSlug(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Lists: named series of posts with a stable address each (docs/decisions/0101, 0102). The writes
 * run inside the posts service's transaction, which holds the author's posting lock, so two lists
 * of one owner never pick the same slug (the unique key would refuse it anyway).
 */
export function listsService(db: DB, accessChanged?: AccessChanged) {
  const repo = listsRepository(db);
  return {
    /** A new list of the owner, its slug made from its name and unique among the owner's lists. */
    /** A new list of the owner; its audience as chosen, else the owner's default (docs/decisions/0180). */
    async start(userId: string, name: string, createdAt: number, audience?: Audience) {
      const base = listSlugBase(name);
      const slug = freeSlug(base, await repo.slugsLike(userId, base));
      return repo.insert({ userId, slug, name, createdAt, audience: audience ?? (await repo.defaultAudience(userId)) });
    },

    /** The owner changes a list's audience: its versions are sealed or unsealed with it (migration 2400). */
    async setAudience(listId: number, userId: string, audience: Audience): Promise<void> {
      const list = await repo.owner(listId);
      if (!list) throw notFound(LIST_MESSAGES.listNotFound);
      if (list.userId !== userId) throw forbidden(LIST_MESSAGES.notYourList);
      await db.transaction().execute(async (trx) => {
        await listsRepository(trx).setAudience(listId, audience);
        // Who may be told of its lines changed with it (docs/decisions/0231).
        await accessChanged?.({ ownerId: userId, userId: null }, trx);
      });
    },

    /** Locks the owner's list for a new version; 404 for no such list, 403 for someone else's. */
    async lockOwned(listId: number, userId: string): Promise<void> {
      const list = await repo.lock(listId);
      if (!list) throw notFound(LIST_MESSAGES.listNotFound);
      if (list.userId !== userId) throw forbidden(LIST_MESSAGES.notYourList);
    },

    /** Locks a list while one of its versions is removed. */
    async lock(listId: number): Promise<void> {
      await repo.lock(listId);
    },

    async exists(listId: number): Promise<boolean> {
      return (await repo.owner(listId)) !== undefined;
    },

    async ownerOf(listId: number): Promise<string | undefined> {
      return (await repo.owner(listId))?.userId;
    },

    /** A new name; the slug, and with it the stable address and its QR code, stays. */
    async rename(listId: number, name: string): Promise<void> {
      await repo.rename(listId, name);
    },

    /** A list whose last version went: its slug is free again. */
    async remove(listId: number): Promise<void> {
      await repo.delete(listId);
    },

    /** The list a stable address names (the handle's current holder's), with its newest post. */
    async atAddress(handle: string, slug: string) {
      return repo.atAddress(handle, slug);
    },

    async ownLists(userId: string) {
      const rows = await repo.ownLists(userId, OWN_LISTS_LIMIT);
      return { lists: rows.map((r) => ({ ...r, versions: Number(r.versions) })) };
    },
  };
}
