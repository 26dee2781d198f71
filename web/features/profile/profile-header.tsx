import type { ReactNode } from 'react';
import { pagePath } from '../../../core/pages';
import type { Profile } from '../../../core/post';
import { BusinessCardView } from '../../ui/business-card';
import { Link } from '../../ui/link';

/**
 * What the owner does from their own page (#31): share a list, their QR card, their followers, their
 * business profile. Only `profile.isOwner` shows it, and that comes from the API once the browser
 * knows who looks: the page the server renders and stores is the visitor's (docs/decisions/0108).
 */
function OwnerToolbar({ handle }: { handle: string }) {
  return (
    <nav className="owner-toolbar" aria-label="Your page">
      <Link className="button button-small button-primary" to={pagePath('upload')}>
        Share a new list
      </Link>
      <Link className="button button-small" to={pagePath('follow', { handle })}>
        My QR card
      </Link>
      <Link className="button button-small" to={pagePath('followers')}>
        Followers
      </Link>
      <Link className="button button-small" to={pagePath('settingsProfile')}>
        Edit business profile
      </Link>
    </nav>
  );
}

/** The head of /{handle}: the business card (issue 15 §3) with the page's actions; its owner gets their toolbar. */
export function ProfileHeader({ profile, children }: { profile: Profile; children: ReactNode }) {
  return (
    <header className="profile-card">
      {profile.isOwner && <OwnerToolbar handle={profile.handle} />}
      <BusinessCardView
        handle={profile.handle}
        displayName={profile.displayName}
        business={profile.business}
        actions={children}
      />
    </header>
  );
}
