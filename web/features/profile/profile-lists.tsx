import { Suspense } from 'react';
import { pagePath } from '../../../core/pages';
import { POST_MESSAGES } from '../../../core/post-text';
import { contentsSummariesApi } from '../../lib/contents-api';
import { renderedPart } from '../../lib/rendered-part';
import { useApiGet } from '../../lib/use-api';
import { useCursorPages } from '../../lib/use-cursor-pages';
import { ChangesLine } from '../../ui/changes-line';
import { Link } from '../../ui/link';
import { EarlierVersions, StableLink } from '../../ui/list-parts';
import { LoadMore } from '../../ui/load-more';
import { PostCard } from '../../ui/post-card';
import { profileApi, profilePaths } from './api';

// Only a business with trade-only lists shows the panel; the server renders it complete all the same.
const TradeAccessPanel = renderedPart(async () => (await import('./trade-access')).TradeAccessPanel);

/** The owner's own page before their first list (#31): an invitation, not the visitor's "nothing yet". */
function FirstListInvitation() {
  return (
    <div className="card">
      <p>Your page is ready. Share your first list: people who follow you see it here and in their feed.</p>
      <Link className="button button-primary" to={pagePath('upload')}>
        Share your first list
      </Link>
    </div>
  );
}

/**
 * The profile's lists, 5 at a time (spec 9): each list once, by its newest version, with its stable
 * link and a Copy button; earlier versions are one tap away.
 */
export function ProfileLists({
  handle,
  isOwner = false,
  onFollowed,
}: {
  handle: string;
  isOwner?: boolean;
  /** Asking for trade access follows the handle too: the page's Follow button says so at once. */
  onFollowed?: () => void;
}) {
  const list = useCursorPages((cursor) => profileApi.posts(handle, cursor), [handle], profilePaths.posts(handle));
  const posts = list.pages.flatMap((p) => p.posts);
  // The same change line as the feed and the list's page (issue 43), asked once the lists show.
  const listIds = posts.filter((post) => !post.locked).map((post) => post.list.id);
  const summaries = useApiGet(listIds.length ? () => contentsSummariesApi.of(listIds) : null, [listIds.join(',')]);
  const now = Date.now();
  if (list.status === 'loading') return <p className="muted">Loading lists...</p>;
  return (
    <section aria-labelledby="posts-heading">
      <h2 id="posts-heading">Lists</h2>
      {posts.length === 0 &&
        list.status !== 'error' &&
        (isOwner ? <FirstListInvitation /> : <p className="muted">{POST_MESSAGES.noUploads}</p>)}
      <ul className="post-list">
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} now={now}>
              <ChangesLine summary={summaries.data?.get(post.list.id)} handle={post.handle} slug={post.list.slug} />
              <StableLink post={post} />
              <EarlierVersions post={post} />
            </PostCard>
          </li>
        ))}
      </ul>
      {list.error && (
        <p className="alert alert-error" role="alert">
          {list.error.message}
        </p>
      )}
      {list.hasMore && <LoadMore busy={list.status === 'more'} onClick={list.loadMore} />}
      {posts.some((post) => post.locked) && (
        <Suspense fallback={null}>
          <TradeAccessPanel handle={handle} isOwner={isOwner} onFollowed={onFollowed} />
        </Suspense>
      )}
    </section>
  );
}
