import { useState } from 'react';
import { type FailedJob, JOB_LABELS } from '../../../core/jobs';
import { useApiGet } from '../../lib/use-api';
import { ErrorAlert } from '../../ui/alert';
import { AdminPage, formatDateTime } from './admin-page';
import { adminApi } from './api';
import { FailureCard } from './failure-card';
import './admin.css';

const labelOf = (name: string) => JOB_LABELS[name] ?? name;

function FailedJobCard({ job, onRetried }: { job: FailedJob; onRetried(message: string): void }) {
  return (
    <FailureCard
      headingId={`job-${job.id}`}
      title={labelOf(job.name)}
      error={job.error}
      action="Run again"
      busyAction="Queuing..."
      runAgain={async () => {
        await adminApi.retryJob(job.name, job.id);
        return `"${labelOf(job.name)}" is queued again; a worker runs it within seconds.`;
      }}
      onDone={onRetried}
    >
      <p className="admin-item-meta">
        {job.name} · failed {formatDateTime(job.failedAt)} · {job.attempts === 1 ? '1 attempt' : `${job.attempts} attempts`}
      </p>
      <p className="admin-item-meta">
        <code>{job.data}</code>
      </p>
    </FailureCard>
  );
}

function JobsOverview() {
  const status = useApiGet(() => adminApi.jobs(), []);
  const [notice, setNotice] = useState('');
  const data = status.data;
  return (
    <>
      <div className="notice" role="status" aria-live="polite">
        {notice && <p className="alert alert-success">{notice}</p>}
      </div>
      <ErrorAlert message={status.error?.message} />
      <section aria-labelledby="queued-heading">
        <div className="responses-bar">
          <h2 id="queued-heading">Waiting or running</h2>
          <button type="button" className="button button-small" onClick={status.reload} disabled={status.loading}>
            {status.loading ? 'Refreshing...' : 'Refresh'}
          </button>
        </div>
        {data && data.queued.length === 0 && <p className="muted">No job is waiting.</p>}
        <ul className="admin-counts" aria-busy={status.loading}>
          {data?.queued.map((queue) => (
            <li className="admin-count" key={queue.name}>
              <span className="admin-count-box">
                <span className="admin-count-value">{queue.jobs}</span>
                <span className="admin-count-label">{labelOf(queue.name)}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="failed-heading">
        <h2 id="failed-heading">Failed after their last retry</h2>
        {data && data.failed.length === 0 && <p className="muted">No job has failed.</p>}
        {data && data.failed.length > 0 && (
          <ul className="admin-list">
            {data.failed.map((job) => (
              <FailedJobCard
                key={job.id}
                job={job}
                onRetried={(message) => {
                  setNotice(message);
                  status.reload();
                }}
              />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** /admin/jobs (issue 38): the background jobs' backlog, the jobs that failed for good with their error, and "Run again". */
export function AdminJobsPage() {
  return (
    <AdminPage
      title="Background jobs"
      intro="Work that follows a change (telling followers a list changed, telling an owner their link broke) runs as jobs in the worker. A job that fails is tried again after 30 seconds, then twice as long each time; after its sixth attempt it stops here. “Run again” runs it once more."
    >
      {() => <JobsOverview />}
    </AdminPage>
  );
}
