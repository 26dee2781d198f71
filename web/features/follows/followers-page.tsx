import { FOLLOW_MESSAGES, type FollowersPage as FollowersPageData } from '../../../core/follow';
import { pagePath } from '../../../core/pages';
import { Link } from '../../ui/link';
import { followsApi } from './api';
import { PeoplePage } from './people-page';
import './follows.css';

const people = (n: number) => (n === 1 ? '1 person' : `${n} people`);

/** Everyone who follows, with or without a public page. */
function Total({ first }: { first: FollowersPageData }) {
  if (first.total === 0) return null;
  return <p className="follower-count">{`${people(first.total)} ${first.total === 1 ? 'follows' : 'follow'} you`}</p>;
}

/** Those who did not choose to be shown are counted, never named (issues 15, 32). */
function Others({ first, shown }: { first: FollowersPageData; shown: number }) {
  const others = first.othersCount;
  if (others === 0) return null;
  return (
    <p className="followers-others">
      {shown > 0
        ? `and ${others} more ${others === 1 ? 'person' : 'people'} not shown by name`
        : `${people(others)} ${others === 1 ? 'follows' : 'follow'} you without showing their name.`}
    </p>
  );
}

const SINCE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * /followers: who follows the signed-in person's handle. Named: those who agreed to be shown (and
 * holders of a handle who did not say no), with their business, since when, and trade access;
 * counted: everyone.
 */
export function FollowersPage() {
  return (
    <PeoplePage
      title="Followers"
      fetchPage={followsApi.followers}
      people={(p: FollowersPageData) => p.followers}
      empty={(first: FollowersPageData) => (first.total === 0 ? FOLLOW_MESSAGES.noFollowers : null)}
      above={(first: FollowersPageData) => <Total first={first} />}
      below={(first: FollowersPageData, shown) => <Others first={first} shown={shown} />}
    >
      {(f) => (
        <>
          <span className="person-business">{f.businessName ?? f.displayName}</span>
          {f.handle && (
            <Link className="person-handle" to={pagePath('profile', { handle: f.handle })}>
              @{f.handle}
            </Link>
          )}
          <span className="person-meta">
            {f.businessName && <span className="person-name">{f.displayName}</span>}
            <span>Following since {SINCE.format(new Date(f.followedAt))}</span>
            {f.tradeAccess ? <span className="badge badge-trade">Trade access</span> : <span>No trade access</span>}
          </span>
        </>
      )}
    </PeoplePage>
  );
}
