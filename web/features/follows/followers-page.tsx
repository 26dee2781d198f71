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

/** Those without a public page are counted, never named (issue 15). */
function Others({ first, shown }: { first: FollowersPageData; shown: number }) {
  const others = first.othersCount;
  if (others === 0) return null;
  return (
    <p className="followers-others">
      {shown > 0
        ? `and ${others} more ${others === 1 ? 'person' : 'people'} without a public page`
        : `${people(others)} without a public page ${others === 1 ? 'follows' : 'follow'} you.`}
    </p>
  );
}

/**
 * /followers: who follows the signed-in person's handle. Named: those with an approved handle
 * (spec 2); counted: everyone.
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
          <Link className="person-handle" to={pagePath('profile', { handle: f.handle })}>
            @{f.handle}
          </Link>
          {f.displayName && <span className="person-name">{f.displayName}</span>}
        </>
      )}
    </PeoplePage>
  );
}
