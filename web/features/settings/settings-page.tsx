import { useEffect, useRef, useState } from 'react';
import { BACKUP_KEEP_DAYS, type DeleteAccountResponse } from '../../../core/account';
import type { SessionUser } from '../../../core/api';
import { pagePath } from '../../../core/pages';
import { useAuth } from '../../lib/auth';
import { RequireAuth } from '../../lib/require-auth';
import { Link } from '../../ui/link';
import { AlertsSection } from './alerts-section';
import { DataSection } from './data-section';
import { DeleteSection } from './delete-section';
import { EmailSection } from './email-section';
import { NotificationsSection } from './notifications-section';
import { PrivacySection } from './privacy-section';
import { TradeSection } from './trade-section';
import './settings.css';

const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' });

/** What a person sees once their account is gone: what happened, until when it can come back, the way out. */
function AccountDeleted({ result }: { result: DeleteAccountResponse }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main className="page page-narrow">
      <h1 ref={heading} tabIndex={-1}>
        Your account has been deleted
      </h1>
      <p className="alert alert-success" role="status">
        You are signed out, and your profile, handle and lists are gone from Freshlist.
      </p>
      <p>
        A backup is kept for {BACKUP_KEEP_DAYS} days: until {day.format(result.restorableUntil)} an admin can restore your account
        if you ask. After that it is erased for good.
      </p>
      <p>
        <Link className="button button-primary" to={pagePath('home')}>
          Go to the Freshlist home page
        </Link>
      </p>
    </main>
  );
}

function Settings({ user, onDeleted }: { user: SessionUser; onDeleted(result: DeleteAccountResponse): void }) {
  return (
    <main className="page settings">
      <h1>Settings</h1>
      <p className="muted">
        Signed in as <strong>{user.email}</strong>.
      </p>
      {user.approved && user.handle && (
        <p>
          Your name, logo, trades and contact details on @{user.handle}:{' '}
          <Link to={pagePath('settingsProfile')}>Business profile</Link>
        </p>
      )}
      <EmailSection />
      <AlertsSection />
      <NotificationsSection />
      <TradeSection holdsHandle={Boolean(user.approved && user.handle)} />
      <PrivacySection />
      <DataSection />
      <DeleteSection user={user} onDeleted={onDeleted} />
    </main>
  );
}

/** /settings (issues 15 §6 and 18): email preferences, analytics consent, download my data, delete my account. */
export function SettingsPage() {
  const { signOut } = useAuth();
  const [deleted, setDeleted] = useState<DeleteAccountResponse | null>(null);
  if (deleted) return <AccountDeleted result={deleted} />;
  return (
    <RequireAuth>
      {(user) => (
        <Settings
          user={user}
          onDeleted={(result) => {
            setDeleted(result);
            // The session went with the account; the header turns to "Sign in" and the page stays.
            void signOut();
          }}
        />
      )}
    </RequireAuth>
  );
}
