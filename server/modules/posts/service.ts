import type { SessionUser } from '../../../core/api';
import { type Cursor, encodeCursor, PROFILE_PAGE_SIZE, type PublicPost, publicPost } from '../../../core/feed';
import { keysetPage } from '../../../core/keyset';
import { type LinkPolicy, openableUrl } from '../../../core/link';
import { type ListVersionsPage, type PostEdit, type RemovedPost, type SharePost, validityOrderProblem } from '../../../core/list';
import { defaultListName, LIST_MESSAGES } from '../../../core/list-text';
import type { OwnPostPage, PostPage, Profile } from '../../../core/post';
import { POST_MESSAGES } from '../../../core/post-text';
import { badRequest, forbidden, notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { mailNewPost } from '../email/service';
import { followsService } from '../follows/service';
import { listsService } from '../lists/service';
import { type PublicBusinessProfile, profilesService, toCard } from '../profiles/service';
import { postsRepository } from './repository';

const OWN_PAGE_SIZE = 5;
/** Earlier versions shown when a folded list is opened, and with each "Load more". */
export const VERSIONS_PAGE_SIZE = 10;

function toPage<T extends { createdAt: number; id: number }>(rows: T[], limit: number) {
  const { items, nextCursor } = keysetPage(rows, limit, (last) => encodeCursor({ createdAt: last.createdAt, id: last.id }));
  return { posts: items, nextCursor };
}

/** Where a post's open link leads: its stored, still-allowed link, or the profile it was removed from. */
export type OpenTarget = { kind: 'link'; url: string } | { kind: 'removed'; handle: string };

/** Sharing lists and their versions, editing and removing posts, public profiles, and the counted 'go to page' redirect. */
export function postsService(db: DB, policy: LinkPolicy) {
  const repo = postsRepository(db);
  const follows = followsService(db);

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
        if (earlier !== undefined) return { post: publicPost((await posts.postRow(earlier))!), created: false };

        const now = Date.now();
        let listId: number;
        let createdAt = now;
        if (input.listId === undefined) {
          listId = (await lists.start(author.id, input.listName || defaultListName(input.description), now)).id;
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
        await mailNewPost(trx, { handle: author.handle, holderId: author.id, createdAt });
        return { post: publicPost((await posts.postRow(id))!), created: true };
      });
    },

    /**
     * The author's own post edited: its description and validity dates, and its list's name (the
     * list's slug and stable address stay). It keeps its time and is marked edited.
     */
    async edit(user: SessionUser, postId: number, edit: PostEdit): Promise<PublicPost> {
      return db.transaction().execute(async (trx) => {
        const posts = postsRepository(trx);
        const found = await posts.editable(postId);
        if (!found) throw notFound(LIST_MESSAGES.postNotFound);
        if (found.userId !== user.id) throw forbidden(LIST_MESSAGES.notYourPost);
        const validity = {
          validFrom: edit.validFrom === undefined ? found.validFrom : edit.validFrom,
          validUntil: edit.validUntil === undefined ? found.validUntil : edit.validUntil,
        };
        const problem = validityOrderProblem(validity);
        if (problem) throw badRequest(problem);
        await posts.edit(postId, { description: edit.description, ...validity }, Date.now());
        if (edit.listName !== undefined) await listsService(trx).rename(found.listId, edit.listName);
        return publicPost((await posts.postRow(postId))!);
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

    async profile(handle: string, viewer: SessionUser | null): Promise<Profile> {
      const found = await profilesService(db).publicProfile(handle);
      if (!found) throw notFound(POST_MESSAGES.profileNotFound);
      const isOwner = viewer?.id === found.userId;
      const following = viewer && !isOwner ? await follows.isFollowing(viewer.id, found.handle, found.userId) : null;
      return { handle: found.handle, displayName: found.displayName, business: found.card, isOwner, following };
    },

    /** The profile's lists, PROFILE_PAGE_SIZE at a time: each list once, by its newest version. */
    async profilePosts(handle: string, cursor: Cursor | null): Promise<PostPage> {
      const rows = await repo.postsOfHolder(handle, cursor, PROFILE_PAGE_SIZE + 1);
      if (!rows) throw notFound(POST_MESSAGES.profileNotFound);
      return toPage(rows.map(publicPost), PROFILE_PAGE_SIZE);
    },

    /**
     * A profile page's data in one round trip (docs/decisions/0114): the holder's public face and
     * the first page of lists, as publicProfile and profilePosts give them, and the version of the
     * handle's page they were read at (docs/decisions/0115); undefined when no one holds the handle.
     */
    async holderPage(
      handle: string,
    ): Promise<{ profile: PublicBusinessProfile; page: PostPage; pageVersion: number } | undefined> {
      const found = await repo.holderWithPosts(handle, PROFILE_PAGE_SIZE + 1);
      if (!found) return undefined;
      const { holder } = found;
      return {
        profile: { handle: holder.handle, userId: holder.userId, displayName: holder.displayName, card: toCard(holder) },
        page: toPage(found.rows.map(publicPost), PROFILE_PAGE_SIZE),
        pageVersion: found.pageVersion,
      };
    },

    /** The newest lists on a handle's profile (connect page, Atom feed); none for an unknown handle. */
    async newestForHandle(handle: string, limit: number): Promise<PublicPost[]> {
      return (await repo.newestForHandle(handle, limit)).map(publicPost);
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
      const rows = await repo.earlierVersions(listId, cursor, VERSIONS_PAGE_SIZE + 1);
      if (rows.length === 0 && !(await listsService(db).exists(listId))) throw notFound(LIST_MESSAGES.listNotFound);
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
    async open(postId: number): Promise<OpenTarget> {
      const stored = await repo.url(postId);
      if (stored === undefined) {
        const removed = await repo.removed(postId);
        if (removed) return { kind: 'removed', handle: removed.handle };
      }
      const target = stored === undefined ? null : openableUrl(stored, policy);
      if (target === null) throw notFound(POST_MESSAGES.linkNotAvailable);
      await repo.countOpen(postId);
      return { kind: 'link', url: target };
    },
  };
}
