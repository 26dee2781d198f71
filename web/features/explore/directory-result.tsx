import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { DirectoryEntry } from '../../../core/directory';
import { pagePath } from '../../../core/pages';
import { relativeTime } from '../../../core/time';
import { track } from '../../lib/analytics';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { loginPath } from '../../lib/paths';
import { BusinessLogo, TradeList } from '../../ui/business-card';
import { Link } from '../../ui/link';
import { exploreApi } from './api';

const followers = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'follower' : 'followers'}`;

/** Follow or unfollow from the list; a visitor signs in first and the profile applies the follow (spec 4). */
function FollowToggle({ entry, onChange }: { entry: DirectoryEntry; onChange(following: boolean): void }) {
  const { auth } = useAuth();
  const navigate = useNavigate();
  const [following, setFollowing] = useState(entry.following === true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const name = entry.displayName || `@${entry.handle}`;

  async function toggle() {
    if (auth.status !== 'signed-in') {
      navigate(loginPath(`${pagePath('profile', { handle: entry.handle })}?followAfterLogin=true`));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const next = following ? await exploreApi.unfollow(entry.handle) : await exploreApi.follow(entry.handle);
      track(next.following ? 'follow' : 'unfollow', { handle: entry.handle });
      if (next.following !== following) onChange(next.following);
      setFollowing(next.following);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="directory-follow">
      <button
        type="button"
        className={`button button-small ${following ? 'button-following' : 'button-primary'}`}
        aria-pressed={following}
        aria-label={following ? `Following ${name}` : `Follow ${name}`}
        onClick={toggle}
        disabled={busy}
      >
        {following ? '✓ Following' : 'Follow'}
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** One business in the directory: logo, name, @handle, trades, area, latest list, followers, Follow. */
export function DirectoryResult({ entry, now }: { entry: DirectoryEntry; now: number }) {
  const profile = pagePath('profile', { handle: entry.handle });
  // The count moves with this person's own Follow; others' follows show on the next search.
  const [followerCount, setFollowerCount] = useState(entry.followerCount);
  return (
    <article className="directory-result" aria-labelledby={`result-${entry.handle}`}>
      <BusinessLogo logo={entry.logo} name={entry.displayName || entry.handle} size="small" />
      <div className="directory-result-body">
        <h2 id={`result-${entry.handle}`} className="directory-result-name">
          <Link to={profile}>{entry.displayName || `@${entry.handle}`}</Link>
        </h2>
        <p className="directory-result-handle">@{entry.handle}</p>
        {(entry.area || entry.trades.length > 0) && (
          <div className="business-card-meta">
            {entry.area && <p className="business-card-area">{entry.area}</p>}
            <TradeList trades={entry.trades} label={`Trades of ${entry.displayName || entry.handle}`} />
          </div>
        )}
        <p className="directory-result-stats">
          {entry.lastPostAt === null ? 'No lists yet' : `Latest list ${relativeTime(entry.lastPostAt, now)}`} ·{' '}
          {followers(followerCount)}
        </p>
      </div>
      {entry.isOwner ? (
        <p className="directory-result-you muted">Your page</p>
      ) : (
        <FollowToggle entry={entry} onChange={(following) => setFollowerCount((n) => Math.max(0, n + (following ? 1 : -1)))} />
      )}
    </article>
  );
}
