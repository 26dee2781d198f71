import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { type LineCache, lineCache } from '../server/modules/alerts/line-cache';
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
 *
 * The control, measured in turns with the runs and the same way: the job's inputs read bare through
 * pg, as plain rows and nothing else (the candidates found by their words, with their kept states,
 * and the list's current lines). Every design that reads each candidate once pays at least that,
 * and the ratio to it holds still when the shared machine is busy (docs/decisions/0221).
 */
export const ALERTS_TARGET_MS = 50;
const RUNS = 15;

export interface AlertsBench {
  seed: AlertsSeed;
  /** Each run's worker CPU ms, and its parts. */
  worker: Distribution;
  /** The control's worker CPU ms, in turns with the runs: the reads of the job (its new lines only). */
  control: Distribution;
  /** The control before the cache of lines: every current line read (docs/decisions/0221), in the same turns. */
  controlAllLines?: Distribution;
  /** The job reading every alert the lines concern (docs/decisions/0226's job), in the same turns. */
  whole?: Distribution;
  /** Each run's worker CPU over the control's just before it. */
  ratio: Distribution;
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
const evaluateOnce = (db: DB, listId: number, versionId: number, kept: LineCache, keep = false, whole = false) =>
  measured(db, (trx) => evaluateListAlerts(trx, { listId, versionId }, { kept, whole }), keep);

/**
 * The control: the candidates (by their words, with their states) as plain rows, and the lines as
 * the job reads them (docs/decisions/0226): the ids of the current lines, and those not in the first
 * version with their words, as plain rows. `all`: every current line instead, as the control of
 * docs/decisions/0221 read them.
 */
const controlOnce = (db: DB, listId: number, readLines: 'all' | 'new', firstLines: number[]) =>
  measured(db, async (trx) => {
    const { rows } = await sql`
      with lexemes as (select distinct u.lexeme from list_search s cross join lateral unnest(s.document) u where s.list_id = ${listId}),
      prefixes as (
        select distinct left(x.lexeme, n) as word from lexemes x cross join lateral generate_series(1, char_length(x.lexeme)) n
      ),
      found as (
        select w.alert_id from item_alert_words w join lexemes x on x.lexeme = w.word where not w.prefix
        union
        select w.alert_id from item_alert_words w join prefixes p on p.word = w.word where w.prefix
        union
        select st.alert_id from item_alert_states st where st.list_id = ${listId}
      )
      select a.id, a.user_id, a.kind, a.threshold, a.unit, a.currency, a.scope, st.holds, st.reference, st.reference_basis
      from found f join item_alerts a on a.id = f.alert_id and not a.paused
      left join item_alert_states st on st.alert_id = a.id and st.list_id = ${listId}`.execute(trx);
    if (readLines === 'all') {
      const lines = await sql`
        select id, item, price, currency, unit from list_lines where list_id = ${listId} and current and item is not null`.execute(
        trx,
      );
      return rows.length + lines.rows.length;
    }
    const ids = await sql<{ id: number }>`
      select id from list_lines where list_id = ${listId} and current and item is not null order by id`.execute(trx);
    const lines = await sql`
      select id, item, raw, price, currency, unit, document from list_lines
      where id = any(${newLines(ids.rows, firstLines)}::bigint[])`.execute(trx);
    return rows.length + lines.rows.length;
  });

async function measured(db: DB, work: (trx: DB) => Promise<number>, keep = false) {
  let measured = { processMs: 0, databaseMs: null as number | null, wallMs: 0, fired: 0 };
  await db
    .transaction()
    .execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      const backend = rows[0]?.pid ?? 0;
      const dbBefore = onCpuSeconds(backend);
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const fired = await work(trx);
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

/** The current lines that were not in the first version. */
const newLines = (current: Array<{ id: number | string }>, first: number[]) => {
  const old = new Set(first);
  return current.map((r) => Number(r.id)).filter((id) => !old.has(id));
};

async function currentLineIds(db: DB, listId: number): Promise<number[]> {
  const { rows } = await sql<{ id: string }>`
    select id from list_lines where list_id = ${listId} and current and item is not null`.execute(db);
  return rows.map((r) => Number(r.id));
}

export async function benchAlerts(db: DB, kind: 'postgres' | 'pglite', log: (line: string) => void): Promise<AlertsBench> {
  log(`alerts: a ${LIST_LINES.toLocaleString('en-US')}-line list, ${ALERTS.toLocaleString('en-US')} alerts ...`);
  const seed = await seedAlerts(db);
  log(
    `seeded in ${seed.seconds.toFixed(1)} s: ${seed.alerts} alerts of ${seed.people} people, ${seed.distinctItems} distinct items`,
  );
  // The first version as its job leaves it: the states the second one is evaluated against.
  // The worker's cache of lines, as the first version's job leaves it (docs/decisions/0226).
  const kept = lineCache();
  const first = await evaluateOnce(db, seed.listId, seed.versionIds[0], kept, true);
  log(`first version: ${first.fired} fired, ${first.workerMs.toFixed(1)} ms of worker CPU`);
  const firstLines = await currentLineIds(db, seed.listId);
  seed.versionIds[1] = await storeSecondVersion(db, seed);
  // Each run starts from what the first version's job left (its lines and their queries' facts): the
  // second version's new lines are not kept.
  const second = () => evaluateOnce(db, seed.listId, seed.versionIds[1], kept.copy());
  const secondWhole = () => evaluateOnce(db, seed.listId, seed.versionIds[1], kept.copy(), false, true);
  for (let i = 0; i < 3; i++) {
    await controlOnce(db, seed.listId, 'new', firstLines);
    await second();
  }
  const runs: Array<Awaited<ReturnType<typeof evaluateOnce>>> = [];
  const controls: Array<Awaited<ReturnType<typeof controlOnce>>> = [];
  const allLines: Array<Awaited<ReturnType<typeof controlOnce>>> = [];
  const wholes: Array<Awaited<ReturnType<typeof evaluateOnce>>> = [];
  for (let i = 0; i < RUNS; i++) {
    allLines.push(await controlOnce(db, seed.listId, 'all', firstLines));
    controls.push(await controlOnce(db, seed.listId, 'new', firstLines));
    wholes.push(await secondWhole());
    runs.push(await second());
  }
  if (wholes.some((w, i) => w.fired !== runs[i]?.fired)) throw new Error('the whole evaluation fired other alerts');
  const databaseKnown = kind === 'postgres' && runs.every((r) => r.databaseMs !== null);
  const bench: AlertsBench = {
    seed,
    worker: distribution(runs.map((r) => r.workerMs)),
    control: distribution(controls.map((r) => r.workerMs)),
    controlAllLines: distribution(allLines.map((r) => r.workerMs)),
    whole: distribution(wholes.map((r) => r.workerMs)),
    ratio: distribution(runs.map((r, i) => r.workerMs / (controls[i]?.workerMs ?? Number.NaN))),
    process: distribution(runs.map((r) => r.processMs)),
    database: databaseKnown ? distribution(runs.map((r) => r.databaseMs ?? 0)) : null,
    wall: distribution(runs.map((r) => r.wallMs)),
    firstVersion: { workerMs: first.workerMs, fired: first.fired },
    fired: runs[0]?.fired ?? 0,
  };
  log(
    `second version: worker CPU p50 ${bench.worker.p50.toFixed(1)} ms, control ${bench.control.p50.toFixed(1)} ms (every line read: ${f(bench.controlAllLines?.p50)} ms), ratio p50 ${bench.ratio.p50.toFixed(2)}, every alert read ${f(bench.whole?.p50)} ms, ${bench.fired} fired`,
  );
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
      `| ${r.kind} | ${cell(r.worker)} | ${cell(r.control)} | ${r.ratio.p50.toFixed(2)} × | ${cell(r.controlAllLines ?? null)} | ${cell(r.whole ?? null)} | ${cell(r.process)} | ${cell(r.database)} | ${cell(r.wall)} | ${r.fired} | ${f(r.firstVersion.workerMs)} (${r.firstVersion.fired} fired) |`,
  );
  return [
    '',
    `### Item alerts (issue 41): ${ALERTS.toLocaleString('en-US')} alerts, one new version of a ${LIST_LINES.toLocaleString('en-US')}-line list`,
    '',
    `CPU ms over ${RUNS} runs, p50 / p95 / max; worker = the job's process + its PostgreSQL backend. Control: the job's inputs read bare through pg (plain rows, nothing else: the candidates, the current lines' ids, the lines its cache lacks), in turns with the runs; ratio: p50 of each run over the control before it. Control, every line: ADR 0221's, every current line read, in the same turns. Every alert read: the job reading every alert the lines concern (ADR 0226's), in the same turns.`,
    '',
    '| database | worker | control | ratio | control, every line (0221) | every alert read (0226) | process | database | wall | fired | first version, worker ms |',
    '| -------- | ------ | ------- | ----: | -------------------------- | ----------------------- | ------- | -------- | ---- | ----: | ------------------------ |',
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
      measured: `${f(run.worker.p50)} ms (process ${f(run.process.p50)} + database ${f(run.database?.p50)}; max ${f(run.worker.p99)}; ${run.kind}); control ${f(run.control.p50)} ms, ratio ${run.ratio.p50.toFixed(2)}`,
      pass: run.kind === 'postgres' && run.database !== null ? run.worker.p50 <= ALERTS_TARGET_MS : null,
    },
  ];
}
