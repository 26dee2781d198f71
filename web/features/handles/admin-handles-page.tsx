import { useState } from 'react';
import type { AdminHandlesResponse } from '../../../core/handle';
import { pagePath } from '../../../core/pages';
import { relativeTime } from '../../../core/time';
import { track, trackAdminAction } from '../../lib/analytics';
import { errorMessage } from '../../lib/api-client';
import { RequireAdmin } from '../../lib/require-admin';
import { useApiGet } from '../../lib/use-api';
import { AdminFrame, useActionNotice } from '../../ui/admin-frame';
import { ErrorAlert } from '../../ui/alert';
import { ConfirmButton } from '../../ui/confirm-button';
import { HandleInput } from '../../ui/handle-input';
import { ItemList } from '../../ui/item-list';
import { Link } from '../../ui/link';
import { handlesApi } from './api';
import './handles.css';

type HandleRequestRow = AdminHandlesResponse['requests'][number];
type HandleRow = AdminHandlesResponse['handles'][number];

function RequestCard({ request, onDone }: { request: HandleRequestRow; onDone(message: string): void }) {
  const [handle, setHandle] = useState(request.handle);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function act(action: 'approve' | 'reject') {
    setBusy(true);
    setError(undefined);
    try {
      if (action === 'approve') {
        const { handle: approved } = await handlesApi.approveRequest(request.userId, { handle });
        track('handle_approved', { handle: approved });
        trackAdminAction('handle-request.approve');
        onDone(`Approved @${approved} for ${request.email}.`);
      } else {
        await handlesApi.rejectRequest(request.userId);
        trackAdminAction('handle-request.reject');
        onDone(`Rejected the request for @${request.handle} from ${request.email}.`);
      }
    } catch (err) {
      setError(errorMessage(err));
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
      <HandleInput id={`approve-${request.userId}`} label="Handle to approve" value={handle} onChange={setHandle} error={error} />
      <div className="form-actions">
        <button type="button" className="button button-primary" disabled={busy} onClick={() => act('approve')}>
          Approve
        </button>
        <ConfirmButton
          label="Reject"
          ariaLabel={`Reject @${request.handle}`}
          question={`Reject the request for @${request.handle} from ${request.email}?`}
          confirmLabel="Yes, reject"
          disabled={busy}
          onConfirm={() => act('reject')}
        />
      </div>
    </li>
  );
}

function HandleItem({ row, onDone }: { row: HandleRow; onDone(message: string): void }) {
  const [error, setError] = useState<string>();
  return (
    <li className="handle-row">
      <div>
        <Link to={pagePath('profile', { handle: row.handle })}>@{row.handle}</Link> <span>{row.displayName}</span>
        <div className="muted small">
          {row.email}
          {row.awaitingSignIn && <span className="badge badge-requested">awaiting first sign-in</span>}
        </div>
        <ErrorAlert message={error} />
      </div>
      <ConfirmButton
        label="Delete"
        ariaLabel={`Delete @${row.handle}`}
        question={`Delete @${row.handle}? ${row.displayName} loses the handle.`}
        onConfirm={async () => {
          try {
            await handlesApi.removeHandle(row.handle);
            trackAdminAction('handle.delete');
            onDone(`Deleted @${row.handle}.`);
          } catch (err) {
            setError(errorMessage(err));
          }
        }}
      />
    </li>
  );
}

/** An action's result, shown where the row it removed was (not at the top of a long page). */
function SectionNotice({ text }: { text: string }) {
  return (
    <div className="notice" role="status" aria-live="polite">
      {text && <p className="alert alert-success">{text}</p>}
    </div>
  );
}

function AdminHandles() {
  const data = useApiGet(() => handlesApi.adminHandles(), []);
  const requestNotice = useActionNotice(data);
  const handleNotice = useActionNotice(data);
  return (
    <AdminFrame title="Handles" resource={data} notice="">
      {({ requests, handles }) => (
        <>
          <section aria-labelledby="requests-heading">
            <h2 id="requests-heading">Handle requests ({requests.length})</h2>
            <SectionNotice text={requestNotice.notice} />
            <ItemList items={requests} empty="No pending handle requests.">
              {(request) => <RequestCard key={request.userId} request={request} onDone={requestNotice.done} />}
            </ItemList>
          </section>
          <section aria-labelledby="handles-heading">
            <h2 id="handles-heading">All handles ({handles.length})</h2>
            <SectionNotice text={handleNotice.notice} />
            <ItemList items={handles} empty="No handles yet." className="admin-list card handle-list">
              {(row) => <HandleItem key={row.handle} row={row} onDone={handleNotice.done} />}
            </ItemList>
          </section>
        </>
      )}
    </AdminFrame>
  );
}

/** /admin/handles (spec 2): only the OWNER_EMAIL account; anyone else is sent to /. */
export function AdminHandlesPage() {
  return <RequireAdmin ownerOnly>{() => <AdminHandles />}</RequireAdmin>;
}
