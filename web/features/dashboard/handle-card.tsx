import type { ReactNode } from 'react';
import type { HandleStatus } from '../../../core/handle';
import { pagePath } from '../../../core/pages';
import { Link } from '../../ui/link';

/** The dashboard's handle section for each handle status (spec 2, /dashboard; spec 4). */
export function HandleCard({
  status,
  handle,
  children,
}: {
  status: HandleStatus | undefined;
  handle: string | null;
  /** More about the handle (its follower count). */
  children?: ReactNode;
}) {
  if (handle) {
    return (
      <section className="card" aria-labelledby="handle-heading">
        <h2 id="handle-heading">@{handle}</h2>
        <p>
          Your public profile:{' '}
          <Link to={pagePath('profile', { handle })}>{`${window.location.origin}${pagePath('profile', { handle })}`}</Link>
        </p>
        {children}
      </section>
    );
  }
  if (!status) {
    return (
      <section className="card" aria-labelledby="handle-heading" aria-busy="true">
        <h2 id="handle-heading">Your handle</h2>
        <p className="muted">Loading...</p>
      </section>
    );
  }
  if (status.status === 'requested') {
    return (
      <section className="card" aria-labelledby="handle-heading">
        <h2 id="handle-heading">Your handle</h2>
        <p>Your request for a handle is being reviewed.</p>
        {status.handleRequest && (
          <p className="muted">
            You asked for <strong>@{status.handleRequest.handle}</strong>.
          </p>
        )}
      </section>
    );
  }
  if (status.status === 'pending-confirm' && status.pendingInvite) {
    return (
      <section className="card card-highlight" aria-labelledby="handle-heading">
        <h2 id="handle-heading">You're invited</h2>
        <p>
          A handle is waiting for you: <strong>@{status.pendingInvite.handle}</strong>.
        </p>
        <Link className="button button-primary" to={pagePath('invite', { handle: status.pendingInvite.handle })}>
          Confirm your handle here
        </Link>
      </section>
    );
  }
  return (
    <section className="card" aria-labelledby="handle-heading">
      <h2 id="handle-heading">Your handle</h2>
      <p>To post lists and get followers, you'll need a handle.</p>
      <Link className="button button-primary" to={pagePath('requestInvite')}>
        Request a handle
      </Link>
    </section>
  );
}
