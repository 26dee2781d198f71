import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { evaluateAlert } from '../core/item-alert';
import { perUnitOf } from '../core/item-alert-lines';
import { sameState } from '../server/modules/alerts/crossings';
import { lineCache } from '../server/modules/alerts/line-cache';
import { lineIndex } from '../server/modules/alerts/line-index';
import { evaluateListAlerts } from '../server/modules/alerts/list-evaluation';
import { alertMatchingRepository } from '../server/modules/alerts/matching-repository';
import { alertsRepository } from '../server/modules/alerts/repository';
import type { DB } from '../server/plugins/db';
import { seedAlerts, storeSecondVersion } from './alerts-seed';
import { createBenchDatabase } from './database';

/**
 * Where an `item-alerts` job's worker CPU goes, phase by phase (docs/decisions/0231), on the
 * alerts bench's data: `npx tsx bench/alerts-phases.ts` with BENCH_DATABASE_URL set. Each phase's
 * figure is the process's CPU plus its backend's, median of the runs; each run is rolled back.
 * It also counts the candidates whose outcome the version changed (a state or a mail), the floor of
 * any evaluation that reads only those.
 */
const RUNS = 11;

const onCpu = (pid: number) => Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;

async function main() {
  const bench = await createBenchDatabase('postgres', process.env.BENCH_DATABASE_URL);
  const database = await bench.open();
  const db: DB = database.db;
  try {
    const seed = await seedAlerts(db);
    const kept = lineCache();
    await db
      .transaction()
      .execute((trx) => evaluateListAlerts(trx, { listId: seed.listId, versionId: seed.versionIds[0] }, { kept }));
    const first = (
      await sql<{ id: string }>`select id from list_lines where list_id = ${seed.listId} and current`.execute(db)
    ).rows.map((r) => Number(r.id));
    await storeSecondVersion(db, seed);
    const now = (
      await sql<{ id: string }>`select id from list_lines where list_id = ${seed.listId} and current`.execute(db)
    ).rows.map((r) => Number(r.id));
    const old = new Set(first);
    const fresh = now.filter((id) => !old.has(id));
    const phases = new Map<string, number[]>();
    let counts = {};
    for (let run = 0; run < RUNS; run++) {
      kept.forget(seed.listId, fresh);
      await db
        .transaction()
        .execute(async (trx) => {
          const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]?.pid ?? 0;
          let mark = process.cpuUsage();
          let dbMark = onCpu(pid);
          const phase = (name: string) => {
            const cpu = process.cpuUsage(mark);
            const dbNow = onCpu(pid);
            const list = phases.get(name) ?? [];
            list.push((cpu.user + cpu.system) / 1000 + (dbNow - dbMark));
            phases.set(name, list);
            mark = process.cpuUsage();
            dbMark = onCpu(pid);
          };
          const repo = alertsRepository(trx);
          await repo.lockList(seed.listId);
          const matching = alertMatchingRepository(trx);
          phase('lock');
          const { alerts, lineIds } = await matching.evaluationInput(seed.listId);
          phase('candidates read');
          const lines = await kept.lines(seed.listId, lineIds, (missing) => matching.linesById(seed.listId, missing));
          const read = lines.filter((line) => line.perUnit === undefined && line.price !== null);
          for (const line of read) line.perUnit = perUnitOf(line);
          phase('new lines read, packs');
          const index = lineIndex(lines);
          const decided = alerts.map((alert) => (alert.mayRead ? index.deciding(alert.query) : []));
          phase('matching');
          let changes = 0;
          const hits: number[] = [];
          const changedIds: number[] = [];
          const stateChanges: Parameters<typeof repo.saveStates>[0] = [];
          alerts.forEach((alert, i) => {
            const { state, fired } = evaluateAlert(alert, decided[i] ?? [], alert.state);
            if (!sameState(alert.state, state)) {
              changes++;
              stateChanges.push({ alertId: alert.id, listId: seed.listId, state });
            }
            if (fired) hits.push(alert.id);
            if (fired || !sameState(alert.state, state)) changedIds.push(alert.id);
          });
          phase('evaluating');
          await repo.saveStates(stateChanges, Date.now());
          phase('writes: states');
          await repo.keepLineValues(read.map((line) => ({ lineId: line.id, perUnit: line.perUnit ?? null })));
          phase('writes: line values');
          const told = await repo.toldOf(hits);
          phase('writes: names of fired');
          const { tell } = await import('../server/modules/alerts/crossings');
          await tell(
            trx,
            new Map(told.map((a) => [a, [{ listId: seed.listId, text: 'x', priceText: null, valueText: null, currency: null }]])),
            Date.now(),
            `p:${run}`,
          );
          phase('writes: mails and marks');
          const byKind = (ids: number[]) => {
            const kinds: Record<string, number> = {};
            for (const a of alerts) if (ids.includes(a.id)) kinds[a.kind] = (kinds[a.kind] ?? 0) + 1;
            return kinds;
          };
          counts = {
            candidates: alerts.length,
            distinctQueries: new Set(alerts.map((a) => a.query)).size,
            withState: alerts.filter((a) => a.state !== null).length,
            stateChanges: changes,
            fired: hits.length,
            outcomeChanged: changedIds.length,
            outcomeChangedByKind: byKind(changedIds),
          };
          throw new RolledBack();
        })
        .catch((e: unknown) => {
          if (!(e instanceof RolledBack)) throw e;
        });
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
    let total = 0;
    for (const [name, xs] of phases) {
      total += median(xs);
      console.log(`${name.padEnd(28)} ${median(xs).toFixed(1).padStart(7)} ms`);
    }
    console.log(`${'sum of medians'.padEnd(28)} ${total.toFixed(1).padStart(7)} ms`);
    console.log(JSON.stringify(counts));
  } finally {
    await database.close();
    await bench.drop();
  }
}

class RolledBack extends Error {}

await main();
