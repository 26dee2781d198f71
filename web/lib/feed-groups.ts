import type { PublicPost } from '../../core/feed';
import { isExpired } from '../../core/list-text';

/** A business's lists as one block of the feed (issue 31: many lists of one business do not fill it). */
export interface FeedGroup {
  handle: string;
  /** The business's name and logo, when the feed sent them. */
  business: PublicPost['business'];
  posts: PublicPost[];
}

/** How many of a business's lists show before "Show … more". */
export const SHOWN_A_GROUP = 2;

function grouped(posts: PublicPost[]): FeedGroup[] {
  const groups = new Map<string, FeedGroup>();
  for (const post of posts) {
    const group = groups.get(post.handle);
    if (group) group.posts.push(post);
    else groups.set(post.handle, { handle: post.handle, business: post.business, posts: [post] });
  }
  return [...groups.values()];
}

/**
 * The loaded feed as blocks: current lists first, each business once (where its newest list is,
 * its lists newest first), then the expired ones (after their last valid day in the reader's own
 * calendar, `today`), grouped the same way.
 */
export function groupFeed(posts: PublicPost[], today: string): { current: FeedGroup[]; expired: FeedGroup[] } {
  const expired = posts.filter((p) => isExpired(p.validUntil, today));
  const current = posts.filter((p) => !isExpired(p.validUntil, today));
  return { current: grouped(current), expired: grouped(expired) };
}
