import { pagePath } from '../../../core/pages';
import { POST_MESSAGES } from '../../../core/post-text';
import { useCursorPages } from '../../lib/use-cursor-pages';
import { Link } from '../../ui/link';
import { EarlierVersions, StableLink } from '../../ui/list-parts';
import { LoadMore } from '../../ui/load-more';
import { PostCard } from '../../ui/post-card';
import { profileApi, profilePaths } from './api';
import { TradeAccessPanel } from './trade-access';

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
export function ProfileLists({ handle, isOwner = false }: { handle: string; isOwner?: boolean }) {
  const list = useCursorPages((cursor) => profileApi.posts(handle, cursor), [handle], profilePaths.posts(handle));
  const posts = list.pages.flatMap((p) => p.posts);
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
      {posts.some((post) => post.locked) && <TradeAccessPanel handle={handle} isOwner={isOwner} />}
    </section>
  );
}
