import { useState } from 'react';
import { eventLabel } from '../../../core/analytics-labels';
import { pagePath } from '../../../core/pages';
import { RequireAdmin } from '../../lib/require-admin';
import { useApiGet } from '../../lib/use-api';
import { Link } from '../../ui/link';
import { analyticsApi } from './api';
import '../../ui/admin-area.css';

const RANGES = [7, 30, 90] as const;

function Report({ days }: { days: number }) {
  const { data, error, loading } = useApiGet(() => analyticsApi.report(days), [days]);
  if (error) {
    return (
      <p className="alert alert-error" role="alert">
        {error.message}
      </p>
    );
  }
  if (loading || !data) return <p className="page-status">Loading...</p>;
  if (data.totals.length === 0)
    return <p className="muted">No events yet. Events are kept only for visitors who accepted analytics.</p>;

  const byDay = new Map<string, Array<{ name: string; count: number }>>();
  for (const row of data.daily) byDay.set(row.day, [...(byDay.get(row.day) ?? []), { name: row.name, count: row.count }]);
  return (
    <>
      <section aria-labelledby="per-event-heading">
        <h2 id="per-event-heading">Per event</h2>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Count</th>
            </tr>
          </thead>
          <tbody>
            {data.totals.map((row) => (
              <tr key={row.name}>
                <th scope="row">{eventLabel(row.name)}</th>
                <td>{row.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="per-day-heading">
        <h2 id="per-day-heading">Per day (UTC)</h2>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Total</th>
              <th scope="col">Events</th>
            </tr>
          </thead>
          <tbody>
            {[...byDay].map(([day, rows]) => (
              <tr key={day}>
                <td>{day}</td>
                <td>{rows.reduce((sum, r) => sum + r.count, 0)}</td>
                <td>{rows.map((r) => `${eventLabel(r.name)} ${r.count}`).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

/** /admin/analytics: counts of first-party events per event and per day. */
export function AdminAnalyticsPage() {
  const [days, setDays] = useState<number>(30);
  return (
    <RequireAdmin>
      {() => (
        <main className="page">
          <p className="admin-crumb">
            <Link to={pagePath('admin')}>← Admin</Link>
          </p>
          <h1>Analytics</h1>
          <p className="muted">Anonymous events from visitors who accepted analytics.</p>
          <label htmlFor="analytics-range">Period</label>
          <select id="analytics-range" value={days} onChange={(e) => setDays(Number(e.target.value))} className="select-narrow">
            {RANGES.map((n) => (
              <option key={n} value={n}>
                Last {n} days
              </option>
            ))}
          </select>
          <Report days={days} />
        </main>
      )}
    </RequireAdmin>
  );
}
