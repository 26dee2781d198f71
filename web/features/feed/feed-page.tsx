import { FEED_HINT_FOLLOW_COUNT } from '../../../core/feed';
import { localDate } from '../../../core/list-text';
import { pagePath } from '../../../core/pages';
import { useAuth } from '../../lib/auth';
import { contentsSummariesApi } from '../../lib/contents-api';
import { groupFeed } from '../../lib/feed-groups';
import { loginPath } from '../../lib/paths';
import { useApiGet } from '../../lib/use-api';
import { useCursorPages } from '../../lib/use-cursor-pages';
import { FeedGroupView } from '../../ui/feed-group';
import { Link } from '../../ui/link';
import { LoadMore } from '../../ui/load-more';
import { feedApi } from './api';
import './feed.css';

function Feed() {
  const feed = useCursorPages((cursor) => feedApi.page(cursor), []);
  const first = feed.pages[0];
  const posts = feed.pages.flatMap((p) => p.posts);
  const followingCount = first?.followingCount ?? 0;
  const now = Date.now();
  const listIds = posts.map((p) => p.list.id);
  // What changed in each list's file ("2 prices up"): asked once the cards are known.
  const summaries = useApiGet(listIds.length ? () => contentsSummariesApi.of(listIds) : null, [listIds.join(',')]);
  const summaryOf = (listId: number) => summaries.data?.get(listId);
  // Each business once, current lists before expired ones (#31).
  const groups = groupFeed(posts, localDate());

  if (feed.status === 'loading') return <p className="page-status">Loading feed...</p>;
  return (
    <>
      {first && <p className="muted">You're following {followingCount} profile(s)</p>}
      {feed.error && (
        <p className="alert alert-error" role="alert">
          {feed.error.message}
        </p>
      )}
      {first && posts.length === 0 && (
        <section className="card empty-feed" aria-labelledby="empty-feed-heading">
          <h2 id="empty-feed-heading">No recent uploads from followed profiles.</h2>
          <p>
            <Link to={pagePath('explore')}>Explore suppliers and restaurants</Link> already on Freshlist and follow them.
          </p>
          <p>
            Do your suppliers or favourite restaurants keep their lists here yet?{' '}
            <Link to={pagePath('tellYourFriends')}>Invite suppliers and restaurants</Link> to share their latest lists on
            Freshlist.
          </p>
        </section>
      )}
      {first && followingCount < FEED_HINT_FOLLOW_COUNT && (
        <p className="feed-hint">
          Your feed fills up as you follow more profiles. <Link to={pagePath('tellYourFriends')}>Tell your friends</Link> about
          Freshlist.
        </p>
      )}
      {groups.current.map((group) => (
        <FeedGroupView key={group.handle} group={group} now={now} summaryOf={summaryOf} />
      ))}
      {groups.expired.length > 0 && (
        <section className="feed-expired" aria-labelledby="expired-heading">
          <h2 id="expired-heading">Expired lists</h2>
          {groups.expired.map((group) => (
            <FeedGroupView key={group.handle} group={group} now={now} summaryOf={summaryOf} />
          ))}
        </section>
      )}
      {feed.hasMore && <LoadMore busy={feed.status === 'more'} onClick={feed.loadMore} />}
    </>
  );
}

/** /feed: the newest posts of every followed handle, 10 at a time; a list's earlier versions fold under its newest. */
export function FeedPage() {
  const { auth } = useAuth();
  if (auth.status === 'loading') return <p className="page-status">Loading...</p>;
  return (
    <main className="page">
      <h1>Feed</h1>
      {auth.status === 'signed-in' ? (
        <Feed />
      ) : (
        <p>
          Please sign in to view your feed. <Link to={loginPath(pagePath('feed'))}>Sign in</Link>
        </p>
      )}
    </main>
  );
}
