import { Link, Navigate, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../../core/api';
import { pagePath } from '../../../core/pages';
import { useAuth } from '../../lib/auth';
import { SignInButton } from '../../lib/sign-in-button';

export function LoginPage() {
  const { auth } = useAuth();
  const [params] = useSearchParams();
  const redirect = safeRedirectPath(params.get('redirect'));
  const failed = params.get('error') === '1';

  if (auth.status === 'loading') return <p className="page-status">Loading...</p>;
  if (auth.status === 'signed-in') return <Navigate to={redirect} replace />;

  return (
    <main className="page page-narrow center">
      <h1>Sign in to Freshlist</h1>
      <p className="muted">Follow suppliers and restaurants, and share your own latest list.</p>
      {failed && (
        <p className="alert alert-error" role="alert">
          Failed to sign in. Please try again.
        </p>
      )}
      <SignInButton redirect={redirect} />
      <p>
        <Link to={pagePath('home')}>Back to start</Link>
      </p>
    </main>
  );
}
