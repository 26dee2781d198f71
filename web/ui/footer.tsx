import { Link, useLocation } from 'react-router';
import { pagePath } from '../../core/pages';
import { useAuth, useSignOut } from '../lib/auth';

/** The shared footer: who is signed in, a Sign out link, and a way back (not on the page it leads to). */
export function Footer() {
  const { auth } = useAuth();
  const signOut = useSignOut();
  const { pathname } = useLocation();

  function onSignOut(event: React.MouseEvent) {
    event.preventDefault();
    void signOut();
  }

  return (
    <footer className="site-footer">
      {auth.status === 'signed-in' ? (
        <>
          {pathname !== pagePath('dashboard') && <Link to={pagePath('dashboard')}>← Dashboard</Link>}
          <span>
            Signed in as <strong>{auth.user.email}</strong>
          </span>
          <a href={pagePath('home')} onClick={onSignOut}>
            Sign out
          </a>
        </>
      ) : (
        pathname !== pagePath('home') && <Link to={pagePath('home')}>← Freshlist</Link>
      )}
    </footer>
  );
}
