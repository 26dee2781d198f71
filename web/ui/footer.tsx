import { useLocation } from 'react-router';
import { pagePath } from '../../core/pages';
import { openConsentChoices } from '../lib/analytics';
import { useAuth } from '../lib/auth';
import { Link } from './link';

/**
 * The shared footer: who is signed in, a way back (not on the page it leads to), Privacy choices.
 * Sign out lives in the header's account menu only (#31: it was offered twice).
 */
export function Footer() {
  const { auth } = useAuth();
  const { pathname } = useLocation();

  return (
    <footer className="site-footer">
      {auth.status === 'signed-in' ? (
        <>
          {pathname !== pagePath('dashboard') && <Link to={pagePath('dashboard')}>← Dashboard</Link>}
          <span>
            Signed in as <strong>{auth.user.email}</strong>
          </span>
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
