import { useState } from 'react';
import { type AdminLinkChecks, intervalLabel, LINK_HEALTH, type LinkHealth } from '../../../core/link-check';
import { useApiGet } from '../../lib/use-api';
import { ErrorAlert } from '../../ui/alert';
import { AdminPage, formatDateTime } from './admin-page';
import { adminApi } from './api';
import './admin.css';
import '../../ui/admin-area.css';

const HEALTH_LABELS: Record<LinkHealth | 'pending', string> = {
  pending: 'Not checked yet',
  ok: 'Working',
  'needs-sign-in': 'Needs sign-in',
  'not-found': 'Not found',
  'not-a-file': 'Not a file',
  unreachable: 'Unreachable',
  unchecked: 'Cannot be checked',
};
const label = (health: string) => HEALTH_LABELS[health as LinkHealth] ?? health;
const when = (ms: number | null) => (ms === null ? 'never' : formatDateTime(ms));

type Row = AdminLinkChecks['lists'][number];

function ListRow({ row }: { row: Row }) {
  const headingId = `link-${row.listId}`;
  return (
    <li className="admin-item" aria-labelledby={headingId}>
      <div className="admin-item-main">
        <h3 id={headingId}>
          {row.handle ? <a href={`/${row.handle}/lists/${row.slug}`}>{row.listName}</a> : row.listName}
          {row.handle && <span className="muted"> @{row.handle}</span>}
        </h3>
        <p className="admin-item-meta">
          {label(row.health)}
          {row.broken ? ' · shown as unavailable' : ''} · {row.provider ?? 'unknown host'}
          {row.fileName ? ` · ${row.fileName}` : ''}
        </p>
        <p className="admin-item-meta">
          Checked {when(row.checkedAt)} · next {formatDateTime(row.nextCheckAt)}
          {row.fileChangedAt ? ` · file changed ${formatDateTime(row.fileChangedAt)}` : ''}
        </p>
        {row.lastError && <p className="mail-error">{row.lastError}</p>}
      </div>
    </li>
  );
}

/** How this server is set to check (issue 43: the page said "every 30 minutes" whatever the setting). */
function Intervals({ intervals }: { intervals: AdminLinkChecks['intervals'] }) {
  // "every day", "every 30 minutes".
  const every = (ms: number) => `every ${intervalLabel(ms).replace(/^1 /, '')}`;
  return (
    <p className="link-check-intervals">
      Checked {every(intervals.shortestMs)} while a file changes, less often while it stays the same, down to{' '}
      {every(intervals.longestMs)}. A link that cannot be reached shows as unavailable after{' '}
      {intervalLabel(intervals.unreachableAfterMs)}.
    </p>
  );
}

function LinkChecksOverview() {
  const [health, setHealth] = useState<LinkHealth | null>(null);
  const status = useApiGet(() => adminApi.linkChecks(health), [health]);
  const data = status.data;
  const count = (h: string) => data?.counts.find((c) => c.health === h)?.lists ?? 0;
  return (
    <>
      <ErrorAlert message={status.error?.message} />
      <section aria-labelledby="health-heading">
        <div className="responses-bar">
          <h2 id="health-heading">Lists by health</h2>
          <button type="button" className="button button-small" onClick={status.reload} disabled={status.loading}>
            {status.loading ? 'Refreshing...' : 'Refresh'}
          </button>
        </div>
        <ul className="admin-counts" aria-busy={status.loading}>
          {(['pending', ...LINK_HEALTH] as const).map((h) => (
            <li className="admin-count" key={h}>
              <span className="admin-count-box">
                <span className="admin-count-value">{data ? count(h) : '…'}</span>
                <span className="admin-count-label">{label(h)}</span>
              </span>
            </li>
          ))}
        </ul>
        {data && (
          <p className="muted">
            {data.due} due now, {data.late} more than 10 minutes late.
          </p>
        )}
        {data && <Intervals intervals={data.intervals} />}
      </section>
      <section aria-labelledby="failures-heading">
        <h2 id="failures-heading">Recent failures</h2>
        {data && data.failures.length === 0 && <p className="muted">No link is failing.</p>}
        <ul className="admin-list">
          {data?.failures.map((row) => (
            <ListRow key={row.listId} row={row} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="lists-heading">
        <div className="responses-bar">
          <h2 id="lists-heading">Lists</h2>
          <label>
            Health{' '}
            <select value={health ?? ''} onChange={(e) => setHealth((e.target.value || null) as LinkHealth | null)}>
              <option value="">All (unavailable first)</option>
              {LINK_HEALTH.map((h) => (
                <option key={h} value={h}>
                  {label(h)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <ul className="admin-list">
          {data?.lists.map((row) => (
            <ListRow key={row.listId} row={row} />
          ))}
        </ul>
      </section>
    </>
  );
}

/** /admin/link-checks (#29): the link watcher's state: lists by health, last and next check, recent failures. */
export function AdminLinkChecksPage() {
  return (
    <AdminPage
      title="Link checks"
      intro="Every list's newest link is opened again in the background. A link that needs sign-in or is gone shows as unavailable at once."
    >
      {() => <LinkChecksOverview />}
    </AdminPage>
  );
}
