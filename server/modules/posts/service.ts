import type { SessionUser } from '../../../core/api';
import { type Cursor, encodeCursor, type PublicPost, publicPost } from '../../../core/feed';
import { keysetPage } from '../../../core/keyset';
import { type LinkPolicy, openableUrl } from '../../../core/link';
import { type ListVersionsPage, type PostEdit, type RemovedPost, type SharePost, validityOrderProblem } from '../../../core/list';
import { LIST_MESSAGES } from '../../../core/list-messages';
import { defaultListName } from '../../../core/list-text';
import type { OwnPostPage } from '../../../core/post';
import { POST_MESSAGES } from '../../../core/post-text';
import { TRADE_MESSAGES } from '../../../core/trade';
import { badRequest, forbidden, notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { mailNewPost } from '../email/service';
import { followsService } from '../follows/service';
import { linkChecksService } from '../link-check/service';
import { listsService } from '../lists/service';
import { openOnceFor } from './open-once';
import { postsRepository } from './repository';

const OWN_PAGE_SIZE = 5;
/** Earlier versions shown when a folded list is opened, and with each "Load more". */
export const VERSIONS_PAGE_SIZE = 10;

function toPage<T extends { createdAt: number; id: number }>(rows: T[], limit: number) {
  const { items, nextCursor } = keysetPage(rows, limit, (last) => encodeCursor({ createdAt: last.createdAt, id: last.id }));
  return { posts: items, nextCursor };
}

/**
 * Where a post's open link leads: its stored, still-allowed link; the profile it was removed from;
 * nowhere ('gone') when its author holds no handle any more (docs/decisions/0131); or, for a
 * trade-only list the viewer may not read, the list's own address (docs/decisions/0180).
 */
export type OpenTarget =
  | { kind: 'link'; url: string }
  | { kind: 'removed'; handle: string }
  | { kind: 'gone' }
  | { kind: 'locked'; handle: string; slug: string };

/** Sharing lists and their versions, editing and removing posts, and the counted 'go to page' redirect. */
export function postsService(db: DB, policy: LinkPolicy) {
  const repo = postsRepository(db);
  const _follows = followsService(db);

  return {
    /**
     * Stores a post: a new version of the author's list `listId`, or the first version of a new list.
     * The input has passed the link rules (route schema). One transaction under the author's posting
     * lock, so a repeated upload key finds the post the first request stored (`created` false), and
     * two new versions of one list follow each other: the last one is the newest, the other folds.
     */
    async create(author: { id: string; handle: string }, input: SharePost): Promise<{ post: PublicPost; created: boolean }> {
      return db.transaction().execute(async (trx) => {
        const posts = postsRepository(trx);
        const lists = listsService(trx);
        await posts.lockAuthor(author.id);
        const earlier = input.idempotencyKey ? await posts.byIdempotencyKey(author.id, input.idempotencyKey) : undefined;
        if (earlier !== undefined) return { post: publicPost((await posts.postRow(earlier, author.id))!), created: false };

        const now = Date.now();
        let listId: number;
        let createdAt = now;
        if (input.listId === undefined) {
          const name = input.listName || defaultListName(input.description);
          listId = (await lists.start(author.id, name, now, input.audience)).id;
        } else {
          listId = input.listId;
          await lists.lockOwned(listId, author.id);
          const previous = await posts.newestOf(listId);
          if (previous) {
            await posts.markNotNewest(previous.id);
            // Another process's clock may be behind: a new version is never older than the one it follows.
            createdAt = Math.max(now, previous.createdAt);
          }
        }
        const id = await posts.insert({
          userId: author.id,
          handle: author.handle,
          listId,
          url: input.url,
          description: input.description,
          createdAt,
          idempotencyKey: input.idempotencyKey ?? null,
          validFrom: input.validFrom,
          validUntil: input.validUntil,
        });
        await mailNewPost(trx, { handle: author.handle, postId: id });
        await linkChecksService(trx).track({ listId, userId: author.id, postId: id, url: input.url, now });
        return { post: publicPost((await posts.postRow(id, author.id))!), created: true };
      });
    },

    /**
     * The author's own post edited: its link, description and validity dates, and its list's name
     * (the list's slug and stable address stay). It keeps its time and is marked edited.
     */
    async edit(user: SessionUser, postId: number, edit: PostEdit): Promise<PublicPost> {
      return db.transaction().execute(async (trx) => {
        const posts = postsRepository(trx);
        const found = await posts.editable(postId, user.id);
        if (!found) throw notFound(LIST_MESSAGES.postNotFound);
        if (found.userId !== user.id) throw forbidden(LIST_MESSAGES.notYourPost);
        // The author's handle was removed: their lists stay as they were, for a restore.
        if (!found.holderHandle) throw forbidden(LIST_MESSAGES.handleGone);
        const validity = {
          validFrom: edit.validFrom === undefined ? found.validFrom : edit.validFrom,
          validUntil: edit.validUntil === undefined ? found.validUntil : edit.validUntil,
        };
        const problem = validityOrderProblem(validity);
        if (problem) throw badRequest(problem);
        await posts.edit(
          postId,
          { description: edit.description, ...validity, ...(edit.url ? { url: edit.url } : {}) },
          Date.now(),
        );
        if (edit.listName !== undefined) await listsService(trx).rename(found.listId, edit.listName);
        // A link put right is checked at once, afresh (docs/decisions/0152).
        if (edit.url)
          await linkChecksService(trx).track({ listId: found.listId, userId: user.id, postId, url: edit.url, now: Date.now() });
        return publicPost((await posts.postRow(postId, user.id))!);
      });
    },

    /**
     * Removes the author's own post. Under its list's lock: when it was the newest version, the
     * latest one left becomes the newest; a list left without versions goes too. Removing a post
     * already removed by its author answers the same (a double click).
     */
    async remove(user: SessionUser, postId: number): Promise<RemovedPost> {
      return db.transaction().execute(async (trx) => {
        const posts = postsRepository(trx);
        const lists = listsService(trx);
        const found = await posts.author(postId);
        if (!found) {
          if ((await posts.removed(postId))?.userId === user.id) return { id: postId, listRemoved: false };
          throw notFound(LIST_MESSAGES.postNotFound);
        }
        if (found.userId !== user.id) throw forbidden(LIST_MESSAGES.notYourPost);
        if (!found.holderHandle) throw forbidden(LIST_MESSAGES.handleGone);
        // The list first, then the post: the order a new version takes them in, so the two never deadlock.
        await lists.lock(found.listId);
        const locked = await posts.author(postId, true);
        if (!locked) return { id: postId, listRemoved: false };
        await posts.delete(postId);
        await posts.recordRemoved({ id: postId, userId: user.id, handle: locked.handle, now: Date.now() });
        const listRemoved = locked.newest && !(await posts.promoteLatest(locked.listId));
        if (listRemoved) await lists.remove(locked.listId);
        return { id: postId, listRemoved };
      });
    },

    async ownPosts(userId: string, cursor: Cursor | null): Promise<OwnPostPage> {
      const rows = await repo.ownPosts(userId, cursor, OWN_PAGE_SIZE + 1);
      return toPage(
        rows.map((row) => ({ ...publicPost(row), openCount: row.openCount })),
        OWN_PAGE_SIZE,
      );
    },

    /** A list's earlier versions, newest first; their open counts only for the list's owner. */
    async earlierVersions(listId: number, cursor: Cursor | null, viewer: SessionUser | null): Promise<ListVersionsPage> {
      const rows = await repo.earlierVersions(listId, cursor, VERSIONS_PAGE_SIZE + 1, viewer?.id ?? null);
      if (rows.length === 0 && !(await repo.listIsHeld(listId))) throw notFound(LIST_MESSAGES.listNotFound);
      // A trade-only list's history is its contents: none of it without access.
      if (rows.some((row) => row.locked)) throw forbidden(TRADE_MESSAGES.locked);
      const posts = rows.map((row) => ({
        ...publicPost(row),
        ...(viewer?.id === row.userId ? { openCount: row.openCount } : {}),
      }));
      return toPage(posts, VERSIONS_PAGE_SIZE);
    },

    /**
     * Where 'go to page' sends the browser, counting the open. Only a stored link that passes the
     * rules as configured now: a host blocked since is not followed (and not counted). A post its
     * author removed names the profile it was on.
     */
    async open(postId: number, viewer: SessionUser | null, visitor?: string): Promise<OpenTarget> {
      const stored = await repo.link(postId, viewer?.id ?? null);
      if (stored === undefined) {
        const removed = await repo.removed(postId);
        if (removed) return removed.holderHandle ? { kind: 'removed', handle: removed.holderHandle } : { kind: 'gone' };
      }
      if (stored && !stored.held) return { kind: 'gone' };
      // A trade-only list the viewer may not read: its page says so, nothing is counted.
      if (stored?.locked && stored.handle) return { kind: 'locked', handle: stored.handle, slug: stored.slug };
      const target = stored === undefined ? null : openableUrl(stored.url, policy);
      if (target === null) throw notFound(POST_MESSAGES.linkNotAvailable);
      // Counted once per visitor and version in a window (issue 42); without a visitor, always.
      if (visitor === undefined || openOnceFor(db).first(visitor, postId)) await repo.countOpen(postId);
      return { kind: 'link', url: target };
    },
  };
}
