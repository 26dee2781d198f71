import { Link } from 'react-router';
import type { AdminOverview } from '../../../core/admin';
import type { SessionUser } from '../../../core/api';
import { NOTE_PAGES, NOTE_SLUGS } from '../../../core/notes';
import { paths } from '../../lib/paths';
import { RequireAdmin } from '../../lib/require-admin';
import { useApiGet } from '../../lib/use-api';

function Count({ label, value, to }: { label: string; value: number | undefined; to?: string }) {
  const content = (
    <>
      <span className="admin-count-value">{value ?? '…'}</span>
      <span className="admin-count-label">{label}</span>
    </>
  );
  return (
    <li className="admin-count">
      {to ? (
        <Link className="admin-count-box" to={to}>
          {content}
        </Link>
      ) : (
        <span className="admin-count-box">{content}</span>
      )}
    </li>
  );
}

function AdminDashboard({ user }: { user: SessionUser }) {
  const overview = useApiGet<AdminOverview>('/api/admin/overview');
  const counts = overview.data;
  return (
    <main className="page page-wide admin">
      <h1>Admin</h1>
      {overview.error && (
        <p className="alert alert-error" role="alert">
          {overview.error.message}
        </p>
      )}
      <section aria-labelledby="counts-heading">
        <h2 id="counts-heading">At a glance</h2>
        <ul className="admin-counts" aria-busy={overview.loading}>
          <Count label="Invite requests" value={counts?.inviteRequests} to={paths.adminInviteRequests} />
          <Count label="Pending invites" value={counts?.pendingInvites} to={paths.adminInvitesPending} />
          <Count label="Users" value={counts?.users} to={paths.adminUsers} />
          <Count label="Handle requests" value={counts?.handleRequests} to={user.owner ? paths.adminHandles : undefined} />
          <Count label="Deleted users" value={counts?.deletedUsers} to={paths.adminDeletedUsers} />
        </ul>
      </section>

      <div className="admin-sections">
        <section className="card" aria-labelledby="people-heading">
          <h2 id="people-heading">People and handles</h2>
          <ul className="admin-links">
            <li>
              <Link to={paths.adminInviteRequests}>Invite requests</Link>
            </li>
            <li>
              <Link to={paths.adminInvitesPending}>Pending invites</Link>
            </li>
            <li>
              <Link to={paths.adminInvite}>Create an invite or handle</Link>
            </li>
            <li>
              <Link to={paths.adminUsers}>Users overview</Link>
            </li>
            <li>
              <Link to={paths.adminDeletedUsers}>Deleted users</Link>
            </li>
            {user.owner && (
              <li>
                <Link to={paths.adminHandles}>Handle management</Link> <span className="muted">(owner only)</span>
              </li>
            )}
          </ul>
        </section>

        <section className="card" aria-labelledby="notes-heading">
          <h2 id="notes-heading">Planning notes</h2>
          <ul className="admin-links">
            {NOTE_SLUGS.map((slug) => (
              <li key={slug}>
                <Link to={paths.adminNote(slug)}>{NOTE_PAGES[slug]}</Link>
              </li>
            ))}
          </ul>
        </section>

        <section className="card" aria-labelledby="system-heading">
          <h2 id="system-heading">System</h2>
          <ul className="admin-links">
            <li>
              <Link to={paths.adminIndexCheck}>Test upload indexes</Link>
            </li>
            <li>
              <Link to={paths.adminAuditLog}>Audit log</Link>
            </li>
            <li>
              <Link to={paths.adminAnalytics}>Analytics</Link>
            </li>
          </ul>
        </section>
      </div>
    </main>
  );
}

export function AdminDashboardPage() {
  return <RequireAdmin>{(user) => <AdminDashboard user={user} />}</RequireAdmin>;
}
