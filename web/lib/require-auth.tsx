import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { SessionUser } from '../../core/api';
import { pagePath } from '../../core/pages';
import { useAuth } from './auth';
import { loginPath } from './paths';

/** A protected page: a loading line while auth resolves, then the page or /login with a way back. */
export function RequireAuth({ children }: { children: (user: SessionUser) => ReactNode }) {
  const { auth } = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <p className="page-status">Loading...</p>;
  if (auth.status === 'signed-out') {
    // Signed out here on purpose: / is where sign-out lands, not /login.
    if (auth.left) return <Navigate to={pagePath('home')} replace />;
    return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  }
  return <>{children(auth.user)}</>;
}
