import type { ReactNode } from 'react';
import { pagePath } from '../../../core/pages';
import type { Profile } from '../../../core/post';
import { BusinessCardView } from '../../ui/business-card';
import { Link } from '../../ui/link';

/** The head of /{handle}: the business card (issue 15 §3) with the page's actions; its owner gets a way to edit it. */
export function ProfileHeader({ profile, children }: { profile: Profile; children: ReactNode }) {
  return (
    <header className="profile-card">
      <BusinessCardView
        handle={profile.handle}
        displayName={profile.displayName}
        business={profile.business}
        actions={children}
      />
      {profile.isOwner && (
        <p className="profile-edit">
          <Link to={pagePath('settingsProfile')}>Edit your business profile</Link>
        </p>
      )}
    </header>
  );
}
