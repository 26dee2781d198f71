import { useEffect, useState } from 'react';
import { type AuditEntry, adminActionLabel, auditDetailText } from '../../../core/audit';
import { useApiGet } from '../../lib/use-api';
import { AdminPage, formatDateTime } from './admin-page';
import { adminApi } from './api';
import './admin.css';

function AuditLog() {
  const [before, setBefore] = useState<number>();
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const page = useApiGet(() => adminApi.auditLog(before), [before]);

  useEffect(() => {
    if (!page.data) return;
    const fresh = page.data.entries;
    setEntries((shown) => [...shown, ...fresh.filter((e) => !shown.some((s) => s.id === e.id))]);
  }, [page.data]);

  return (
    <>
      {page.error && (
        <p className="alert alert-error" role="alert">
          {page.error.message}
        </p>
      )}
      {page.loading && entries.length === 0 && <p className="page-status">Loading...</p>}
      {!page.loading && entries.length === 0 && !page.error && <p className="muted">No admin actions yet.</p>}
      {entries.length > 0 && (
        <ol className="audit-log">
          {entries.map((entry) => {
            const details = auditDetailText(entry.details);
            return (
              <li key={entry.id} className="audit-entry">
                <time dateTime={new Date(entry.createdAt).toISOString()}>{formatDateTime(entry.createdAt)}</time>
                <p>
                  <strong>{entry.actorEmail}</strong> {adminActionLabel(entry.action).toLowerCase()}
                  {entry.target && (
                    <>
                      : <span className="audit-target">{entry.target}</span>
                    </>
                  )}
                </p>
                {details && <p className="admin-item-meta">{details}</p>}
              </li>
            );
          })}
        </ol>
      )}
      {page.data?.nextBefore && (
        <button
          type="button"
          className="button"
          onClick={() => setBefore(page.data?.nextBefore ?? undefined)}
          disabled={page.loading}
        >
          {page.loading ? 'Loading...' : 'Older entries'}
        </button>
      )}
    </>
  );
}

export function AuditLogPage() {
  return (
    <AdminPage title="Audit log" intro="Every admin action, newest first: who did what, to whom, and when.">
      {() => <AuditLog />}
    </AdminPage>
  );
}
