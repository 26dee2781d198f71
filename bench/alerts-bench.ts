import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { evaluateListAlerts } from '../server/modules/alerts/list-evaluation';
import type { DB } from '../server/plugins/db';
import { ALERTS, type AlertsSeed, LIST_LINES, seedAlerts, storeSecondVersion } from './alerts-seed';
import { createBenchDatabase } from './database';
import type { BenchOptions } from './options';
import { type Distribution, distribution } from './stats';
import type { Target } from './targets';

/**
 * Issue 41's alerts part (docs/decisions/0221): 10,000 item alerts evaluated against one new
 * version of a 5,000-line list, in worker time: the CPU time of the process running the job (Node's
 * process.cpuUsage, every thread) plus that of the PostgreSQL backend serving its transaction
 * (/proc/<pid>/schedstat, nanoseconds on a CPU; the database must run on this machine). CPU time,
 * not wall time, so other work on the shared machine does not count. On PGlite the database runs
 * in the process, so the process's time is all of it.
 *
 * Each run evaluates in a transaction that is rolled back: every run starts from the states the
 * first version left, as the job would find them.
 */
export const ALERTS_TARGET_MS = 50;
const RUNS = 15;

export interface AlertsBench {
  seed: AlertsSeed;
  /** Each run's worker CPU ms, and its parts. */
  worker: Distribution;
  process: Distribution;
  database: Distribution | null;
  wall: Distribution;
  /** The first version, once, from no state: every alert it concerns fires or takes a reference. */
  firstVersion: { workerMs: number; fired: number };
  fired: number;
}

/** Nanoseconds the thread `pid` has run on a CPU; null where the kernel keeps no schedstat. */
function onCpuSeconds(pid: number): number | null {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e9;
  } catch {
    return null;
  }
}

/** One evaluation of the version, with the worker CPU it took; rolled back unless `keep`. */
async function evaluateOnce(db: DB, listId: number, versionId: number, keep = false) {
  let measured = { processMs: 0, databaseMs: null as number | null, wallMs: 0, fired: 0 };
  await db
    .transaction()
    .execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      const backend = rows[0]?.pid ?? 0;
      const dbBefore = onCpuSeconds(backend);
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const fired = await evaluateListAlerts(trx, { listId, versionId });
      const wallMs = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      const dbAfter = onCpuSeconds(backend);
      measured = {
        processMs: (cpu.user + cpu.system) / 1000,
        databaseMs: dbBefore === null || dbAfter === null ? null : (dbAfter - dbBefore) * 1000,
        wallMs,
        fired,
      };
      if (!keep) throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return { ...measured, workerMs: measured.processMs + (measured.databaseMs ?? 0) };
}

class RolledBack extends Error {}

export async function benchAlerts(db: DB, kind: 'postgres' | 'pglite', log: (line: string) => void): Promise<AlertsBench> {
  log(`alerts: a ${LIST_LINES.toLocaleString('en-US')}-line list, ${ALERTS.toLocaleString('en-US')} alerts ...`);
  const seed = await seedAlerts(db);
  log(
    `seeded in ${seed.seconds.toFixed(1)} s: ${seed.alerts} alerts of ${seed.people} people, ${seed.distinctItems} distinct items`,
  );
  // The first version as its job leaves it: the states the second one is evaluated against.
  const first = await evaluateOnce(db, seed.listId, seed.versionIds[0], true);
  log(`first version: ${first.fired} fired, ${first.workerMs.toFixed(1)} ms of worker CPU`);
  seed.versionIds[1] = await storeSecondVersion(db, seed);
  for (let i = 0; i < 3; i++) await evaluateOnce(db, seed.listId, seed.versionIds[1]);
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await evaluateOnce(db, seed.listId, seed.versionIds[1]));
  const databaseKnown = kind === 'postgres' && runs.every((r) => r.databaseMs !== null);
  const bench: AlertsBench = {
    seed,
    worker: distribution(runs.map((r) => r.workerMs)),
    process: distribution(runs.map((r) => r.processMs)),
    database: databaseKnown ? distribution(runs.map((r) => r.databaseMs ?? 0)) : null,
    wall: distribution(runs.map((r) => r.wallMs)),
    firstVersion: { workerMs: first.workerMs, fired: first.fired },
    fired: runs[0]?.fired ?? 0,
  };
  log(`second version: worker CPU p50 ${bench.worker.p50.toFixed(1)} ms, ${bench.fired} fired`);
  return bench;
}

/** The part on its own fresh database, as `npm run bench` runs it per database; its figures join `results.alerts`. */
export async function runAlerts(
  kind: 'postgres' | 'pglite',
  options: BenchOptions,
  log: (line: string) => void,
  results: { alerts?: Array<AlertsBench & { kind: string }> },
): Promise<void> {
  log(`\n== ${kind}: item alerts`);
  const bench = await createBenchDatabase(kind, options.databaseUrl);
  try {
    const database = await bench.open();
    try {
      const run = { kind, ...(await benchAlerts(database.db, kind, log)) };
      results.alerts = [...(results.alerts ?? []), run];
    } finally {
      await database.close();
    }
  } finally {
    if (options.keep) log(`kept the alerts database: ${bench.location}`);
    else await bench.drop();
  }
}

const f = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? 'n/a' : n.toFixed(1));
const cell = (d: Distribution | null) => (d ? `${f(d.p50)} / ${f(d.p95)} / ${f(Math.max(d.p99, d.p95))}` : 'n/a');

export function alertsMarkdown(runs: Array<AlertsBench & { kind: string }>): string {
  if (runs.length === 0) return '';
  const rows = runs.map(
    (r) =>
      `| ${r.kind} | ${cell(r.worker)} | ${cell(r.process)} | ${cell(r.database)} | ${cell(r.wall)} | ${r.fired} | ${f(r.firstVersion.workerMs)} (${r.firstVersion.fired} fired) |`,
  );
  return [
    '',
    `### Item alerts (issue 41): ${ALERTS.toLocaleString('en-US')} alerts, one new version of a ${LIST_LINES.toLocaleString('en-US')}-line list`,
    '',
    `CPU ms over ${RUNS} runs, p50 / p95 / max; worker = the job's process + its PostgreSQL backend.`,
    '',
    '| database | worker | process | database | wall | fired | first version, worker ms |',
    '| -------- | ------ | ------- | -------- | ---- | ----: | ------------------------ |',
    ...rows,
    '',
  ].join('\n');
}

/** Met on PostgreSQL when the median run's worker CPU is within the target. */
export function alertsTargets(runs: Array<AlertsBench & { kind: string }>): Target[] {
  const run = runs.find((r) => r.kind === 'postgres') ?? runs[0];
  if (!run) return [];
  return [
    {
      what: `Item alerts: ${ALERTS.toLocaleString('en-US')} alerts against one new ${LIST_LINES.toLocaleString('en-US')}-line version ≤ ${ALERTS_TARGET_MS} ms of worker CPU (p50 of ${RUNS})`,
      measured: `${f(run.worker.p50)} ms (process ${f(run.process.p50)} + database ${f(run.database?.p50)}; max ${f(run.worker.p99)}; ${run.kind})`,
      pass: run.kind === 'postgres' && run.database !== null ? run.worker.p50 <= ALERTS_TARGET_MS : null,
    },
  ];
}
