import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { sql } from 'kysely';
import { installJobQueue } from '../server/plugins/jobs';
import { cpuBetween, databaseMeter, processCpuSeconds } from './cpu';
import type { BenchDatabaseHandle } from './database';

/** Issue 38's queue targets on the 2-core machine: 50,000 link checks an hour, 500 mails a second. */
export const JOBS_TARGETS = { checksPerHour: 50_000, mailsPerSecond: 500 } as const;

/** One batch of jobs drained by a worker process of its own. */
export interface JobsRun {
  jobs: number;
  /** From the first job's start to the last one's completion, as the queue's own table records them. */
  seconds: number;
  jobsPerSecond: number;
  /** The worker process's CPU a job, all of it; then the handlers' share of it. */
  processCpuMs: number | null;
  handlerCpuMs: number;
  /** The PostgreSQL backends of the bench's database, a job; null where /proc cannot see them. */
  databaseCpuMs: number | null;
}

export interface JobsBench {
  /** Mail-shaped: a job queues one mail in the outbox, in the job's transaction. */
  mail: JobsRun;
  /** Check-shaped: a conditional request answered 304, outside a transaction (ADR 0208). */
  check: JobsRun;
  /** The same jobs with handlers that do nothing: the queue's own cost, in and outside a transaction. */
  queueAlone: { mail: JobsRun; check: JobsRun };
  /** The control: the mail jobs' work done by the same function in the same process, without the queue. */
  direct: { jobsPerSecond: number; cpuMs: number };
}

type Shape = 'noop' | 'real';

function startWorker(databaseUrl: string, shape: Shape, checkUrl: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'jobs-worker.ts'), databaseUrl, shape, checkUrl],
    {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      child.once('message', (m) => resolve(m as T));
      child.once('exit', (code) => reject(new Error(`the jobs worker exited (${code})`)));
    });
  return { child, next, ready: next<{ ready: true }>() };
}

async function stopWorker(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A provider answering every conditional request with 304, in this process: its CPU is not the worker's. */
async function startNotModified() {
  const server = createServer((_req, res) => res.writeHead(304, { etag: '"bench"' }).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/file`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Queues `jobs` jobs of `name` first, then starts a worker: the jobs wait whole, so what is timed
 * and metered is the drain alone, not the queueing.
 */
async function drain(
  bench: BenchDatabaseHandle,
  name: 'link-broken' | 'check-now',
  jobs: number,
  shape: Shape,
  checkUrl: string,
  thenInWorker?: (worker: ReturnType<typeof startWorker>) => Promise<void>,
): Promise<JobsRun> {
  const run = randomUUID();
  const database = await bench.open();
  try {
    const boss = await installJobQueue(database.db, { leaseS: 300, dbKind: 'postgres' });
    const data = { listId: 1, userId: randomUUID(), at: Date.now(), pressId: 1, run };
    for (let i = 0; i < jobs; i += 1000) {
      await boss.insert(Array.from({ length: Math.min(1000, jobs - i) }, () => ({ name, data })));
    }
    await boss.stop({ graceful: false, wait: true, close: false });
    const databaseUrl = bench.serverEnv.DATABASE_URL!;
    const meter = await databaseMeter(databaseUrl);
    const worker = startWorker(databaseUrl, shape, checkUrl);
    try {
      await worker.ready;
      const pid = worker.child.pid as number;
      const before = { process: processCpuSeconds(pid), database: await meter.sample() };
      const completed = async () => {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from jobs.job where name = ${name} and data->>'run' = ${run} and state = 'completed'`.execute(
          database.db,
        );
        return rows[0]!.n;
      };
      while ((await completed()) < jobs) await new Promise((resolve) => setTimeout(resolve, 200));
      const drained = { process: processCpuSeconds(pid), database: await meter.sample() };
      worker.child.send({ ask: 'handlers' });
      const handlers = await worker.next<{ handlerCpuMs: number; handled: number }>();
      const span = await sql<{ seconds: number }>`
        select extract(epoch from max(completed_on) - min(started_on))::float8 as seconds
        from jobs.job where name = ${name} and data->>'run' = ${run}`.execute(database.db);
      const seconds = span.rows[0]!.seconds;
      const processCpu = before.process === null || drained.process === null ? null : drained.process - before.process;
      const databaseCpu = cpuBetween(before.database, drained.database);
      await thenInWorker?.(worker);
      return {
        jobs,
        seconds: round(seconds, 2),
        jobsPerSecond: round(jobs / seconds, 1),
        processCpuMs: processCpu === null ? null : round((1000 * processCpu) / jobs, 3),
        handlerCpuMs: round(handlers.handlerCpuMs / jobs, 3),
        databaseCpuMs: databaseCpu === null ? null : round((1000 * databaseCpu) / jobs, 3),
      };
    } finally {
      await stopWorker(worker.child);
      await meter.close();
    }
  } finally {
    await database.close();
  }
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * Issue 38's queue bench, PostgreSQL only (the targets are stated for it): mail-shaped and
 * check-shaped jobs through the app's queue in a worker process of its own, then the same jobs with
 * handlers that do nothing (the queue's own CPU a job), and the mails' work without the queue.
 */
export async function benchJobs(
  bench: BenchDatabaseHandle,
  sizes: { mails: number; checks: number },
  log: (line: string) => void,
): Promise<JobsBench> {
  const provider = await startNotModified();
  try {
    let direct: JobsBench['direct'] = { jobsPerSecond: 0, cpuMs: 0 };
    log(`jobs: ${sizes.mails.toLocaleString('en-US')} mail jobs through the queue ...`);
    const mail = await drain(bench, 'link-broken', sizes.mails, 'real', provider.url, async (worker) => {
      worker.child.send({ ask: 'direct', jobs: sizes.mails, userId: randomUUID(), listId: 1 });
      const control = await worker.next<{ seconds: number; cpuMs: number }>();
      direct = { jobsPerSecond: round(sizes.mails / control.seconds, 1), cpuMs: round(control.cpuMs / sizes.mails, 3) };
    });
    log(`jobs: ${sizes.checks.toLocaleString('en-US')} check jobs through the queue ...`);
    const check = await drain(bench, 'check-now', sizes.checks, 'real', provider.url);
    log('jobs: the same jobs with handlers that do nothing (the queue alone) ...');
    const queueAlone = {
      mail: await drain(bench, 'link-broken', sizes.mails, 'noop', provider.url),
      check: await drain(bench, 'check-now', sizes.checks, 'noop', provider.url),
    };
    const result = { mail, check, queueAlone, direct };
    log(`jobs: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await provider.close();
  }
}
