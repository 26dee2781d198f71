import { Navigate } from 'react-router';
import { pagePath } from '../../../core/pages';
import { RequireAuth } from '../../lib/require-auth';
import { useApiGet } from '../../lib/use-api';
import { businessProfileApi } from './api';
import { BusinessProfileForm } from './business-profile-form';
import { OrderingTermsForm } from './ordering-terms-form';
import './business-profile.css';

function EditProfile() {
  const profile = useApiGet(() => businessProfileApi.get(), []);
  const terms = useApiGet(() => businessProfileApi.terms(), []);
  if (profile.error?.status === 403) return <Navigate to={pagePath('dashboard')} replace />;
  return (
    <main className="page page-narrow">
      <h1>Business profile</h1>
      <p className="lead">What people see on your page, your QR card, link previews and in Explore.</p>
      {profile.error && (
        <p className="alert alert-error" role="alert">
          {profile.error.message}
        </p>
      )}
      {profile.data ? <BusinessProfileForm profile={profile.data} /> : !profile.error && <p className="muted">Loading...</p>}
      {profile.data && terms.data && <OrderingTermsForm terms={terms.data.terms} />}
    </main>
  );
}

/** /settings/profile (issue 15 §3): the holder of an approved handle edits their business profile. */
export function BusinessProfilePage() {
  return (
    <RequireAuth>
      {(user) => (user.approved && user.handle ? <EditProfile /> : <Navigate to={pagePath('dashboard')} replace />)}
    </RequireAuth>
  );
}
