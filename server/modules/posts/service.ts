import type { SessionUser } from '../../../core/api';
import { type Cursor, encodeCursor, PROFILE_PAGE_SIZE, type PublicPost } from '../../../core/feed';
import { keysetPage } from '../../../core/keyset';
import { type LinkPolicy, openableUrl } from '../../../core/link';
import type { OwnPostPage, PostPage, Profile } from '../../../core/post';
import { POST_MESSAGES } from '../../../core/post-text';
import { notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { mailNewPost } from '../email/service';
import { followsService } from '../follows/service';
import { profilesService } from '../profiles/service';
import { postsRepository } from './repository';

const OWN_PAGE_SIZE = 5;

function toPage<T extends { createdAt: number; id: number }>(rows: T[], limit: number) {
  const { items, nextCursor } = keysetPage(rows, limit, (last) => encodeCursor({ createdAt: last.createdAt, id: last.id }));
  return { posts: items, nextCursor };
}

/** Sharing lists, public profiles, and the counted 'go to page' redirect. */
export function postsService(db: DB, policy: LinkPolicy) {
  const repo = postsRepository(db);
  const follows = followsService(db);

  return {
    /**
     * The input has passed the link rules (route schema); the post keeps the handle it was made under.
     * `created` is false for a repeated submission (same idempotency key): the first post is returned.
     */
    async create(
      author: { id: string; handle: string },
      input: { url: string; description: string; idempotencyKey?: string | undefined },
    ) {
      return db.transaction().execute(async (trx) => {
        const result = await postsRepository(trx).insert({
          userId: author.id,
          handle: author.handle,
          url: input.url,
          description: input.description,
          now: Date.now(),
          idempotencyKey: input.idempotencyKey ?? null,
        });
        if (result.created)
          await mailNewPost(trx, { handle: author.handle, holderId: author.id, createdAt: result.post.createdAt });
        return result;
      });
    },

    async profile(handle: string, viewer: SessionUser | null): Promise<Profile> {
      const found = await profilesService(db).publicProfile(handle);
      if (!found) throw notFound(POST_MESSAGES.profileNotFound);
      const isOwner = viewer?.id === found.userId;
      const following = viewer && !isOwner ? await follows.isFollowing(viewer.id, found.handle, found.userId) : null;
      return { handle: found.handle, displayName: found.displayName, business: found.card, isOwner, following };
    },

    /** The profile's posts, PROFILE_PAGE_SIZE at a time: everything its holder shared. */
    async profilePosts(handle: string, cursor: Cursor | null): Promise<PostPage> {
      const posts = await repo.postsOfHolder(handle, cursor, PROFILE_PAGE_SIZE + 1);
      if (!posts) throw notFound(POST_MESSAGES.profileNotFound);
      return toPage(posts, PROFILE_PAGE_SIZE);
    },

    /** The newest posts on a handle's profile (connect page, Atom feed); none for an unknown handle. */
    async newestForHandle(handle: string, limit: number): Promise<PublicPost[]> {
      return repo.newestForHandle(handle, limit);
    },

    async ownPosts(userId: string, cursor: Cursor | null): Promise<OwnPostPage> {
      return toPage(await repo.ownPosts(userId, cursor, OWN_PAGE_SIZE + 1), OWN_PAGE_SIZE);
    },

    /**
     * Where 'go to page' sends the browser, counting the open. Only a stored link that passes the
     * rules as configured now: a host blocked since is not followed (and not counted).
     */
    async open(postId: number): Promise<string> {
      const stored = await repo.url(postId);
      const target = stored === undefined ? null : openableUrl(stored, policy);
      if (target === null) throw notFound(POST_MESSAGES.linkNotAvailable);
      await repo.countOpen(postId);
      return target;
    },
  };
}
