import { type ChildProcess, spawn } from 'node:child_process';
import { startChildServer } from '../tests/fixtures/child-server';
import { largeSheet } from '../tests/fixtures/list-files';
import { ProviderStub, startProviderStub } from '../tests/fixtures/provider-stub';
import { testCertificates } from '../tests/fixtures/test-ca';
import { cpuBetween, databaseMeter, processCpuSeconds } from './cpu';
import type { BenchDatabaseHandle } from './database';
import { latencies, seed, summary } from './link-check-bench';

/** Issue 38: public pages' p99 while the worker works, at most this times their p99 beside a control burning the same CPU. */
export const PAGES_BESIDE_WORKER_RATIO = 1.2;
const SECONDS = 10;
/** The worker's and the control's turns: short, so both see the same host (ADR 0224). */
const SLICE_SECONDS = 3;
const PAIRS = 6;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Latency = ReturnType<typeof summary>;

export interface WorkerPhase {
  /** The public pages of the web process in the slices while the worker process works. */
  during: Latency;
  /** The worker's CPU in its slices, in cores: its process, plus the database's beyond what the control slices cost it. */
  workerCores: number | null;
  /** The same pages in the slices between, the worker paused, beside processes burning what it took (they really took `cores`). */
  control: Latency & { cores: number | null };
  /** Lists the worker checked (or read) over the phase. */
  done: number;
}

export interface PagesBesideWorker {
  lists: number;
  idle: Latency;
  round: WorkerPhase;
  readings: WorkerPhase;
}

/**
 * Processes that burn `cores` between them, at most 0.1 core each: a crowded host gives one process
 * about that. Each keeps count of the CPU it owes, as a timer's pieces come late there; what it owes
 * is capped at 20 ms, so a late start is not made up in one burst.
 */
function burners(cores: number): ChildProcess[] {
  const pieces = Math.max(1, Math.ceil(cores / 0.1));
  const share = Math.max(cores, 0.01) / pieces;
  const script = `let last = performance.now(), owed = 0;
    setInterval(() => {
      const now = performance.now();
      owed = Math.min(owed + (now - last) * ${share}, 20);
      last = now;
      while (owed > 0) {
        const cpu = process.cpuUsage(), t = performance.now();
        while (performance.now() - t < 2);
        const used = process.cpuUsage(cpu);
        owed -= (used.user + used.system) / 1000;
      }
    }, 2);`;
  return Array.from({ length: pieces }, () => spawn(process.execPath, ['-e', script], { stdio: 'ignore' }));
}

const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + (processCpuSeconds(pid) ?? 0), 0);
const round2 = (n: number) => Math.round(n * 100) / 100;
const coresOf = (seconds: number, spent: number) => round2(spent / seconds);

export async function benchPagesBesideWorker(
  bench: BenchDatabaseHandle,
  lists: number,
  log: (line: string) => void,
): Promise<PagesBesideWorker> {
  const stub = await startProviderStub();
  const before = Buffer.from('Apples;1.20\nPears;1.50\n');
  const file = { name: 'Prices.csv', type: 'text/csv', body: before, state: 'public' as const, delayMs: 0 };
  stub.fallback = { ...file, validators: true, modifiedAt: Date.now() - 86_400_000 };
  log(`pages beside the worker: seeding ${lists.toLocaleString('en-US')} watched lists ...`);
  const { handles } = await seed(bench, lists, ProviderStub.etagOf(before), Date.now() + 7 * 86_400_000);
  const unset = ['DATABASE_URL', 'DATA_DIR', 'REDIS_URL', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'SMTP_URL'];
  // Development mode, as the link watcher's bench: the stub's host map is refused anywhere else.
  const env = { ...bench.serverEnv, NODE_ENV: 'development', LOG_LEVEL: 'warn', EMAIL_POLL_MS: '0' };
  const web = await startChildServer({ unset, env: { ...env, ROLE: 'web' }, output: 'stderr-tail' });
  const meter = await databaseMeter(bench.serverEnv.DATABASE_URL!);
  const database = await bench.open();
  try {
    const pages = () => latencies(web.url, handles, SECONDS);
    await latencies(web.url, handles, 3);
    const idleStart = { at: performance.now(), db: await meter.sample() };
    const idle = summary(await pages());
    const idleDbCores = (cpuBetween(idleStart.db, await meter.sample()) ?? 0) / ((performance.now() - idleStart.at) / 1000);

    const phase = async (name: string, due: () => Promise<void>): Promise<WorkerPhase> => {
      const worker = await startChildServer({
        unset,
        env: {
          ...env,
          ROLE: 'worker',
          LINK_CHECK_POLL_MS: '1000',
          JOBS_POLL_MS: '500',
          LINK_FETCH_HOST_MAP: stub.hostMap(),
          NODE_EXTRA_CA_CERTS: testCertificates().caFile,
        },
        output: 'stderr-tail',
      });
      const pid = worker.child.pid as number;
      let burning: ChildProcess[] = [];
      try {
        const since = Date.now();
        await due();
        // Past the round's first seconds: the worker's own start is not the pages' concern.
        await new Promise((resolve) => setTimeout(resolve, 3000));
        log(`pages beside the worker: how much CPU the worker takes during ${name} ...`);
        const calibration = await slice(() => latencies(web.url, handles, SLICE_SECONDS), [pid]);
        const totals = { worker: 0, workerDb: 0, workerS: 0, burners: 0, controlDb: 0, controlS: 0 };
        // The worker's CPU so far: its process, plus the database's beyond the pages' own (the control's slices).
        const workerCoresSoFar = () => {
          if (totals.workerS === 0) return calibration.cores + Math.max(0, calibration.dbCores - idleDbCores);
          const pagesDb = totals.controlS > 0 ? totals.controlDb / totals.controlS : idleDbCores;
          return totals.worker / totals.workerS + Math.max(0, totals.workerDb / totals.workerS - pagesDb);
        };
        log(`pages beside the worker: ${2 * PAIRS} slices of ${SLICE_SECONDS} s, the worker's and the control's in turn ...`);
        const during: number[] = [];
        const control: number[] = [];
        for (let i = 0; i < 2 * PAIRS; i++) {
          // ABBA: neither side always follows the other.
          const workerTurn = i % 4 === 0 || i % 4 === 3;
          // Sized anew each turn from what the worker has taken so far.
          burning = workerTurn ? [] : burners(workerCoresSoFar());
          worker.child.kill(workerTurn ? 'SIGCONT' : 'SIGSTOP');
          const pids = workerTurn ? [pid] : burning.map((b) => b.pid as number);
          const measured = await slice(() => latencies(web.url, handles, SLICE_SECONDS), pids);
          for (const b of burning) b.kill('SIGKILL');
          (workerTurn ? during : control).push(...measured.result);
          if (workerTurn) {
            totals.worker += measured.cores * measured.seconds;
            totals.workerDb += measured.dbCores * measured.seconds;
            totals.workerS += measured.seconds;
          } else {
            totals.burners += measured.cores * measured.seconds;
            totals.controlDb += measured.dbCores * measured.seconds;
            totals.controlS += measured.seconds;
          }
        }
        worker.child.kill('SIGCONT');
        return {
          during: summary(during),
          workerCores: round2(workerCoresSoFar()),
          control: { ...summary(control), cores: coresOf(totals.controlS, totals.burners) },
          done: await checkedSince(since),
        };
      } finally {
        for (const b of burning) b.kill('SIGKILL');
        worker.child.kill('SIGCONT');
        await worker.stop();
      }
    };

    /** Runs `work` and meters `pids` and the database meanwhile, in cores. */
    const slice = async <T>(work: () => Promise<T>, pids: number[]) => {
      const before = { at: performance.now(), cpu: cpuOf(pids), db: await meter.sample() };
      const result = await work();
      const seconds = (performance.now() - before.at) / 1000;
      const db = cpuBetween(before.db, await meter.sample()) ?? 0;
      return { result, seconds, cores: coresOf(seconds, cpuOf(pids) - before.cpu), dbCores: db / seconds };
    };
    const checkedSince = async (since: number) =>
      Number(
        (
          await database.db
            .selectFrom('link_checks')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('checked_at', '>=', since)
            .executeTakeFirstOrThrow()
        ).n,
      );

    const allDue = () => database.db.updateTable('link_checks').set({ next_check_at: Date.now() }).execute();
    const round = await phase('a watcher round (304s)', async () => void (await allDue()));
    // Every list's file changes: each check brings a new sheet that the worker reads and stores.
    const sheet = largeSheet(200, 1);
    stub.fallback = { ...file, name: 'Prices.xlsx', type: XLSX_TYPE, body: sheet, validators: true, modifiedAt: Date.now() };
    const readings = await phase('readings (a changed 200-row sheet a check)', async () => void (await allDue()));
    const result = { lists, idle, round, readings };
    log(`pages beside the worker: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await database.close();
    await meter.close();
    await web.stop();
    await stub.close();
  }
}
