import { Link } from 'react-router';
import { FOLLOW_MESSAGES, type FollowingPage as FollowingPageData } from '../../../core/follow';
import { relativeTime } from '../../../core/time';
import { paths } from '../../app/paths';
import { RequireAuth } from '../../app/require-auth';
import { useCursorPages } from '../../app/use-cursor-pages';
import { LoadMore } from '../../ui/load-more';

function Following() {
  const list = useCursorPages<FollowingPageData>('/api/following');
  const following = list.pages.flatMap((p) => p.following);
  const now = Date.now();
  if (list.status === 'loading') return <p className="page-status">Loading...</p>;
  return (
    <>
      {list.error && (
        <p className="alert alert-error" role="alert">
          {list.error.message}
        </p>
      )}
      {following.length === 0 && !list.error && <p className="muted">{FOLLOW_MESSAGES.noFollowing}</p>}
      <ul className="people-list">
        {following.map((f) => (
          <li key={f.handle} className="person">
            {/* A handle deleted since has no profile to visit; it still shows, with blanks. */}
            {f.displayName === null ? (
              <span className="person-handle">@{f.handle}</span>
            ) : (
              <Link className="person-handle" to={paths.profile(f.handle)}>
                @{f.handle}
              </Link>
            )}
            <span className="person-name">{f.displayName ?? ''}</span>
            <span className="person-meta">
              <span>Followed {relativeTime(f.followedAt, now)}</span>
              <span>{f.lastPostAt === null ? '' : `Last post ${relativeTime(f.lastPostAt, now)}`}</span>
            </span>
          </li>
        ))}
      </ul>
      {list.hasMore && <LoadMore busy={list.status === 'more'} onClick={list.loadMore} />}
    </>
  );
}

/** /following: every handle the signed-in person follows, newest follow first. */
export function FollowingPage() {
  return (
    <RequireAuth>
      {() => (
        <main className="page">
          <h1>Following</h1>
          <Following />
        </main>
      )}
    </RequireAuth>
  );
}
