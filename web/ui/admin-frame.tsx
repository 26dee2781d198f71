import { type ReactNode, useState } from 'react';
import { pagePath } from '../../core/pages';
import type { ApiResource } from '../lib/use-api';
import { ErrorAlert } from './alert';
import { Link } from './link';
import './admin-area.css';

/** The success line an admin action leaves, and reloading the list it changed. */
export function useActionNotice(resource: ApiResource<unknown>): { notice: string; done(message: string): void } {
  const [notice, setNotice] = useState('');
  return {
    notice,
    done: (message) => {
      setNotice(message);
      resource.reload();
    },
  };
}

/**
 * An admin page over one loaded resource: the way back to /admin, the heading, the live notice,
 * the load error and 'Loading...', then the page's own content once the data is there.
 */
export function AdminFrame<T>({
  title,
  resource,
  notice,
  children,
  footer,
}: {
  title: string;
  resource: ApiResource<T>;
  notice: string;
  children(data: T): ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="page page-wide">
      <p className="admin-crumb">
        <Link to={pagePath('admin')}>← Admin</Link>
      </p>
      <h1>{title}</h1>
      <div className="notice" role="status" aria-live="polite">
        {notice && <p className="alert alert-success">{notice}</p>}
      </div>
      <ErrorAlert message={resource.error?.message} />
      {resource.loading && !resource.data && <p className="page-status">Loading...</p>}
      {resource.data && children(resource.data)}
      {footer}
    </main>
  );
}
