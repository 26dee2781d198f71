import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { SessionUser } from '../../core/api';
import { pagePath } from '../../core/pages';
import { useAuth } from './auth';
import { loginPath } from './paths';

/**
 * An admin page (spec 6): 'Loading...' while auth resolves; visitors and non-admins go to /login
 * (visitors come back after signing in; signed-in non-admins move on from /login to /dashboard).
 * `ownerOnly` pages (/admin/handles) admit only the OWNER_EMAIL account and send anyone else to /.
 */
export function RequireAdmin({
  children,
  ownerOnly = false,
}: {
  children: (user: SessionUser) => ReactNode;
  ownerOnly?: boolean;
}) {
  const { auth } = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <p className="page-status">Loading...</p>;
  if (ownerOnly) {
    if (auth.status !== 'signed-in' || !auth.user.owner) return <Navigate to={pagePath('home')} replace />;
    return <>{children(auth.user)}</>;
  }
  if (auth.status !== 'signed-in') {
    if (auth.left) return <Navigate to={pagePath('home')} replace />;
    return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  }
  // Not with a redirect back: /login forwards signed-in people to it, and this guard would send
  // them to /login again, forever. Without one, /login forwards them to /dashboard.
  if (!auth.user.admin) return <Navigate to={loginPath()} replace />;
  return <>{children(auth.user)}</>;
}
