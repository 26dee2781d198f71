import { z } from 'zod';

/** What each background job does, as /admin/jobs names it (server/job-chain.ts holds the chain itself). */
export const JOB_LABELS: Record<string, string> = {
  'list-changed': 'Tell followers a list changed',
  'link-broken': 'Tell an owner their link broke',
};

export const failedJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** What the job was about, as it was queued (list and person ids, times). */
  data: z.string(),
  error: z.string(),
  /** Runs it had, the first included. */
  attempts: z.number(),
  failedAt: z.number(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const adminJobsSchema = z.object({
  /** Jobs waiting, running or waiting for a retry, per name. */
  queued: z.array(z.object({ name: z.string(), jobs: z.number() })),
  /** Failed after their last retry, newest first. */
  failed: z.array(failedJobSchema),
});
export type AdminJobs = z.infer<typeof adminJobsSchema>;

export const JOBS_TEXT = {
  notFound: 'No failed job with that id: it may have been retried already.',
} as const;
