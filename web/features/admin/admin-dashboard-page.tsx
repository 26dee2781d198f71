import type { SessionUser } from '../../../core/api';
import { NOTE_PAGES, NOTE_SLUGS } from '../../../core/notes';
import { notePageKey, pagePath } from '../../../core/pages';
import { RequireAdmin } from '../../lib/require-admin';
import { useApiGet } from '../../lib/use-api';
import { Link } from '../../ui/link';
import { adminApi } from './api';
import './admin.css';

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
  const overview = useApiGet(() => adminApi.overview(), []);
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
          <Count label="Invite requests" value={counts?.inviteRequests} to={pagePath('adminInviteRequests')} />
          <Count label="Pending invites" value={counts?.pendingInvites} to={pagePath('adminInvitesPending')} />
          <Count label="Users" value={counts?.users} to={pagePath('adminUsers')} />
          <Count label="Handle requests" value={counts?.handleRequests} to={user.owner ? pagePath('adminHandles') : undefined} />
          <Count label="Deleted users" value={counts?.deletedUsers} to={pagePath('adminDeletedUsers')} />
        </ul>
      </section>

      <div className="admin-sections">
        <section className="card" aria-labelledby="people-heading">
          <h2 id="people-heading">People and handles</h2>
          <ul className="admin-links">
            <li>
              <Link to={pagePath('adminInviteRequests')}>Invite requests</Link>
            </li>
            <li>
              <Link to={pagePath('adminInvitesPending')}>Pending invites</Link>
            </li>
            <li>
              <Link to={pagePath('adminInvite')}>Create an invite or handle</Link>
            </li>
            <li>
              <Link to={pagePath('adminUsers')}>Users overview</Link>
            </li>
            <li>
              <Link to={pagePath('adminDeletedUsers')}>Deleted users</Link>
            </li>
            {user.owner && (
              <li>
                <Link to={pagePath('adminHandles')}>Handle management</Link> <span className="muted">(owner only)</span>
              </li>
            )}
          </ul>
        </section>

        <section className="card" aria-labelledby="notes-heading">
          <h2 id="notes-heading">Planning notes</h2>
          <ul className="admin-links">
            {NOTE_SLUGS.map((slug) => (
              <li key={slug}>
                <Link to={pagePath(notePageKey(slug))}>{NOTE_PAGES[slug]}</Link>
              </li>
            ))}
          </ul>
        </section>

        <section className="card" aria-labelledby="system-heading">
          <h2 id="system-heading">System</h2>
          <ul className="admin-links">
            <li>
              <Link to={pagePath('adminIndexCheck')}>Test upload indexes</Link>
            </li>
            <li>
              <Link to={pagePath('adminAuditLog')}>Audit log</Link>
            </li>
            <li>
              <Link to={pagePath('adminAnalytics')}>Analytics</Link>
            </li>
            <li>
              <Link to={pagePath('adminEmail')}>Email</Link>
            </li>
            <li>
              <Link to={pagePath('adminLinkChecks')}>Link checks</Link>
            </li>
            <li>
              <Link to={pagePath('adminJobs')}>Background jobs</Link>
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
