import { useState } from 'react';
import { Link } from 'react-router';
import { type AdminHandlesResponse, normalizeHandleInput } from '../../../core/handle';
import { relativeTime } from '../../../core/time';
import { track } from '../../app/analytics';
import { ApiRequestError, api } from '../../app/api-client';
import { paths } from '../../app/paths';
import { RequireAdmin } from '../../app/require-admin';
import { useApiGet } from '../../app/use-api';
import { ConfirmButton } from '../../ui/confirm-button';

type HandleRequestRow = AdminHandlesResponse['requests'][number];
type HandleRow = AdminHandlesResponse['handles'][number];

const messageOf = (err: unknown) => (err instanceof ApiRequestError ? err.message : 'Something went wrong. Please try again.');

function RequestCard({ request, onDone }: { request: HandleRequestRow; onDone(message: string): void }) {
  const [handle, setHandle] = useState(request.handle);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const inputId = `approve-${request.userId}`;

  async function act(action: 'approve' | 'reject') {
    setBusy(true);
    setError(undefined);
    try {
      const url = `/api/admin/handle-requests/${request.userId}/${action}`;
      if (action === 'approve') {
        const { handle: approved } = await api.post<{ handle: string }>(url, { handle });
        track('handle_approved', { handle: approved });
        onDone(`Approved @${approved} for ${request.email}.`);
      } else {
        await api.post(url);
        onDone(`Rejected the request for @${request.handle} from ${request.email}.`);
      }
    } catch (err) {
      setError(messageOf(err));
      setBusy(false);
    }
  }

  return (
    <li className="card review-card">
      <h3>
        @{request.handle} <span className="muted">· {request.displayName}</span>
      </h3>
      <p className="muted">
        {request.email} · requested {relativeTime(request.createdAt, Date.now())}
      </p>
      <p className="admin-text">{request.usageDescription}</p>
      <label htmlFor={inputId}>Handle to approve</label>
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
        <button type="button" className="button button-primary" disabled={busy} onClick={() => act('approve')}>
          Approve
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => act('reject')}>
          Reject
        </button>
      </div>
    </li>
  );
}

function HandleItem({ row, onDone }: { row: HandleRow; onDone(message: string): void }) {
  const [error, setError] = useState<string>();
  return (
    <li className="handle-row">
      <div>
        <Link to={paths.profile(row.handle)}>@{row.handle}</Link> <span>{row.displayName}</span>
        <div className="muted small">
          {row.email}
          {row.awaitingSignIn && <span className="badge badge-requested">awaiting first sign-in</span>}
        </div>
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <ConfirmButton
        label="Delete"
        ariaLabel={`Delete @${row.handle}`}
        question={`Delete @${row.handle}? ${row.displayName} loses the handle.`}
        onConfirm={async () => {
          try {
            await api.delete(`/api/admin/handles/${encodeURIComponent(row.handle)}`);
            onDone(`Deleted @${row.handle}.`);
          } catch (err) {
            setError(messageOf(err));
          }
        }}
      />
    </li>
  );
}

function AdminHandles() {
  const data = useApiGet<AdminHandlesResponse>('/api/admin/handles');
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
      <h1>Handles</h1>
      <div className="notice" role="status" aria-live="polite">
        {notice && <p className="alert alert-success">{notice}</p>}
      </div>
      {data.error && (
        <p className="alert alert-error" role="alert">
          {data.error.message}
        </p>
      )}
      {data.loading && !data.data && <p className="page-status">Loading...</p>}
      {data.data && (
        <>
          <section aria-labelledby="requests-heading">
            <h2 id="requests-heading">Handle requests ({data.data.requests.length})</h2>
            {data.data.requests.length === 0 ? (
              <p className="muted">No pending handle requests.</p>
            ) : (
              <ul className="admin-list">
                {data.data.requests.map((request) => (
                  <RequestCard key={request.userId} request={request} onDone={done} />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="handles-heading">
            <h2 id="handles-heading">All handles ({data.data.handles.length})</h2>
            {data.data.handles.length === 0 ? (
              <p className="muted">No handles yet.</p>
            ) : (
              <ul className="admin-list card handle-list">
                {data.data.handles.map((row) => (
                  <HandleItem key={row.handle} row={row} onDone={done} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </main>
  );
}

/** /admin/handles (spec 2): only the OWNER_EMAIL account; anyone else is sent to /. */
export function AdminHandlesPage() {
  return <RequireAdmin ownerOnly>{() => <AdminHandles />}</RequireAdmin>;
}
