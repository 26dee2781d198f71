/**
 * Every named background job, in the order the refresh pipeline runs them (ADR 0203): a module
 * that needs another's work queues one of these, in the transaction that caused it, and the
 * module that does the work handles it. Each job is small and safe to run again.
 */
export interface JobChain {
  /**
   * A list changed: its followers are told (the list-updated mail) and it moves up the feed.
   * Queued by a reading that stored a version reading differently (`reading`), or by the link
   * watcher when the bytes of a file Freshlist does not read changed (`file`).
   */
  'list-changed': { listId: number; userId: string; at: number; seenBy: 'reading' | 'file' };
  /**
   * A list's new version was stored (docs/decisions/0209): the item alerts its lines concern are
   * evaluated and each crossing is mailed. Queued in the transaction that stores the version.
   */
  'item-alerts': { listId: number; versionId: number };
  /**
   * What a person may be told of an owner's lists changed (docs/decisions/0231): a follow or an
   * unfollow, a trade approval or its removal (`userId`), or a list's audience (`userId` null: every
   * person). Their alerts are evaluated on the owner's lists at once, since a version's job reads only
   * the alerts its lines change. Queued in the transaction that made the change.
   */
  'item-alerts-access': { ownerId: string; userId: string | null; at: number };
  /** A list's link broke: its owner is told what is wrong and how to fix it. */
  'link-broken': { listId: number; userId: string; at: number };
  /**
   * The owner pressed "check now" (ADR 0208): a worker checks the list's file at once and leaves what
   * it found on the press. Queued by the press's request, in the transaction that counts it.
   */
  'check-now': { pressId: number; listId: number; userId: string };
}

export type JobName = keyof JobChain;

export interface RetryPolicy {
  /** Runs after the first: then the job is failed and shown on /admin/jobs. */
  retryLimit: number;
  /** Seconds before the first retry; doubled each time. */
  retryDelayS: number;
  /**
   * The handler waits on the network (a provider's answer): it runs outside a transaction, which on
   * PGlite would hold the one connection meanwhile, and its job is marked done after it (ADR 0208).
   * Such a handler must be safe to run again after a crash between its work and that mark.
   */
  outsideTransaction?: true;
}

/** A job held longer than its lease (JOBS_LEASE_S, its worker died) runs again. */
export const JOB_POLICIES: Record<JobName, RetryPolicy> = {
  'list-changed': { retryLimit: 5, retryDelayS: 30 },
  'link-broken': { retryLimit: 5, retryDelayS: 30 },
  'item-alerts': { retryLimit: 5, retryDelayS: 30 },
  'item-alerts-access': { retryLimit: 5, retryDelayS: 30 },
  // Retried while the watcher holds the list's check (seconds): 5, 10, 20, 40 s.
  'check-now': { retryLimit: 4, retryDelayS: 5, outsideTransaction: true },
};

export const JOB_NAMES = Object.keys(JOB_POLICIES) as JobName[];
