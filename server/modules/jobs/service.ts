import { type AdminJobs, JOBS_TEXT } from '../../../core/jobs';
import { notFound } from '../../http-errors';
import { JOB_NAMES, type JobName } from '../../job-chain';
import type { DB } from '../../plugins/db';
import type { JobQueue } from '../../plugins/jobs';
import { jobsRepository } from './repository';

const isJobName = (name: string): name is JobName => (JOB_NAMES as string[]).includes(name);

/** The admin's view of the job queue: what waits, what failed for good, and running a failed job again. */
export function jobsService(db: DB, queue: Pick<JobQueue, 'retry'>) {
  const repo = jobsRepository(db);
  return {
    async view(): Promise<AdminJobs> {
      const [queued, failed] = await Promise.all([repo.queued(), repo.failed()]);
      return { queued, failed };
    },

    async retry(name: string, id: string): Promise<void> {
      if (!isJobName(name) || !(await repo.isFailed(name, id))) throw notFound(JOBS_TEXT.notFound);
      await queue.retry(name, id);
    },
  };
}
