import { useState } from 'react';
import { type AdminHandlesResponse, holdEndDay, REJECTION_REASON_MAX_LENGTH } from '../../../core/handle';
import { pagePath } from '../../../core/pages';
import { relativeTime } from '../../../core/time';
import { track, trackAdminAction } from '../../lib/analytics';
import { RequireAdmin } from '../../lib/require-admin';
import { useApiGet } from '../../lib/use-api';
import { useApiAction } from '../../lib/use-api-action';
import { AdminFrame, useActionNotice } from '../../ui/admin-frame';
import { ErrorAlert } from '../../ui/alert';
import { ConfirmButton } from '../../ui/confirm-button';
import { TextAreaField } from '../../ui/form-field';
import { HandleInput } from '../../ui/handle-input';
import { ItemList } from '../../ui/item-list';
import { Link } from '../../ui/link';
import { handlesApi } from './api';
import './handles.css';
import '../../ui/admin-area.css';

type HandleRequestRow = AdminHandlesResponse['requests'][number];
type HandleRow = AdminHandlesResponse['handles'][number];

function RequestCard({ request, onDone }: { request: HandleRequestRow; onDone(message: string): void }) {
  const [handle, setHandle] = useState(request.handle);
  const [reason, setReason] = useState('');
  // Either way the card goes once it is done: it stays busy until then.
  const act = useApiAction(
    async (action: 'approve' | 'reject') => {
      if (action === 'approve') {
        const { handle: approved } = await handlesApi.approveRequest(request.userId, { handle });
        track('handle_approved', { handle: approved });
        trackAdminAction('handle-request.approve');
        onDone(`Approved @${approved} for ${request.email}.`);
      } else {
        await handlesApi.rejectRequest(request.userId, reason);
        trackAdminAction('handle-request.reject');
        onDone(`Rejected the request for @${request.handle} from ${request.email}.`);
      }
    },
    { staysBusy: true },
  );
  const { busy, error } = act;

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
      <TextAreaField
        id={`reason-${request.userId}`}
        label="Reason if you reject (optional)"
        hint="Sent to them in the mail, with what they can do next."
        value={reason}
        maxLength={REJECTION_REASON_MAX_LENGTH}
        rows={2}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="form-actions">
        <button type="button" className="button button-primary" disabled={busy} onClick={() => act.run('approve')}>
          Approve
        </button>
        <ConfirmButton
          label="Reject"
          ariaLabel={`Reject @${request.handle}`}
          question={`Reject the request for @${request.handle} from ${request.email}?`}
          confirmLabel="Yes, reject"
          disabled={busy}
          onConfirm={() => act.run('reject')}
        />
      </div>
    </li>
  );
}

function HandleItem({ row, onDone }: { row: HandleRow; onDone(message: string): void }) {
  const remove = useApiAction(async () => {
    await handlesApi.removeHandle(row.handle);
    trackAdminAction('handle.delete');
    onDone(`Deleted @${row.handle}.`);
  });
  return (
    <li className="handle-row">
      <div>
        <Link to={pagePath('profile', { handle: row.handle })}>@{row.handle}</Link> <span>{row.displayName}</span>
        <div className="muted small">
          {row.email}
          {row.awaitingSignIn && <span className="badge badge-requested">awaiting first sign-in</span>}
        </div>
        <ErrorAlert message={remove.error} />
      </div>
      <ConfirmButton
        label="Delete"
        ariaLabel={`Delete @${row.handle}`}
        question={`Delete @${row.handle}? ${row.displayName} loses the handle; nobody else can claim it until its cooling-off period ends.`}
        onConfirm={() => remove.run()}
      />
    </li>
  );
}

/** A released handle in its cooling-off period, and the owner's way to free it at once (docs/decisions/0170). */
function HoldItem({ hold, onDone }: { hold: { handle: string; heldUntil: number }; onDone(message: string): void }) {
  const release = useApiAction(async () => {
    await handlesApi.releaseHold(hold.handle);
    trackAdminAction('handle.release-hold');
    onDone(`Released @${hold.handle}: it can be claimed now.`);
  });
  return (
    <li className="handle-row">
      <div>
        <strong>@{hold.handle}</strong> <span className="muted">held until {holdEndDay(hold.heldUntil)}</span>
        <ErrorAlert message={release.error} />
      </div>
      <ConfirmButton
        label="Release"
        ariaLabel={`Release @${hold.handle}`}
        question={`Release @${hold.handle} now? Anyone may claim it, and its old QR codes would lead to them.`}
        confirmLabel="Yes, release"
        onConfirm={() => release.run()}
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
  const holdNotice = useActionNotice(data);
  return (
    <AdminFrame title="Handles" resource={data} notice="">
      {({ requests, handles, holds }) => (
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
          <section aria-labelledby="holds-heading">
            <h2 id="holds-heading">Held handles ({holds.length})</h2>
            <p className="muted">
              A deleted handle is held for a cooling-off period, so its old QR codes and links don't lead to someone else. Its
              former holder can still have it back.
            </p>
            <SectionNotice text={holdNotice.notice} />
            <ItemList items={holds} empty="No handles are held." className="admin-list card handle-list">
              {(hold) => <HoldItem key={hold.handle} hold={hold} onDone={holdNotice.done} />}
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
