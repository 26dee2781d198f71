import { pagePath } from '../../../core/pages';
import { useApiGet } from '../../lib/use-api';
import { Link } from '../../ui/link';
import { PostCard } from '../../ui/post-card';
import { dashboardApi } from './api';

const PREVIEW_SIZE = 3;

/** The newest posts of followed handles, first on the dashboard of someone who reads rather than posts. */
export function FeedPreview() {
  const feed = useApiGet(() => dashboardApi.feed(), []);
  const posts = feed.data?.posts.slice(0, PREVIEW_SIZE) ?? [];
  const now = Date.now();
  return (
    <section aria-labelledby="feed-preview-heading">
      <h2 id="feed-preview-heading">Your feed</h2>
      {feed.loading && <p className="muted">Loading feed...</p>}
      {feed.error && (
        <p className="alert alert-error" role="alert">
          {feed.error.message}
        </p>
      )}
      {feed.data && posts.length === 0 && (
        <p className="muted">
          No recent uploads from followed profiles. Follow suppliers and restaurants from their pages or QR codes to see their
          lists here.
        </p>
      )}
      <ul className="post-list">
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} now={now} />
          </li>
        ))}
      </ul>
      <p className="feed-preview-links">
        <Link to={pagePath('feed')}>Open your feed</Link> ·{' '}
        <Link to={pagePath('explore')}>Explore suppliers and restaurants</Link>
      </p>
    </section>
  );
}
