import { Link } from 'react-router';
import { pagePath } from '../../../core/pages';
import { useCursorPages } from '../../lib/use-cursor-pages';
import { LoadMore } from '../../ui/load-more';
import { PostCard } from '../../ui/post-card';
import { dashboardApi } from './api';

const opened = (n: number) => (n === 1 ? 'Opened once from Freshlist' : `Opened ${n} times from Freshlist`);

/** The owner's posts with how often each link was opened from Freshlist (a count, no visitor identity). */
export function YourLists() {
  const list = useCursorPages((cursor) => dashboardApi.myPosts(cursor), []);
  const posts = list.pages.flatMap((p) => p.posts);
  const now = Date.now();
  return (
    <section aria-labelledby="your-lists-heading">
      <h2 id="your-lists-heading">Your lists</h2>
      {list.status === 'loading' && <p className="muted">Loading...</p>}
      {list.error && (
        <p className="alert alert-error" role="alert">
          {list.error.message}
        </p>
      )}
      {list.status !== 'loading' && posts.length === 0 && !list.error && (
        <p className="muted">
          You haven't shared a list yet. <Link to={pagePath('upload')}>Upload a new list</Link>
        </p>
      )}
      <ul className="post-list">
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} now={now}>
              <p className="post-card-stat">{opened(post.openCount)}</p>
            </PostCard>
          </li>
        ))}
      </ul>
      {list.hasMore && <LoadMore busy={list.status === 'more'} onClick={list.loadMore} />}
    </section>
  );
}
