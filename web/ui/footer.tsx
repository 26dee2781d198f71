import { Link, useNavigate } from 'react-router';
import { useAuth } from '../app/auth';
import { paths } from '../app/paths';

/** The shared footer: who is signed in, a Sign out link, and a way back. */
export function Footer() {
  const { auth, signOut } = useAuth();
  const navigate = useNavigate();

  async function onSignOut(event: React.MouseEvent) {
    event.preventDefault();
    await signOut(() => navigate(paths.home));
  }

  return (
    <footer className="site-footer">
      {auth.status === 'signed-in' ? (
        <>
          <Link to={paths.dashboard}>← Dashboard</Link>
          <span>
            Signed in as <strong>{auth.user.email}</strong>
          </span>
          <a href={paths.home} onClick={onSignOut}>
            Sign out
          </a>
        </>
      ) : (
        <Link to={paths.home}>← Freshlist</Link>
      )}
    </footer>
  );
}
