import { pagePath } from '../../../core/pages';
import { Link } from '../../ui/link';

/** An unknown /{handle} says so and offers Explore, as an unknown list's page does (issue 43: it went to / without a word). */
export function NoSuchBusiness({ handle }: { handle: string }) {
  return (
    <main className="page page-narrow center">
      <h1>
        No business called <span className="handle-whole">@{handle.toLowerCase()}</span>
      </h1>
      <p className="muted">Check the address, or find the business on Explore.</p>
      <p>
        <Link className="button button-primary" to={pagePath('explore')}>
          Explore businesses on Freshlist
        </Link>
      </p>
    </main>
  );
}
