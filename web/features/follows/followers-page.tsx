import { Link } from 'react-router';
import { FOLLOW_MESSAGES, type FollowersPage as FollowersPageData } from '../../../core/follow';
import { pagePath } from '../../../core/pages';
import { followsApi } from './api';
import { PeoplePage } from './people-page';

/** /followers: who follows the signed-in person's handle (those with an approved handle). */
export function FollowersPage() {
  return (
    <PeoplePage
      title="Followers"
      fetchPage={followsApi.followers}
      people={(p: FollowersPageData) => p.followers}
      empty={FOLLOW_MESSAGES.noFollowers}
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
