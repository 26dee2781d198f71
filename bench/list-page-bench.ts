import { buildWeb } from './build-web';
import { createBenchDatabase } from './database';
import { type ColdListPage, measureColdListPage } from './list-page-cold';
import { listPageSections, listPageTargets } from './list-page-report';
import { seedListPage } from './list-page-seed';
import type { BenchOptions } from './options';
import { QUIET_WORKERS, withServer } from './server';
import { measureWebBytes, type WebBytes } from './web-bytes';
import { measureLcp, type WebLcp } from './web-lcp';

/** Issue 39's list page on one database: its cold render against the bare reference, and its first visit. */
export interface ListPageRun {
  kind: 'postgres' | 'pglite';
  path: string;
  lines: number;
  seedSeconds: number;
  cold: ColdListPage | null;
  web: WebBytes | null;
  lcp: WebLcp | null;
}

/**
 * Issue 39's bench (docs/decisions/0224), on a fresh database of its own holding one supplier and a
 * 5,000-line list (bench/list-page-seed.ts): no network seed is needed, so it costs about a minute
 * a database. `--skip-http` leaves out the cold render, `--skip-web` the first visit.
 */
export async function runListPage(
  kind: 'postgres' | 'pglite',
  options: BenchOptions,
  log: (line: string) => void,
): Promise<ListPageRun> {
  log(`\n== ${kind}: the list page of a 5,000-line list`);
  const bench = await createBenchDatabase(kind, options.databaseUrl);
  try {
    const started = performance.now();
    const database = await bench.open();
    const seed = await seedListPage(database.db).finally(() => database.close());
    const seedSeconds = (performance.now() - started) / 1000;
    log(`seeded ${seed.lines} lines in ${seedSeconds.toFixed(1)} s: ${seed.path}`);
    const run: ListPageRun = { kind, path: seed.path, lines: seed.lines, seedSeconds, cold: null, web: null, lcp: null };
    if (!options.skipHttp) {
      log('list page: cold render, the app against node:http doing the same work, in turns ...');
      run.cold = await measureColdListPage(bench.serverEnv, seed.path, log);
    }
    if (!options.skipWeb) {
      // Workers off: the watcher would find the seeded link unreachable and change the page between visits.
      await withServer({ ...bench.serverEnv, ...QUIET_WORKERS }, undefined, async (server) => {
        log(`list page: what a first visit downloads, and its largest paint on a slow phone ...`);
        run.web = await measureWebBytes(server.url, seed.path);
        run.lcp = await measureLcp(server.url, seed.path);
      });
    }
    return run;
  } finally {
    if (options.keep) log(`kept the list page's database: ${bench.location}`);
    else await bench.drop();
  }
}

/** `--list-page-only`: this part alone on each database, its sections and targets printed. */
export async function runListPageOnly(options: BenchOptions, log: (line: string) => void): Promise<void> {
  if (!options.skipHttp || !options.skipWeb) buildWeb(log);
  const runs: ListPageRun[] = [];
  for (const kind of options.databases) runs.push(await runListPage(kind, options, log));
  console.log(listPageSections(runs).join('\n'));
  for (const target of listPageTargets(runs)) {
    console.log(`- ${target.what}: ${target.measured} (${target.pass === null ? 'n/a' : target.pass ? 'met' : 'not met'})`);
  }
}
