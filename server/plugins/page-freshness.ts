import type { PublicPost } from '../../core/feed';
import { relativeTimeChangesAt } from '../../core/time';

/** The longest any page reads the same by its texts alone (the read cache's own bound is far shorter). */
const MAX_FRESH_MS = 7 * 24 * 60 * 60 * 1000;

/** The next midnight in the server's time zone, where post cards read "today" (core/list-text.ts localDate). */
function nextLocalMidnight(now: number): number {
  const midnight = new Date(now);
  midnight.setHours(24, 0, 0, 0);
  return midnight.getTime();
}

/**
 * Until when a page showing these posts reads the same (docs/decisions/0115): how long the read cache may keep it: each card's age
 * ("3 hours ago") until it turns, and a card's validity label ("until 31 Oct", "Expired") until
 * the day changes. A page without posts holds until the bound.
 */
export function freshUntil(
  posts: ReadonlyArray<Pick<PublicPost, 'createdAt' | 'fileChangedAt' | 'validFrom' | 'validUntil'>>,
  now: number,
): number {
  let until = now + MAX_FRESH_MS;
  for (const post of posts) {
    until = Math.min(until, relativeTimeChangesAt(post.createdAt, now));
    if (post.fileChangedAt !== null) until = Math.min(until, relativeTimeChangesAt(post.fileChangedAt, now));
    if (post.validFrom !== null || post.validUntil !== null) until = Math.min(until, nextLocalMidnight(now));
  }
  return until;
}
