import { Link } from 'react-router';
import { FOLLOW_MESSAGES, type FollowersPage as FollowersPageData } from '../../../core/follow';
import { paths } from '../../app/paths';
import { RequireAuth } from '../../app/require-auth';
import { useCursorPages } from '../../app/use-cursor-pages';
import { LoadMore } from '../../ui/load-more';

function Followers() {
  const list = useCursorPages<FollowersPageData>('/api/followers');
  const followers = list.pages.flatMap((p) => p.followers);
  if (list.status === 'loading') return <p className="page-status">Loading...</p>;
  return (
    <>
      {list.error && (
        <p className="alert alert-error" role="alert">
          {list.error.message}
        </p>
      )}
      {followers.length === 0 && !list.error && <p className="muted">{FOLLOW_MESSAGES.noFollowers}</p>}
      <ul className="people-list">
        {followers.map((f) => (
          <li key={f.handle} className="person">
            <Link className="person-handle" to={paths.profile(f.handle)}>
              @{f.handle}
            </Link>
            {f.displayName && <span className="person-name">{f.displayName}</span>}
          </li>
        ))}
      </ul>
      {list.hasMore && <LoadMore busy={list.status === 'more'} onClick={list.loadMore} />}
    </>
  );
}

/** /followers: who follows the signed-in person's handle (those with an approved handle). */
export function FollowersPage() {
  return (
    <RequireAuth>
      {() => (
        <main className="page">
          <h1>Followers</h1>
          <Followers />
        </main>
      )}
    </RequireAuth>
  );
}
