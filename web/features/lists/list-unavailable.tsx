import { UNAVAILABLE_REASONS } from '../../../core/link-check-text';
import { LINK_HEALTH_TEXTS } from '../../../core/link-health-text';
import type { ListPage } from '../../../core/list-page';
import { pagePath } from '../../../core/pages';
import { ContactLinks } from '../../ui/business-card';
import { Link } from '../../ui/link';

/**
 * The link watcher finds the file unavailable (#29): say what is wrong and who to ask, not a dead
 * end. A rendered part of the list's page (issue 39): only a list whose file broke loads it.
 */
export function ListUnavailable({
  profile,
  name,
  reason,
}: {
  profile: ListPage['profile'];
  name: string;
  reason: NonNullable<ListPage['list']['unavailable']>;
}) {
  return (
    <section className="alert alert-warning list-page-unavailable" aria-label={LINK_HEALTH_TEXTS.unavailable}>
      <h2>{LINK_HEALTH_TEXTS.unavailable}</h2>
      <p>{UNAVAILABLE_REASONS[reason]}</p>
      {profile.isOwner ? (
        <p>
          Fix the link where the file lives, or edit it on <Link to={pagePath('dashboard')}>your dashboard</Link>.
        </p>
      ) : (
        <>
          <p>Ask {name} for the current list:</p>
          <ContactLinks business={profile.business} name={name} />
          <p>
            <Link to={pagePath('profile', { handle: profile.handle })}>See all lists of {name}</Link>
          </p>
        </>
      )}
    </section>
  );
}
