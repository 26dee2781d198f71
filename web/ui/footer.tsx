import { useLocation } from 'react-router';
import { pagePath } from '../../core/pages';
import { openConsentChoices } from '../lib/analytics';
import { useAuth, useSignOut } from '../lib/auth';
import { Link } from './link';

/** The shared footer: who is signed in, a Sign out link, a way back (not on the page it leads to), Privacy choices. */
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
      <button type="button" className="link-button" onClick={openConsentChoices}>
        Privacy choices
      </button>
    </footer>
  );
}
