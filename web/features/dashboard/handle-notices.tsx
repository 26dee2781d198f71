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

/**
 * A holder whose business profile has no area or no trades is asked to complete it (#31): Explore
 * finds businesses by them, so without them nobody nearby finds the page.
 */
export function CompleteProfileNudge() {
  const profile = useApiGet(() => dashboardApi.businessProfile(), []);
  if (!profile.data || (profile.data.area && profile.data.trades.length > 0)) return null;
  return (
    <section className="card card-highlight" aria-labelledby="complete-profile-heading">
      <h2 id="complete-profile-heading">Complete your business profile</h2>
      <p>Add your area and trades so people find you on Explore.</p>
      <Link className="button button-primary" to={pagePath('settingsProfile')}>
        Complete your profile
      </Link>
    </section>
  );
}
