import { useState } from 'react';
import { Link } from 'react-router';
import type { PendingInvite, PendingInvitesResponse } from '../../../core/invite';
import { relativeTime } from '../../../core/time';
import { ApiRequestError, api } from '../../app/api-client';
import { paths } from '../../app/paths';
import { RequireAdmin } from '../../app/require-admin';
import { useApiGet } from '../../app/use-api';
import { ConfirmButton } from '../../ui/confirm-button';

const messageOf = (err: unknown) => (err instanceof ApiRequestError ? err.message : 'Something went wrong. Please try again.');

function InviteRow({ invite, onDone }: { invite: PendingInvite; onDone(message: string): void }) {
  const [sent, setSent] = useState(invite.sent);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const link = `${window.location.origin}${paths.invite(invite.handle)}`;
  const sentId = `sent-${invite.handle}`;

  async function toggle(next: boolean) {
    setBusy(true);
    setError(undefined);
    setSent(next);
    try {
      await api.put(`/api/admin/invites/${encodeURIComponent(invite.handle)}/sent`, { sent: next });
    } catch (err) {
      setSent(!next);
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="card review-card">
      <h3>
        @{invite.handle} <span className="muted">· {invite.displayName}</span>
      </h3>
      <p className="muted">
        {invite.email} · created {relativeTime(invite.createdAt, Date.now())}
        {invite.createdBy && ` by ${invite.createdBy.displayName || invite.createdBy.email}`}
      </p>
      <p className="invite-link">
        Invite link: <a href={link}>{link}</a>
      </p>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <label className="checkbox" htmlFor={sentId}>
          <input id={sentId} type="checkbox" checked={sent} disabled={busy} onChange={(e) => toggle(e.target.checked)} />
          Sent
        </label>
        <ConfirmButton
          label="Delete"
          ariaLabel={`Delete the invite for @${invite.handle}`}
          question={`Delete the invite for @${invite.handle}?`}
          onConfirm={async () => {
            try {
              await api.delete(`/api/admin/invites/${encodeURIComponent(invite.handle)}`);
              onDone(`Deleted the invite for @${invite.handle}.`);
            } catch (err) {
              setError(messageOf(err));
            }
          }}
        />
      </div>
    </li>
  );
}

function AdminInvitesPending() {
  const data = useApiGet<PendingInvitesResponse>('/api/admin/invites');
  const [notice, setNotice] = useState('');
  const done = (message: string) => {
    setNotice(message);
    data.reload();
  };
  return (
    <main className="page page-wide">
      <p className="admin-crumb">
        <Link to={paths.admin}>← Admin</Link>
      </p>
      <h1>Pending invites</h1>
      {data.data && (
        <p className="lead">
          {data.data.invites.length} waiting · {data.data.acceptedCount} accepted
        </p>
      )}
      <div className="notice" role="status" aria-live="polite">
        {notice && <p className="alert alert-success">{notice}</p>}
      </div>
      {data.error && (
        <p className="alert alert-error" role="alert">
          {data.error.message}
        </p>
      )}
      {data.loading && !data.data && <p className="page-status">Loading...</p>}
      {data.data &&
        (data.data.invites.length === 0 ? (
          <p className="muted">No pending invites.</p>
        ) : (
          <ul className="admin-list">
            {data.data.invites.map((invite) => (
              <InviteRow key={invite.handle} invite={invite} onDone={done} />
            ))}
          </ul>
        ))}
      <p>
        <Link to={paths.adminInvite}>Create an invite</Link>
      </p>
    </main>
  );
}

/** /admin/invites-pending: unused invites with their sent mark; accepted ones are counted. */
export function AdminInvitesPendingPage() {
  return <RequireAdmin>{() => <AdminInvitesPending />}</RequireAdmin>;
}
