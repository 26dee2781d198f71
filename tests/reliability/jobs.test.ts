import { sql } from 'kysely';
import pMap from 'p-map';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_NAMES } from '../../server/job-chain';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../server/plugins/db';
import { installJobQueue } from '../../server/plugins/jobs';
import { aPost, aUser } from '../fixtures/factories';
import { recordFigures } from './figures';
import { freshPostgresDatabase, type ServerProcess, startServerProcess } from './server-process';

/**
 * Jobs on one PostgreSQL queue (issue 38 §3, ADR 0203): two worker processes share the jobs and
 * never run one twice; a worker killed with SIGKILL in the middle loses none of its jobs (they run
 * again once their lease is over) and does none twice (a job's work and its "done" commit together).
 */
/**
 * Enough that the kill (at a tenth done) lands with jobs taken and not done: each worker takes 20 at
 * a time. More jobs only made the file longer (1,000 took most of its 75 s in CI, issue 44).
 */
const JOBS = 300;
const LEASE_S = 4;
/** The workers run jobs only: no watcher, no mail delivery, so the outbox keeps every mail a job queued. */
const workerEnv = {
  ROLE: 'worker',
  JOBS_POLL_MS: '500',
  JOBS_LEASE_S: String(LEASE_S),
  LINK_CHECK_POLL_MS: '0',
  EMAIL_POLL_MS: '0',
};

describe.skipIf(!process.env.TEST_DATABASE_URL)('worker processes on one job queue', () => {
  let database: { url: string; drop(): Promise<void> };
  let handle: DatabaseHandle;
  const workers: ServerProcess[] = [];
  beforeAll(async () => {
    database = await freshPostgresDatabase();
    handle = await openDatabase({ databaseUrl: database.url, dataDir: 'unused', listen: false });
    await migrateToLatest(handle.db);
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.kill('SIGTERM')));
    await handle?.close();
    await database?.drop();
  });

  const count = async (state: string) =>
    Number(
      (
        await sql<{ n: number }>`select count(*)::int as n from jobs.job where name = 'link-broken' and state = ${state}`.execute(
          handle.db,
        )
      ).rows[0]?.n,
    );

  it('run every job once, though one is killed in the middle', async () => {
    const queue = await installJobQueue(handle.db, { leaseS: LEASE_S, dbKind: handle.kind });
    const owner = await aUser(handle.db, { handle: 'queue-farm' });
    const { listId } = await aPost(handle.db, owner);
    await pMap(
      Array.from({ length: JOBS }, (_, n) => n),
      (n) => queue.send('link-broken', { listId, userId: owner.id, at: n }),
      {
        concurrency: 8,
      },
    );
    await queue.stop({ graceful: false, wait: true, close: false });

    const storage = { kind: 'postgres' as const, databaseUrl: database.url };
    workers.push(...(await Promise.all([0, 1].map(() => startServerProcess({ storage, env: workerEnv })))));
    await expect.poll(() => count('completed'), { timeout: 120_000, interval: 50 }).toBeGreaterThan(JOBS / 10);
    await workers[0]?.kill('SIGKILL');
    const doneAtKill = await count('completed');
    // The kill came while jobs were left: some were the killed worker's, taken and not done.
    expect(doneAtKill).toBeLessThan(JOBS);
    workers.push(await startServerProcess({ storage, env: workerEnv }));

    const started = Date.now();
    await expect.poll(() => count('completed'), { timeout: 240_000, interval: 250 }).toBe(JOBS);
    const mails = await handle.db
      .selectFrom('email_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'link-broken')
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    // Exactly one mail per job: none lost with the killed worker, none queued twice.
    expect(Number(mails.n)).toBe(JOBS);
    expect(await count('failed')).toBe(0);
    recordFigures('jobs', { jobs: JOBS, doneAtKill, secondsAfterKill: Math.round((Date.now() - started) / 1000) });
  });

  it('install on one empty database from three processes at once, each finding the queue ready', async () => {
    const empty = await freshPostgresDatabase({ empty: true });
    const handles = await Promise.all(
      [0, 1, 2].map(() => openDatabase({ databaseUrl: empty.url, dataDir: 'unused', listen: false })),
    );
    try {
      // Without one install at a time, pg-boss's create_queue deadlocks between them (CI, stop 45).
      const queues = await Promise.all(handles.map((h) => installJobQueue(h.db, { leaseS: LEASE_S, dbKind: 'postgres' })));
      await Promise.all(queues.map((q) => q.stop({ graceful: false, wait: true, close: false })));
      const installed = await sql<{ name: string }>`select name from jobs.queue order by name`.execute(handles[0]!.db);
      expect(installed.rows.map((row) => row.name)).toEqual([...JOB_NAMES].sort());
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await empty.drop();
    }
  });
});
