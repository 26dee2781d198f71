import type { SessionUser } from '../../../core/api';
import { type Cursor, encodeCursor, PROFILE_PAGE_SIZE, type PublicPost, publicPost } from '../../../core/feed';
import { isReservedHandle, normalizeHandle } from '../../../core/handle';
import { keysetPage } from '../../../core/keyset';
import type { PostPage, Profile } from '../../../core/post';
import { POST_MESSAGES } from '../../../core/post-text';
import { type ConnectPage, type PublicProfile, SHARING_MESSAGES } from '../../../core/sharing';
import { notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import type { ReadCache } from '../../read-cache/read-cache';
import { handleTag } from '../../read-cache/read-tags';
import { followsService } from '../follows/service';
import { publicProfileRepository } from './public-repository';
import { type PublicBusinessProfile, profilesService, toCard } from './service';

/** A stored handle's shape; anything else cannot be one, so it is refused without a query. */
const HANDLE_SHAPE = /^[a-z0-9-]{1,30}$/;

export const looksLikeHandle = (text: string) => HANDLE_SHAPE.test(text) && !isReservedHandle(text);

/** What a page or a link preview shows of a handle's holder. */
const faceOf = (found: PublicBusinessProfile): PublicProfile => ({
  handle: found.handle,
  displayName: found.displayName,
  business: found.card,
});

const listsPage = (rows: PublicPost[]) =>
  keysetPage(rows, PROFILE_PAGE_SIZE, (last) => encodeCursor({ createdAt: last.createdAt, id: last.id }));

/**
 * Everything public about a handle, in one place (issue 28): its face (name, business card, logo),
 * its lists as anyone or a trade reader sees them, and the data of its profile and connect pages.
 * QR codes, cards, link previews and feeds (sharing/) read the face from here.
 */
export function publicProfilesService(db: DB, reads?: ReadCache) {
  const repo = publicProfileRepository(db);
  const profiles = profilesService(db);
  const follows = followsService(db);

  async function readFace(handle: string): Promise<PublicProfile | undefined> {
    const found = await profiles.publicProfile(handle);
    return found && faceOf(found);
  }

  return {
    /** A handle's public face for pages and previews; undefined when no one holds it. */
    async face(raw: string): Promise<PublicProfile | undefined> {
      const handle = normalizeHandle(raw);
      if (!looksLikeHandle(handle)) return undefined;
      return reads ? reads.get(`profile:${handle}`, () => readFace(handle), { tags: [handleTag(handle)] }) : readFace(handle);
    },

    /** The profile as `viewer` sees it (whether it is theirs, whether they follow it). */
    async profile(handle: string, viewer: SessionUser | null): Promise<Profile> {
      const found = await profiles.publicProfile(handle);
      if (!found) throw notFound(POST_MESSAGES.profileNotFound);
      const isOwner = viewer?.id === found.userId;
      const following = viewer && !isOwner ? await follows.isFollowing(viewer.id, found.handle, found.userId) : null;
      return { ...faceOf(found), isOwner, following };
    },

    /**
     * The profile's lists, PROFILE_PAGE_SIZE at a time: each list once, by its newest version, as
     * anyone sees them (trade-only ones locked), or, given a reader with trade access to the
     * holder, with their contents.
     */
    async profilePosts(handle: string, cursor: Cursor | null, reader: string | null = null): Promise<PostPage> {
      const rows = reader
        ? await repo.readablePostsOfHolder(handle, cursor, PROFILE_PAGE_SIZE + 1, reader)
        : await repo.postsOfHolder(handle, cursor, PROFILE_PAGE_SIZE + 1);
      if (!rows) throw notFound(POST_MESSAGES.profileNotFound);
      const { items, nextCursor } = listsPage(rows.map(publicPost));
      return { posts: items, nextCursor };
    },

    /** Whether `viewerId` may read the contents of the holder's trade-only lists (docs/decisions/0180). */
    readsTradeLists: (handle: string, viewerId: string) => repo.readsTradeLists(handle, viewerId),

    /** The newest lists on a handle's profile (connect page, Atom feed); none for an unknown handle. */
    async newestLists(handle: string, limit: number): Promise<PublicPost[]> {
      return (await repo.newestForHandle(handle, limit)).map(publicPost);
    },

    /**
     * What a visitor's profile page and connect page show (the server renders them,
     * docs/decisions/0108): the handle's public face and its first page of lists, read together in
     * one round trip (docs/decisions/0114); undefined when no one holds the handle. The answers are
     * those of the API routes for a visitor.
     */
    async handlePages(raw: string) {
      const handle = normalizeHandle(raw);
      if (!looksLikeHandle(handle)) return undefined;
      const found = await repo.holderWithPosts(handle, PROFILE_PAGE_SIZE + 1);
      if (!found) return undefined;
      const { holder } = found;
      const face = faceOf({
        handle: holder.handle,
        userId: holder.userId,
        displayName: holder.displayName,
        card: toCard(holder),
      });
      const { items, nextCursor } = listsPage(found.rows.map(publicPost));
      const posts: PostPage = { posts: items, nextCursor };
      const profile: Profile = { ...face, isOwner: false, following: null };
      const connect: ConnectPage = { profile: face, latestPost: posts.posts[0] ?? null };
      return { face, profile, posts, connect };
    },

    /** The connect page: the handle's public face and its single latest post. */
    async connectPage(handle: string): Promise<ConnectPage> {
      const profile = await this.face(handle);
      if (!profile) throw notFound(SHARING_MESSAGES.unknownHandle);
      const [latestPost] = await this.newestLists(profile.handle, 1);
      return { profile, latestPost: latestPost ?? null };
    },
  };
}

export type PublicProfilesService = ReturnType<typeof publicProfilesService>;
