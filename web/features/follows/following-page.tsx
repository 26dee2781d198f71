import { useState } from 'react';
import { FOLLOW_MESSAGES, type FollowingPage as FollowingPageData } from '../../../core/follow';
import { pagePath } from '../../../core/pages';
import { relativeTime } from '../../../core/time';
import { track } from '../../lib/analytics';
import { useApiAction } from '../../lib/use-api-action';
import { FollowBellControl } from '../../ui/follow-bell';
import { Link } from '../../ui/link';
import { followsApi } from './api';
import { PeoplePage } from './people-page';
import './follows.css';

/** Unfollow on a row of /following (issue 15); the row stays, so a slip can be undone with Follow. */
function FollowToggle({ handle }: { handle: string }) {
  const [following, setFollowing] = useState(true);
  const toggle = useApiAction(async () => {
    const state = following ? await followsApi.unfollow(handle) : await followsApi.follow(handle);
    track(state.following ? 'follow' : 'unfollow', { handle });
    setFollowing(state.following);
  });
  const { busy, error } = toggle;
  return (
    <span className="person-action">
      <button
        type="button"
        className={following ? 'button' : 'button button-primary'}
        onClick={() => toggle.run()}
        disabled={busy}
        aria-busy={busy}
        aria-label={`${following ? 'Unfollow' : 'Follow'} @${handle}`}
      >
        {following ? 'Unfollow' : 'Follow'}
      </button>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}

/** /following: every handle the signed-in person follows, newest follow first. */
export function FollowingPage() {
  const now = Date.now();
  return (
    <PeoplePage
      title="Following"
      fetchPage={followsApi.following}
      people={(p: FollowingPageData) => p.following}
      empty={
        <>
          {FOLLOW_MESSAGES.noFollowing} <Link to={pagePath('explore')}>Explore suppliers and restaurants</Link> and follow the
          ones you buy from or eat at.
        </>
      }
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
          <FollowToggle handle={f.handle} />
          {f.displayName !== null && (
            <FollowBellControl
              handle={f.handle}
              name={f.displayName || `@${f.handle}`}
              initial={{ bell: f.bell, movePercent: f.movePercent, cadence: f.cadence }}
            />
          )}
        </>
      )}
    </PeoplePage>
  );
}
