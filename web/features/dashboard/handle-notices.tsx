import { useEffect } from 'react';
import { pagePath } from '../../../core/pages';
import { useApiGet } from '../../lib/use-api';
import { Link } from '../../ui/link';
import { dashboardApi } from './api';

/**
 * An admin removed the person's handle (issue 15): said once. Shown, it counts as seen, so the
 * next visit shows the plain no-handle state.
 */
export function HandleRemovedNotice() {
  useEffect(() => {
    void dashboardApi.removedHandleNoticeSeen().catch(() => undefined);
  }, []);
  return (
    <p className="alert alert-warning" role="status">
      Your handle was removed by an administrator. Your public page and its lists are no longer shown. You can request a new
      handle below.
    </p>
  );
}

const people = (n: number) => (n === 1 ? '1 person follows you' : `${n} people follow you`);

/** How many people follow the owner, all of them, with or without a public page. */
export function FollowerCount() {
  const followers = useApiGet(() => dashboardApi.followers(), []);
  if (!followers.data) return null;
  return (
    <p className="follower-count">
      <Link to={pagePath('followers')}>{people(followers.data.total)}</Link>
    </p>
  );
}
