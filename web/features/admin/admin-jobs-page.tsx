import { type FailedJob, JOB_LABELS } from '../../../core/jobs';
import { useApiGet } from '../../lib/use-api';
import { AdminPage, formatDateTime } from './admin-page';
import { adminApi } from './api';
import { FailureCard } from './failure-card';
import { QueueOverview } from './queue-overview';
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
  return (
    <QueueOverview
      status={status}
      counts={{
        headingId: 'queued-heading',
        title: 'Waiting or running',
        items: (status.data?.queued ?? []).map((queue) => ({ key: queue.name, value: queue.jobs, label: labelOf(queue.name) })),
        empty: 'No job is waiting.',
      }}
      failures={{
        headingId: 'failed-heading',
        title: 'Failed after their last retry',
        items: status.data?.failed,
        empty: 'No job has failed.',
      }}
      renderFailure={(job, onDone) => <FailedJobCard key={job.id} job={job} onRetried={onDone} />}
    />
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
