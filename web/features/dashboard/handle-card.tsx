import type { ReactNode } from 'react';
import type { HandleStatus } from '../../../core/handle';
import { pagePath } from '../../../core/pages';
import { CopyButton } from '../../ui/copy-button';
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
    const address = `${window.location.origin}${pagePath('profile', { handle })}`;
    return (
      <section className="card" aria-labelledby="handle-heading">
        <h2 id="handle-heading">@{handle}</h2>
        <p className="public-profile-line">
          Your public profile: <Link to={pagePath('profile', { handle })}>{address}</Link>{' '}
          <CopyButton
            text={address}
            label="Copy"
            copiedLabel="Copied"
            confirmation="Link copied"
            className="button button-small"
            ariaLabel="Copy your public profile's link"
          />
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
      {/* The seed's target (issue 43): the invite request, which offers the direct request too. */}
      <Link className="button button-primary" to={pagePath('requestInvite')}>
        Request a handle
      </Link>
    </section>
  );
}
