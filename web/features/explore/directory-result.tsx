import { useState } from 'react';
import { compareLinkOf } from '../../../core/compare-link';
import type { DirectoryEntry } from '../../../core/directory';
import { LIST_TIMES } from '../../../core/list-text';
import { pagePath } from '../../../core/pages';
import { relativeTime } from '../../../core/time';
import { BusinessLogo, TradeList } from '../../ui/business-card';
import { FollowButton } from '../../ui/follow-button';
import { Link } from '../../ui/link';

const followers = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'follower' : 'followers'}`;

/** Follow from the list (a visitor signs in first and the profile applies the follow, spec 4); asks before unfollowing. */
function FollowToggle({ entry, onChange }: { entry: DirectoryEntry; onChange(following: boolean): void }) {
  const [following, setFollowing] = useState(entry.following);
  return (
    <div className="directory-follow">
      <FollowButton
        handle={entry.handle}
        name={entry.displayName || `@${entry.handle}`}
        following={following}
        labelled
        small
        onChange={(next) => {
          if (next !== following) onChange(next);
          setFollowing(next);
        }}
      />
    </div>
  );
}

/** The line of the business's current list the search found it by: the item, its price, the list and how fresh it is. */
function ItemMatchLine({ handle, match, now }: { handle: string; match: NonNullable<DirectoryEntry['match']>; now: number }) {
  const fresh = match.checkedAt === null ? null : `checked ${relativeTime(match.checkedAt, now)}`;
  return (
    <p className="directory-result-match">
      <mark className="directory-result-item">{match.text}</mark>
      {match.price && <span className="directory-result-price"> {match.price}</span>}
      <span className="muted">
        {' '}
        in <Link to={pagePath('listChanges', { handle, slug: match.listSlug })}>{match.listName}</Link>
        {fresh && ` · ${fresh}`}
        {match.changedAt !== null &&
          match.checkedAt !== null &&
          match.checkedAt - match.changedAt > 60_000 &&
          `, changed ${relativeTime(match.changedAt, now)}`}
      </span>{' '}
      <Link
        className="directory-result-compare"
        to={compareLinkOf(match.text)}
        aria-label={`Compare ${match.text} across suppliers`}
      >
        Compare
      </Link>
    </p>
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
        {entry.match && <ItemMatchLine handle={entry.handle} match={entry.match} now={now} />}
        <p className="directory-result-stats">
          {entry.lastPostAt === null ? 'No lists yet' : `Latest list ${relativeTime(entry.lastPostAt, now)}`} ·{' '}
          {entry.fileChangedAt !== null && `${LIST_TIMES.fileSaved(relativeTime(entry.fileChangedAt, now))} · `}
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
