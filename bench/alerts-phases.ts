import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { lineCache } from '../server/modules/alerts/line-cache';
import { evaluateListAlerts } from '../server/modules/alerts/list-evaluation';
import type { DB } from '../server/plugins/db';
import { seedAlerts, storeSecondVersion } from './alerts-seed';
import { createBenchDatabase } from './database';

/**
 * Where an `item-alerts` job's worker CPU goes, phase by phase (docs/decisions/0231), on the
 * alerts bench's data: `npx tsx bench/alerts-phases.ts` with BENCH_DATABASE_URL set. Each phase's
 * figure is the process's CPU plus its backend's, median of the runs; each run is rolled back.
 * The job reading only the alerts the version can change, and the one reading every alert the
 * lines concern, in turns, each from the cache the first version's job left.
 */
const RUNS = Number(process.env.RUNS ?? 11);

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
    seed.versionIds[1] = await storeSecondVersion(db, seed);
    const phases = new Map<string, number[]>();
    const counts = new Map<string, number>();
    for (let run = 0; run < RUNS; run++) {
      for (const whole of [true, false]) {
        await db
          .transaction()
          .execute(async (trx) => {
            const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]?.pid ?? 0;
            let mark = process.cpuUsage();
            let dbMark = onCpu(pid);
            const trace = (name: string, count?: number) => {
              const cpu = process.cpuUsage(mark);
              const dbNow = onCpu(pid);
              const phase = `${whole ? 'every alert' : 'changed'}: ${name}`;
              phases.set(phase, [...(phases.get(phase) ?? []), (cpu.user + cpu.system) / 1000 + (dbNow - dbMark)]);
              if (count !== undefined) counts.set(phase, count);
              mark = process.cpuUsage();
              dbMark = onCpu(pid);
            };
            const fired = await evaluateListAlerts(
              trx,
              { listId: seed.listId, versionId: seed.versionIds[1] },
              { kept: kept.copy(), whole, trace },
            );
            counts.set(`${whole ? 'every alert' : 'changed'}: fired`, fired);
            throw new RolledBack();
          })
          .catch((e: unknown) => {
            if (!(e instanceof RolledBack)) throw e;
          });
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
    for (const whole of ['every alert', 'changed']) {
      let total = 0;
      for (const [name, xs] of phases) {
        if (!name.startsWith(whole)) continue;
        total += median(xs);
        const count = counts.get(name);
        console.log(`${name.padEnd(40)} ${median(xs).toFixed(1).padStart(7)} ms${count === undefined ? '' : `  (${count})`}`);
      }
      console.log(
        `${`${whole}: sum of medians`.padEnd(40)} ${total.toFixed(1).padStart(7)} ms; fired ${counts.get(`${whole}: fired`)}`,
      );
    }
  } finally {
    await database.close();
    await bench.drop();
  }
}

class RolledBack extends Error {}

await main();
