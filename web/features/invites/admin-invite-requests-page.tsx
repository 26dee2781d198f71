import { useState } from 'react';
import { Link } from 'react-router';
import { normalizeHandleInput } from '../../../core/handle';
import type { InviteRequestView } from '../../../core/invite';
import { relativeTime } from '../../../core/time';
import { ApiRequestError, api } from '../../app/api-client';
import { paths } from '../../app/paths';
import { RequireAdmin } from '../../app/require-admin';
import { useApiGet } from '../../app/use-api';
import { ConfirmButton } from '../../ui/confirm-button';

const messageOf = (err: unknown) => (err instanceof ApiRequestError ? err.message : 'Something went wrong. Please try again.');

function Answer({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd className="admin-text">{value}</dd>
    </>
  );
}

function RequestCard({ request, onDone }: { request: InviteRequestView; onDone(message: string): void }) {
  const [handle, setHandle] = useState(request.handle);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const inputId = `convert-${request.userId}`;

  async function convert() {
    setBusy(true);
    setError(undefined);
    try {
      const { handle: invited } = await api.post<{ handle: string }>(`/api/admin/invite-requests/${request.userId}/convert`, {
        handle,
      });
      onDone(`Invite created for @${invited} (${request.email}).`);
    } catch (err) {
      setError(messageOf(err));
      setBusy(false);
    }
  }

  return (
    <li className="card review-card">
      <h3>
        {request.name} <span className="muted">· @{request.handle}</span>
      </h3>
      <p className="muted">
        {request.email} · asked {relativeTime(request.createdAt, Date.now())}
      </p>
      <dl className="answers">
        <Answer label="Short description" value={request.description} />
        <Answer label="Social accounts" value={request.socials} />
        <Answer label="Expected benefits" value={request.links} />
        <Answer label="Open questions" value={request.questions} />
        <Answer label="Phone" value={request.phone} />
      </dl>
      <label htmlFor={inputId}>Handle for the invite</label>
      <input
        id={inputId}
        value={handle}
        onChange={(e) => setHandle(normalizeHandleInput(e.target.value))}
        autoCapitalize="none"
        spellCheck={false}
        aria-describedby={error ? `${inputId}-error` : undefined}
      />
      {error && (
        <p id={`${inputId}-error`} className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="button button-primary" disabled={busy} onClick={convert}>
          Convert to invite
        </button>
        <ConfirmButton
          label="Delete"
          ariaLabel={`Delete the request from ${request.email}`}
          question={`Delete the request from ${request.email}?`}
          disabled={busy}
          onConfirm={async () => {
            try {
              await api.delete(`/api/admin/invite-requests/${request.userId}`);
              onDone(`Deleted the request from ${request.email}.`);
            } catch (err) {
              setError(messageOf(err));
            }
          }}
        />
      </div>
    </li>
  );
}

function AdminInviteRequests() {
  const data = useApiGet<{ requests: InviteRequestView[] }>('/api/admin/invite-requests');
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
      <h1>Invite requests</h1>
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
        (data.data.requests.length === 0 ? (
          <p className="muted">No invite requests.</p>
        ) : (
          <ul className="admin-list">
            {data.data.requests.map((request) => (
              <RequestCard key={request.userId} request={request} onDone={done} />
            ))}
          </ul>
        ))}
      <p>
        <Link to={paths.adminInvitesPending}>Pending invites</Link>
      </p>
    </main>
  );
}

/** /admin/invite-requests: convert a request into an invite, or delete it. */
export function AdminInviteRequestsPage() {
  return <RequireAdmin>{() => <AdminInviteRequests />}</RequireAdmin>;
}
