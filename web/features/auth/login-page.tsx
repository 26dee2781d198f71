import { Navigate, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../../core/api';
import { pagePath } from '../../../core/pages';
import { useAuth } from '../../lib/auth';
import { pageOf } from '../../lib/current-page';
import { rememberFollowIntent } from '../../lib/follow-intent';
import { SignInButton } from '../../lib/sign-in-button';
import { Link } from '../../ui/link';

/** The handle a sign-in is for, when it comes from a Follow (a profile or a list's page with followAfterLogin=true). */
function followTarget(redirect: string): string | null {
  const url = new URL(redirect, window.location.origin);
  if (url.searchParams.get('followAfterLogin') !== 'true') return null;
  const page = pageOf(url.pathname);
  return page?.key === 'profile' || page?.key === 'list' ? (page.params.handle ?? null) : null;
}

export function LoginPage() {
  const { auth } = useAuth();
  const [params] = useSearchParams();
  const redirect = safeRedirectPath(params.get('redirect'));
  const failed = params.get('error') === '1';
  const following = followTarget(redirect);

  if (auth.status === 'loading') return <p className="page-status">Loading...</p>;
  if (auth.status === 'signed-in') return <Navigate to={redirect} replace />;

  return (
    <main className="page page-narrow center">
      <h1>{following ? `Sign in to follow @${following}` : 'Sign in to Freshlist'}</h1>
      <p className="muted">Follow suppliers and restaurants, and share your own latest list.</p>
      {failed && (
        <p className="alert alert-error" role="alert">
          Failed to sign in. Please try again.
        </p>
      )}
      <SignInButton redirect={redirect} onStart={following ? () => rememberFollowIntent(following) : undefined} />
      <p>
        <Link to={pagePath('home')}>Back to start</Link>
      </p>
    </main>
  );
}
