import { useState } from 'react';
import type { PendingInvite } from '../../../core/invite';
import { pagePath } from '../../../core/pages';
import { relativeTime } from '../../../core/time';
import { trackAdminAction } from '../../lib/analytics';
import { RequireAdmin } from '../../lib/require-admin';
import { useApiGet } from '../../lib/use-api';
import { useApiAction } from '../../lib/use-api-action';
import { AdminFrame, useActionNotice } from '../../ui/admin-frame';
import { ErrorAlert } from '../../ui/alert';
import { ConfirmButton } from '../../ui/confirm-button';
import { ItemList } from '../../ui/item-list';
import { Link } from '../../ui/link';
import { invitesApi } from './api';
import './invites.css';
import '../../ui/admin-area.css';

function InviteRow({ invite, onDone }: { invite: PendingInvite; onDone(message: string): void }) {
  const [sent, setSent] = useState(invite.sent);
  const link = `${window.location.origin}${pagePath('invite', { handle: invite.handle })}`;
  const sentId = `sent-${invite.handle}`;

  /** Marking it sent, or deleting it: one at a time, their failures in one place. */
  const act = useApiAction((work: () => Promise<void>) => work());

  const toggle = (next: boolean) =>
    act.run(async () => {
      setSent(next);
      try {
        await invitesApi.markSent(invite.handle, next);
      } catch (err) {
        setSent(!next);
        throw err;
      }
      trackAdminAction('invite.sent');
    });

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
      <ErrorAlert message={act.error} />
      <div className="form-actions">
        <label className="checkbox" htmlFor={sentId}>
          <input id={sentId} type="checkbox" checked={sent} disabled={act.busy} onChange={(e) => toggle(e.target.checked)} />
          Sent
        </label>
        <ConfirmButton
          label="Delete"
          ariaLabel={`Delete the invite for @${invite.handle}`}
          question={`Delete the invite for @${invite.handle}?`}
          onConfirm={() =>
            act.run(async () => {
              await invitesApi.removeInvite(invite.handle);
              trackAdminAction('invite.delete');
              onDone(`Deleted the invite for @${invite.handle}.`);
            })
          }
        />
      </div>
    </li>
  );
}

function AdminInvitesPending() {
  const data = useApiGet(() => invitesApi.pendingInvites(), []);
  const { notice, done } = useActionNotice(data);
  return (
    <AdminFrame
      title="Pending invites"
      resource={data}
      notice={notice}
      footer={
        <p>
          <Link to={pagePath('adminInvite')}>Create an invite</Link>
        </p>
      }
    >
      {({ invites, acceptedCount }) => (
        <>
          <p className="lead">
            {invites.length} waiting · {acceptedCount} accepted
          </p>
          <ItemList items={invites} empty="No pending invites.">
            {(invite) => <InviteRow key={invite.handle} invite={invite} onDone={done} />}
          </ItemList>
        </>
      )}
    </AdminFrame>
  );
}

/** /admin/invites-pending: unused invites with their sent mark; accepted ones are counted. */
export function AdminInvitesPendingPage() {
  return <RequireAdmin>{() => <AdminInvitesPending />}</RequireAdmin>;
}
