import { Navigate } from 'react-router';
import { pagePath } from '../../../core/pages';
import { useAuth } from '../../lib/auth';
import { loginPath } from '../../lib/paths';
import { Link } from '../../ui/link';

export function LandingPage() {
  const { auth } = useAuth();
  if (auth.status === 'signed-in') return <Navigate to={pagePath('dashboard')} replace />;

  return (
    <main className="page landing">
      <p className="brand">Freshlist</p>
      <h1>Share your latest list, always up to date.</h1>
      <p className="lead">
        Post one link to the menu, price list or catalogue you already keep on Google Drive or Dropbox. Your followers always see
        the newest version.
      </p>
      <Link className="button button-primary" to={loginPath()}>
        Sign in
      </Link>
      <p className="muted">
        <Link to={pagePath('explore')}>Explore lists from suppliers and restaurants</Link> near you.
      </p>
      <section className="card landing-suppliers" aria-labelledby="suppliers-heading">
        <h2 id="suppliers-heading">Do you supply restaurants or shops?</h2>
        <p>Get your own @handle: share your price list once, and every customer who follows you sees each new version.</p>
        <Link className="button" to={pagePath('requestHandle')}>
          Get your @handle
        </Link>
      </section>
    </main>
  );
}
