import { Link } from 'react-router';
import { FOLLOW_MESSAGES, type FollowingPage as FollowingPageData } from '../../../core/follow';
import { pagePath } from '../../../core/pages';
import { relativeTime } from '../../../core/time';
import { followsApi } from './api';
import { PeoplePage } from './people-page';

/** /following: every handle the signed-in person follows, newest follow first. */
export function FollowingPage() {
  const now = Date.now();
  return (
    <PeoplePage
      title="Following"
      fetchPage={followsApi.following}
      people={(p: FollowingPageData) => p.following}
      empty={FOLLOW_MESSAGES.noFollowing}
    >
      {(f) => (
        <>
          {/* A handle deleted since has no profile to visit; it still shows, with blanks. */}
          {f.displayName === null ? (
            <span className="person-handle">@{f.handle}</span>
          ) : (
            <Link className="person-handle" to={pagePath('profile', { handle: f.handle })}>
              @{f.handle}
            </Link>
          )}
          <span className="person-name">{f.displayName ?? ''}</span>
          <span className="person-meta">
            <span>Followed {relativeTime(f.followedAt, now)}</span>
            <span>{f.lastPostAt === null ? '' : `Last post ${relativeTime(f.lastPostAt, now)}`}</span>
          </span>
        </>
      )}
    </PeoplePage>
  );
}
