import { Link, useNavigate } from 'react-router';
import { pagePath } from '../../core/pages';
import { useAuth } from '../lib/auth';

/** The shared footer: who is signed in, a Sign out link, and a way back. */
export function Footer() {
  const { auth, signOut } = useAuth();
  const navigate = useNavigate();

  async function onSignOut(event: React.MouseEvent) {
    event.preventDefault();
    await signOut(() => navigate(pagePath('home')));
  }

  return (
    <footer className="site-footer">
      {auth.status === 'signed-in' ? (
        <>
          <Link to={pagePath('dashboard')}>← Dashboard</Link>
          <span>
            Signed in as <strong>{auth.user.email}</strong>
          </span>
          <a href={pagePath('home')} onClick={onSignOut}>
            Sign out
          </a>
        </>
      ) : (
        <Link to={pagePath('home')}>← Freshlist</Link>
      )}
    </footer>
  );
}
