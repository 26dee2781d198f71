import { useState } from 'react';
import type { InviteRequestView } from '../../../core/invite';
import { pagePath } from '../../../core/pages';
import { relativeTime } from '../../../core/time';
import { trackAdminAction } from '../../lib/analytics';
import { RequireAdmin } from '../../lib/require-admin';
import { useApiGet } from '../../lib/use-api';
import { useApiAction } from '../../lib/use-api-action';
import { AdminFrame, useActionNotice } from '../../ui/admin-frame';
import { ConfirmButton } from '../../ui/confirm-button';
import { HandleInput } from '../../ui/handle-input';
import { ItemList } from '../../ui/item-list';
import { Link } from '../../ui/link';
import { invitesApi } from './api';
import './invites.css';
import '../../ui/admin-area.css';

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
  // Either way the card goes once it is done: it stays busy until then.
  const act = useApiAction(
    async (action: 'convert' | 'delete') => {
      if (action === 'delete') {
        await invitesApi.removeRequest(request.userId);
        trackAdminAction('invite-request.delete');
        onDone(`Deleted the request from ${request.email}.`);
        return;
      }
      const { handle: invited } = await invitesApi.convertRequest(request.userId, { handle });
      trackAdminAction('invite-request.convert');
      // The conversion mails the invite (#31): the admin has nothing left to send.
      onDone(`Invite for @${invited} mailed to ${request.email}.`);
    },
    { staysBusy: true },
  );
  const { busy, error } = act;

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
      <HandleInput
        id={`convert-${request.userId}`}
        label="Handle for the invite"
        value={handle}
        onChange={setHandle}
        error={error}
      />
      <div className="form-actions">
        <button type="button" className="button button-primary" disabled={busy} onClick={() => act.run('convert')}>
          Convert to invite
        </button>
        <ConfirmButton
          label="Delete"
          ariaLabel={`Delete the request from ${request.email}`}
          question={`Delete the request from ${request.email}?`}
          disabled={busy}
          onConfirm={() => act.run('delete')}
        />
      </div>
    </li>
  );
}

function AdminInviteRequests() {
  const data = useApiGet(() => invitesApi.inviteRequests(), []);
  const { notice, done } = useActionNotice(data);
  return (
    <AdminFrame
      title="Invite requests"
      resource={data}
      notice={notice}
      footer={
        <p>
          <Link to={pagePath('adminInvitesPending')}>Pending invites</Link>
        </p>
      }
    >
      {({ requests }) => (
        <ItemList items={requests} empty="No invite requests.">
          {(request) => <RequestCard key={request.userId} request={request} onDone={done} />}
        </ItemList>
      )}
    </AdminFrame>
  );
}

/** /admin/invite-requests: convert a request into an invite, or delete it. */
export function AdminInviteRequestsPage() {
  return <RequireAdmin>{() => <AdminInviteRequests />}</RequireAdmin>;
}
