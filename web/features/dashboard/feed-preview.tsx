import { localDate } from '../../../core/list-text';
import { pagePath } from '../../../core/pages';
import { groupFeed } from '../../lib/feed-groups';
import { useApiGet } from '../../lib/use-api';
import { FeedGroupView } from '../../ui/feed-group';
import { Link } from '../../ui/link';
import { dashboardApi } from './api';

/** How many businesses the preview shows, each by its newest list. */
const PREVIEW_BUSINESSES = 3;
const noSummary = () => undefined;

/**
 * The newest lists of followed businesses, first on the dashboard of someone who reads rather than
 * posts: as the feed shows them (#31), each business once by name and logo, current lists before
 * expired ones, so one busy business does not fill it.
 */
export function FeedPreview() {
  const feed = useApiGet(() => dashboardApi.feed(), []);
  const { current, expired } = groupFeed(feed.data?.posts ?? [], localDate());
  const shownCurrent = current.slice(0, PREVIEW_BUSINESSES);
  const shownExpired = expired.slice(0, PREVIEW_BUSINESSES - shownCurrent.length);
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
      {feed.data && feed.data.posts.length === 0 && (
        <p className="muted">
          No recent uploads from followed profiles. Follow suppliers and restaurants from their pages or QR codes to see their
          lists here.
        </p>
      )}
      {shownCurrent.map((group) => (
        <FeedGroupView key={group.handle} group={group} now={now} summaryOf={noSummary} shownFirst={1} headingLevel={3} />
      ))}
      {shownExpired.length > 0 && (
        <section className="feed-expired" aria-labelledby="preview-expired-heading">
          <h3 id="preview-expired-heading">Expired lists</h3>
          {shownExpired.map((group) => (
            <FeedGroupView key={group.handle} group={group} now={now} summaryOf={noSummary} shownFirst={1} headingLevel={3} />
          ))}
        </section>
      )}
      <p className="feed-preview-links">
        <Link to={pagePath('feed')}>Open your feed</Link> ·{' '}
        <Link to={pagePath('explore')}>Explore suppliers and restaurants</Link>
      </p>
    </section>
  );
}
