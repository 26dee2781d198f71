import { useId, useState } from 'react';
import { ADMIN_MESSAGES, type DeletedUser, type RestoreResponse } from '../../../core/admin';
import { trackAdminAction } from '../../lib/analytics';
import { ApiRequestError, errorMessage } from '../../lib/api-client';
import { useApiGet } from '../../lib/use-api';
import { useApiAction } from '../../lib/use-api-action';
import { AdminPage, formatDateTime } from './admin-page';
import { adminApi } from './api';
import { ConfirmPanel } from './confirm-panel';
import './admin.css';
import '../../ui/admin-area.css';

type Status = { kind: 'success' | 'error'; lines: string[] } | null;

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function restoredLines(email: string, r: RestoreResponse): string[] {
  const what = [count(r.posts, 'post'), `${count(r.following, 'follow')} of others`, count(r.followers, 'follower')].join(', ');
  return [`Restored ${email}${r.handle ? ` as @${r.handle}` : ''} with ${what}.`, ...r.notes];
}

function DeletedUserCard({ entry, onChanged, onStatus }: { entry: DeletedUser; onChanged(): void; onStatus(s: Status): void }) {
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  const { summary } = entry;
  const send = useApiAction(
    async (overwrite: boolean) => {
      onStatus(null);
      const result = await adminApi.restoreUser(entry.userId, { overwrite });
      trackAdminAction('user.restore');
      onStatus({ kind: 'success', lines: restoredLines(summary.email, result) });
      setConfirming(false);
      onChanged();
    },
    {
      // Shown above the list, not on the card.
      onError: (err, overwrite) => {
        // The person signed in again since the list loaded: ask, as for a known conflict.
        if (err instanceof ApiRequestError && err.status === 409 && !overwrite) setConfirming(true);
        else onStatus({ kind: 'error', lines: [errorMessage(err)] });
        return undefined;
      },
    },
  );
  const { busy } = send;

  function restore(overwrite: boolean) {
    if (entry.conflict && !overwrite) setConfirming(true);
    else void send.run(overwrite);
  }

  const holds = [
    count(summary.posts, 'post'),
    `following ${summary.following}`,
    count(summary.followers, 'follower'),
    ...(summary.forms > 0 ? [count(summary.forms, 'chat form')] : []),
    ...(summary.hasInvite ? ['invite'] : []),
    ...(summary.hasInviteRequest ? ['invite request'] : []),
    ...(summary.hasHandleRequest ? ['handle request'] : []),
  ];

  return (
    <li className="admin-item" aria-labelledby={headingId}>
      <div className="admin-item-main">
        <h3 id={headingId}>
          {summary.displayName || summary.email}
          {summary.handle && <span className="muted"> @{summary.handle}</span>}
        </h3>
        <p className="admin-item-email">{summary.email}</p>
        <p className="admin-item-meta">
          Deleted {formatDateTime(entry.deletedAt)}
          {entry.selfDeleted ? <> by themselves</> : entry.deletedBy && <> by {entry.deletedBy}</>}
          {entry.restoredAt !== null && <> · restored {formatDateTime(entry.restoredAt)}</>}
          {' · '}backup kept until {formatDateTime(entry.purgeAt)}
        </p>
        <p className="admin-item-meta">Backup: {holds.join(' · ')}</p>
        {entry.conflict && entry.restoredAt === null && (
          <p className="badges">
            <span className="badge badge-requested">Exists again</span>
          </p>
        )}
      </div>
      {confirming ? (
        <ConfirmPanel
          confirmLabel="Overwrite and restore"
          busyLabel="Restoring..."
          busy={busy}
          onConfirm={() => restore(true)}
          onCancel={() => setConfirming(false)}
        >
          <p>{ADMIN_MESSAGES.restoreExists}</p>
        </ConfirmPanel>
      ) : entry.restoredAt !== null ? (
        // Restored already (#31): restoring again would only overwrite what they did since.
        <p className="admin-item-actions">
          <span className="badge badge-approved">Restored</span>
        </p>
      ) : (
        <div className="admin-item-actions">
          <button type="button" className="button button-small" onClick={() => restore(false)} disabled={busy}>
            {busy ? 'Restoring...' : 'Restore'}
          </button>
        </div>
      )}
    </li>
  );
}

function DeletedUsers() {
  const list = useApiGet(() => adminApi.deletedUsers(), []);
  const [status, setStatus] = useState<Status>(null);
  const entries = list.data?.deletedUsers;
  return (
    <>
      <div aria-live="polite" role="status" className="admin-status">
        {status?.kind === 'success' && (
          <div className="alert alert-success">
            {status.lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        )}
      </div>
      {status?.kind === 'error' && (
        <p className="alert alert-error" role="alert">
          {status.lines[0]}
        </p>
      )}
      {list.error && (
        <p className="alert alert-error" role="alert">
          {list.error.message}
        </p>
      )}
      {list.loading && !entries && <p className="page-status">Loading deleted users...</p>}
      {entries && entries.length === 0 && <p className="muted">No one has been deleted.</p>}
      {entries && entries.length > 0 && (
        <ul className="admin-list">
          {entries.map((entry) => (
            <DeletedUserCard key={entry.userId} entry={entry} onChanged={list.reload} onStatus={setStatus} />
          ))}
        </ul>
      )}
    </>
  );
}

export function DeletedUsersPage() {
  return (
    <AdminPage
      title="Deleted users"
      intro="Each deletion, by an admin or by the person in their settings, keeps a backup of the profile, handle, posts, follows, invites, requests and chat forms for 30 days; then it is erased. Restoring brings back the profile, the handle (unless someone holds it now), posts, follows and forms."
    >
      {() => <DeletedUsers />}
    </AdminPage>
  );
}
