import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type AdminUser, HANDLE_STATE_LABELS } from '../../../core/admin';
import type { SessionUser } from '../../../core/api';
import { pagePath } from '../../../core/pages';
import { track, trackAdminAction } from '../../lib/analytics';
import { errorMessage } from '../../lib/api-client';
import { useApiGet } from '../../lib/use-api';
import { useApiAction } from '../../lib/use-api-action';
import { Link } from '../../ui/link';
import { AdminPage, formatDate } from './admin-page';
import { adminApi } from './api';
import { ConfirmPanel } from './confirm-panel';
import './admin.css';
import '../../ui/admin-area.css';

type Status = { kind: 'success' | 'error'; text: string } | null;

function UserCard({
  user,
  me,
  onChanged,
  onStatus,
}: {
  user: AdminUser;
  me: SessionUser;
  onChanged(): void;
  onStatus(status: Status): void;
}) {
  const [confirming, setConfirming] = useState<'delete' | 'end-sessions' | 'admin' | null>(null);
  /** The result of an action that keeps the row, shown on the row itself. */
  const [rowStatus, setRowStatus] = useState<Status>(null);
  const headingId = useId();
  const isMe = user.id === me.id;
  // The server refuses these to anyone but the owner: they are not offered (issue 33).
  const ownerOnly = user.admin && !me.owner;

  /** `where`: 'row' when the person stays in the list, 'page' when the action removes them. */
  const reportTo = (where: 'row' | 'page') => (where === 'row' ? setRowStatus : onStatus);
  const action = useApiAction(
    async (work: () => Promise<string>, where: 'row' | 'page') => {
      onStatus(null);
      setRowStatus(null);
      reportTo(where)({ kind: 'success', text: await work() });
      onChanged();
    },
    {
      onError: (err, _work, where) => {
        reportTo(where)({ kind: 'error', text: errorMessage(err) });
        return undefined;
      },
    },
  );
  const { busy } = action;

  async function run(work: () => Promise<string>, where: 'row' | 'page' = 'row') {
    await action.run(work, where);
    setConfirming(null);
  }

  const toggleAdmin = () =>
    run(async () => {
      await adminApi.setAdmin(user.id, { admin: !user.admin });
      trackAdminAction(user.admin ? 'user.admin-remove' : 'user.admin-grant');
      return user.admin ? `${user.email} is no longer an admin.` : `${user.email} is now an admin.`;
    });

  const endSessions = () =>
    run(async () => {
      const { ended } = await adminApi.endSessions(user.id);
      trackAdminAction('user.sessions-end');
      return ended === 0
        ? `${user.email} was not signed in anywhere.`
        : `Signed ${user.email} out of ${ended} ${ended === 1 ? 'session' : 'sessions'}.`;
    });

  const remove = () =>
    run(async () => {
      const { summary } = await adminApi.deleteUser(user.id);
      trackAdminAction('user.delete');
      return `Deleted ${summary.email}. A backup is kept under Deleted users.`;
    }, 'page');

  return (
    <li className="admin-item" aria-labelledby={headingId}>
      <div className="admin-item-main">
        <h3 id={headingId}>
          {user.displayName || user.email}
          {user.handle && (
            <>
              {' '}
              <Link to={pagePath('profile', { handle: user.handle })}>@{user.handle}</Link>
            </>
          )}
        </h3>
        <p className="admin-item-email">{user.email}</p>
        <p className="badges">
          <span className={`badge badge-${user.state}`}>{HANDLE_STATE_LABELS[user.state]}</span>
          {user.owner && <span className="badge badge-owner">Owner</span>}
          {user.admin && <span className="badge badge-admin">Admin</span>}
          {user.adminCreated && <span className="badge">Admin-created</span>}
          {!user.signedIn && <span className="badge">Not signed in yet</span>}
        </p>
        <p className="admin-item-meta">
          Joined {formatDate(user.createdAt)}
          {user.invitedBy && <> · invited by {user.invitedBy}</>}
          {user.restoredAt !== null && <> · restored {formatDate(user.restoredAt)}</>}
        </p>
        <div role="status" aria-live="polite">
          {rowStatus && (
            <p className={`alert ${rowStatus.kind === 'success' ? 'alert-success' : 'alert-error'}`}>{rowStatus.text}</p>
          )}
        </div>
      </div>
      {isMe ? (
        <p className="muted admin-item-actions">This is you.</p>
      ) : ownerOnly ? (
        <p className="muted admin-item-actions">An admin: only the owner can change this account.</p>
      ) : confirming === 'delete' ? (
        <ConfirmPanel
          confirmLabel="Yes, delete"
          busyLabel="Deleting..."
          busy={busy}
          onConfirm={remove}
          onCancel={() => setConfirming(null)}
        >
          <p>
            Delete <strong>{user.email}</strong>? Their profile, handle, posts and follows are removed; a backup is kept and they
            can be restored from Deleted users.
          </p>
        </ConfirmPanel>
      ) : confirming === 'admin' ? (
        <ConfirmPanel
          confirmLabel={user.admin ? 'Yes, remove admin' : 'Yes, make admin'}
          busyLabel="Saving..."
          busy={busy}
          onConfirm={toggleAdmin}
          onCancel={() => setConfirming(null)}
        >
          <p>
            {user.admin ? (
              <>
                Remove the admin flag from <strong>{user.email}</strong>? They lose the admin area.
              </>
            ) : (
              <>
                Make <strong>{user.email}</strong> an admin? They can manage invites, users and backups.
              </>
            )}
          </p>
        </ConfirmPanel>
      ) : confirming === 'end-sessions' ? (
        <ConfirmPanel
          confirmLabel="Yes, sign them out"
          busyLabel="Signing out..."
          busy={busy}
          onConfirm={endSessions}
          onCancel={() => setConfirming(null)}
        >
          <p>
            Sign <strong>{user.email}</strong> out on every device? Nothing of theirs is removed; they can sign in again.
          </p>
        </ConfirmPanel>
      ) : (
        <div className="admin-item-actions">
          <button type="button" className="button button-small" onClick={() => setConfirming('admin')} disabled={busy}>
            {user.admin ? 'Remove admin' : 'Make admin'}
          </button>
          <button type="button" className="button button-small" onClick={() => setConfirming('end-sessions')} disabled={busy}>
            End sessions
          </button>
          <button
            type="button"
            className="button button-small button-danger-outline"
            onClick={() => setConfirming('delete')}
            disabled={busy}
          >
            Delete
          </button>
        </div>
      )}
    </li>
  );
}

function UsersOverview({ me }: { me: SessionUser }) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const [status, setStatus] = useState<Status>(null);
  const list = useApiGet(() => adminApi.users(q), [q]);

  function onSearch(event: FormEvent) {
    event.preventDefault();
    const next = draft.trim();
    setParams(next ? { q: next } : {});
  }

  const users = list.data?.users;
  // One search event per query, once its results are in (only its length: the text may name a person).
  const searched = useRef('');
  useEffect(() => {
    if (!q || !users || searched.current === q) return;
    searched.current = q;
    track('search', { length: q.length, results: users.length });
  }, [q, users]);

  return (
    <>
      <search>
        <form className="admin-search" onSubmit={onSearch}>
          <label htmlFor="user-search">Search by handle or email</label>
          <div className="admin-search-row">
            <input id="user-search" type="search" value={draft} onChange={(e) => setDraft(e.target.value)} autoComplete="off" />
            <button type="submit" className="button button-primary">
              Search
            </button>
          </div>
        </form>
      </search>
      <div aria-live="polite" role="status" className="admin-status">
        {status?.kind === 'success' && <p className="alert alert-success">{status.text}</p>}
      </div>
      {status?.kind === 'error' && (
        <p className="alert alert-error" role="alert">
          {status.text}
        </p>
      )}
      {list.error && (
        <p className="alert alert-error" role="alert">
          {list.error.message}
        </p>
      )}
      {list.loading && !users && <p className="page-status">Loading users...</p>}
      {users && (
        <>
          <p className="muted">
            {users.length === 0
              ? q
                ? `No users match “${q}”.`
                : 'No users yet.'
              : `${users.length} user${users.length === 1 ? '' : 's'}${q ? ` matching “${q}”` : ''}.`}
            {list.data?.truncated && ' Showing the newest ones only: narrow the search to see others.'}
          </p>
          <ul className="admin-list">
            {users.map((user) => (
              <UserCard key={user.id} user={user} me={me} onChanged={list.reload} onStatus={setStatus} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}

export function UsersOverviewPage() {
  return <AdminPage title="Users overview">{(me) => <UsersOverview me={me} />}</AdminPage>;
}
