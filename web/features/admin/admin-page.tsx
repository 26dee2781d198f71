import type { ReactNode } from 'react';
import type { SessionUser } from '../../../core/api';
import { pagePath } from '../../../core/pages';
import { RequireAdmin } from '../../lib/require-admin';
import { Link } from '../../ui/link';
import '../../ui/admin-area.css';

/** The frame of every admin sub-page: the admin guard, a way back to the admin dashboard, the heading. */
export function AdminPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: (user: SessionUser) => ReactNode;
}) {
  return (
    <RequireAdmin>
      {(user) => (
        <main className="page page-wide admin">
          <p className="admin-crumb">
            <Link to={pagePath('admin')}>← Admin</Link>
          </p>
          <h1>{title}</h1>
          {intro && <p className="muted">{intro}</p>}
          {children(user)}
        </main>
      )}
    </RequireAdmin>
  );
}

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

export const formatDateTime = (ms: number) => dateTime.format(ms);
export const formatDate = (ms: number) => dateOnly.format(ms);
