import { LIST_MESSAGES } from '../../../core/list-messages';
import { pagePath } from '../../../core/pages';
import { Link } from '../../ui/link';

/**
 * The business or the list is gone: say so, and offer Explore (and the business, when it is still
 * here). A rendered part of the list's page (issue 39): a first visit to a list does not load it.
 */
export function ListGone({ handle, message, status }: { handle: string; message: string; status: number | undefined }) {
  const listGone = status === 404 && message === LIST_MESSAGES.listGone;
  return (
    <main className="page page-narrow center list-page-gone">
      <h1>{status === 404 ? message : 'This list cannot be shown right now'}</h1>
      {status !== 404 && <p className="muted">{message}</p>}
      <p>
        <Link className="button button-primary" to={pagePath('explore')}>
          Explore businesses on Freshlist
        </Link>
      </p>
      {listGone && (
        <p>
          <Link to={pagePath('profile', { handle })}>See the newest lists of @{handle}</Link>
        </p>
      )}
    </main>
  );
}
