import { type ReactNode, useState } from 'react';
import type { ApiResource } from '../../lib/use-api';
import { ErrorAlert } from '../../ui/alert';
import '../../ui/admin-area.css';

export interface QueueCount {
  key: string;
  value: ReactNode;
  label: string;
}

interface QueueOverviewProps<T, F> {
  status: ApiResource<T>;
  counts: { headingId: string; title: string; items: QueueCount[]; empty?: string; after?: ReactNode };
  failures: { headingId: string; title: string; items: F[] | undefined; empty: string };
  /** One failure's card; `onDone` shows the card's notice and refreshes the page's figures. */
  renderFailure(failure: F, onDone: (notice: string) => void): ReactNode;
}

/**
 * The admin's view of a queue (the outbox, the background jobs): its counts with a Refresh button,
 * and what failed for good, each with its own "run again" card.
 */
export function QueueOverview<T, F>({ status, counts, failures, renderFailure }: QueueOverviewProps<T, F>) {
  const [notice, setNotice] = useState('');
  const onDone = (message: string) => {
    setNotice(message);
    status.reload();
  };
  return (
    <>
      <div className="notice" role="status" aria-live="polite">
        {notice && <p className="alert alert-success">{notice}</p>}
      </div>
      <ErrorAlert message={status.error?.message} />
      <section aria-labelledby={counts.headingId}>
        <div className="responses-bar">
          <h2 id={counts.headingId}>{counts.title}</h2>
          <button type="button" className="button button-small" onClick={status.reload} disabled={status.loading}>
            {status.loading ? 'Refreshing...' : 'Refresh'}
          </button>
        </div>
        {status.data && counts.empty && counts.items.length === 0 && <p className="muted">{counts.empty}</p>}
        <ul className="admin-counts" aria-busy={status.loading}>
          {counts.items.map((count) => (
            <li className="admin-count" key={count.key}>
              <span className="admin-count-box">
                <span className="admin-count-value">{count.value}</span>
                <span className="admin-count-label">{count.label}</span>
              </span>
            </li>
          ))}
        </ul>
        {counts.after}
      </section>
      <section aria-labelledby={failures.headingId}>
        <h2 id={failures.headingId}>{failures.title}</h2>
        {failures.items?.length === 0 && <p className="muted">{failures.empty}</p>}
        {failures.items && failures.items.length > 0 && (
          <ul className="admin-list">{failures.items.map((failure) => renderFailure(failure, onDone))}</ul>
        )}
      </section>
    </>
  );
}
