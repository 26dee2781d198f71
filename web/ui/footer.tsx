import { useLocation } from 'react-router';
import { pagePath } from '../../core/pages';
import { openConsentChoices } from '../lib/analytics';
import { useAuth, useSignOut } from '../lib/auth';
import { Link } from './link';

/**
 * The shared footer: who is signed in with a Sign out link back to / (the seed's footer, issue 43;
 * the account menu keeps its own), a way back (not on the page it leads to), Privacy choices.
 */
export function Footer() {
  const { auth } = useAuth();
  const { pathname } = useLocation();
  const signOut = useSignOut();

  return (
    <footer className="site-footer">
      {auth.status === 'signed-in' ? (
        <>
          {pathname !== pagePath('dashboard') && <Link to={pagePath('dashboard')}>← Dashboard</Link>}
          <span>
            Signed in as <strong>{auth.user.email}</strong>
          </span>
          <button type="button" className="link-button" onClick={() => void signOut()}>
            Sign out
          </button>
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
