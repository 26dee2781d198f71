import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { JobSettings } from '../config-roles';
import { runsBackground } from '../config-roles';
import { JOB_NAMES, JOB_POLICIES, type JobChain, type JobName } from '../job-chain';
import { type DatabaseHandle, type DB, jobQueueSql } from './db';

/** The queue's tables live in their own schema, apart from the product's. */
export const JOB_SCHEMA = 'jobs';
/** Jobs one worker takes from one queue at a time. */
const BATCH = 20;

/**
 * Does one job's work inside `trx`: the job is marked done in that same transaction (ADR 0203); a
 * job whose policy says `outsideTransaction` gets the database itself and is marked done after (ADR 0208).
 */
export type JobHandler<N extends JobName> = (data: JobChain[N], trx: DB) => Promise<void>;

export interface JobQueue {
  /** Queues a job; pass the caller's transaction so the job exists exactly when what caused it does. */
  send<N extends JobName>(name: N, data: JobChain[N], within?: DB): Promise<void>;
  /** The module that does a job's work says so once, at registration. */
  handle<N extends JobName>(name: N, handler: JobHandler<N>): void;
  /** Runs every job queued now, and those they queue, until none is left (tests; returns how many ran). */
  runQueued(): Promise<number>;
  /** A failed job runs once more; failing again, it is failed again at once (its attempts are spent). */
  retry(name: JobName, id: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (pg-boss on the app's database). */
    jobs: JobQueue;
  }
}

/** The longest pause between two looks for jobs whose worker died (pg-boss's maintenance). */
const MAINTENANCE_MAX_S = 60;

/**
 * Installs the queue's schema (or upgrades it) and its queues, with their policies as
 * job-chain.ts says now: any role may queue jobs. `supervise`: this process also gives a dead
 * worker's jobs to the others once their lease is over.
 */
export async function installJobQueue(
  db: DB,
  options: { leaseS: number; supervise?: boolean; onError?: (error: Error) => void; dbKind: DatabaseHandle['kind'] },
): Promise<PgBoss> {
  // Two processes installing on one empty PostgreSQL deadlock in pg-boss's create_queue: one installs
  // at a time, holding a lock on a connection of its own (PGlite has one process and one connection).
  if (options.dbKind === 'pglite') return installAlone(db, options);
  return db.connection().execute(async (held) => {
    await sql`select pg_advisory_lock(hashtextextended(${INSTALL_LOCK}, 0))`.execute(held);
    try {
      return await installAlone(db, options);
    } finally {
      await sql`select pg_advisory_unlock(hashtextextended(${INSTALL_LOCK}, 0))`.execute(held);
    }
  });
}

const INSTALL_LOCK = 'jobs:install';

async function installAlone(
  db: DB,
  options: { leaseS: number; supervise?: boolean; onError?: (error: Error) => void },
): Promise<PgBoss> {
  const started = async () => {
    const boss = new PgBoss({
      db: jobQueueSql(db),
      schema: JOB_SCHEMA,
      supervise: options.supervise ?? false,
      maintenanceIntervalSeconds: Math.min(MAINTENANCE_MAX_S, options.leaseS),
      schedule: false,
      migrate: true,
    });
    // An 'error' event nobody listens to would end the process.
    boss.on('error', options.onError ?? (() => {}));
    await boss.start();
    return boss;
  };
  const boss = await started();
  for (const name of JOB_NAMES) {
    const policy = JOB_POLICIES[name];
    const settings = {
      policy: 'standard' as const,
      retryLimit: policy.retryLimit,
      retryDelay: policy.retryDelayS,
      retryBackoff: true,
      expireInSeconds: options.leaseS,
    };
    await boss.createQueue(name, { name, ...settings });
    await boss.updateQueue(name, { name, ...settings });
  }
  return boss;
}

/** Runs `work` on every item, at most `lanes` at a time; a lane takes the next item when it is free. */
async function inLanes<T>(items: T[], lanes: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
}

function createJobQueue(db: DB, dbKind: DatabaseHandle['kind'], settings: JobSettings, log: FastifyBaseLogger) {
  let boss: PgBoss | null = null;
  const handlers = new Map<JobName, JobHandler<JobName>>();
  let timer: NodeJS.Timeout | null = null;
  let round: Promise<unknown> | null = null;
  let stopping = false;
  const started = () => {
    if (!boss) throw new Error('The job queue has not started yet');
    return boss;
  };

  async function runOne(name: JobName, job: PgBoss.Job<object>): Promise<void> {
    const handler = handlers.get(name);
    if (!handler) return;
    try {
      if (JOB_POLICIES[name].outsideTransaction) {
        // Waits on the network: no transaction held meanwhile; done once its work is (ADR 0208).
        await handler(job.data as JobChain[JobName], db);
        await started().complete(name, job.id);
      } else {
        await db.transaction().execute(async (trx) => {
          await handler(job.data as JobChain[JobName], trx);
          await started().complete(name, job.id, {}, { db: jobQueueSql(trx) });
        });
      }
    } catch (error) {
      log.warn({ err: error, job: name, jobId: job.id }, 'jobs: a job failed');
      const message = error instanceof Error ? error.message : String(error);
      await started().fail(name, job.id, { message });
    }
  }

  /** Takes and runs what is due on every handled queue; resolves with how many ran. */
  async function runDue(): Promise<number> {
    let ran = 0;
    for (const name of handlers.keys()) {
      // Stopping, a worker finishes the jobs it took and takes no more.
      while (!stopping) {
        const batch = await started().fetch<object>(name, { batchSize: BATCH });
        await inLanes(batch, dbKind === 'pglite' ? 1 : settings.concurrency, (job) => runOne(name, job));
        ran += batch.length;
        if (batch.length < BATCH) break;
      }
    }
    return ran;
  }

  const queue: JobQueue & { start(): Promise<void>; stop(): Promise<void> } = {
    async send(name, data, within) {
      await started().send(name, data, within ? { db: jobQueueSql(within) } : {});
    },
    handle(name, handler) {
      handlers.set(name, handler as JobHandler<JobName>);
    },
    async runQueued() {
      let total = 0;
      for (let ran = await runDue(); ran > 0; ran = await runDue()) total += ran;
      return total;
    },
    async retry(name, id) {
      await started().retry(name, id);
    },
    async start() {
      const polls = runsBackground(settings.role) && settings.pollMs > 0;
      boss = await installJobQueue(db, {
        dbKind,
        leaseS: settings.leaseS,
        supervise: polls,
        onError: (error) => log.warn({ err: error }, 'jobs: the queue reported an error'),
      });
      if (!polls) return;
      const next = () => {
        round = runDue()
          .catch((error) => log.warn({ err: error }, 'jobs: a round failed'))
          .finally(() => {
            round = null;
            if (timer) timer = setTimeout(next, settings.pollMs);
          });
      };
      timer = setTimeout(next, settings.pollMs);
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      // The jobs taken finish (each commit marks one done); the rest stay queued for another worker.
      await round;
      await boss?.stop({ graceful: false, wait: true, close: false });
    },
  };
  return queue;
}

/** The job queue of this process: queues jobs in any role, runs them in the worker and all roles. */
export const jobsPlugin = fp<{ settings: JobSettings }>(
  async (app, { settings }) => {
    const queue = createJobQueue(app.db, app.dbKind, settings, app.log);
    app.decorate('jobs', queue);
    await queue.start();
    app.addHook('onClose', () => queue.stop());
  },
  { name: 'jobs', dependencies: ['db'] },
);
