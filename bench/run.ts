import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, platform, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { runAlerts } from './alerts-bench';
import { type BareReference, barePacedTraffic, measureBareReference } from './bare-reference';
import { buildWeb } from './build-web';
import { type ColdKeys, dealColdKeys, prepareColdKeys } from './cold';
import { benchCompare } from './compare-bench';
import { benchItemSearch, benchReading, type ContentsRun } from './contents-bench';
import { seedListContentsLogged } from './contents-seed';
import { databaseMeter, processMeter } from './cpu';
import { createBenchDatabase } from './database';
import { benchDirectory } from './directory-bench';
import { seedProfiles } from './directory-seed';
import { runEmail } from './email-bench';
import { benchFeed } from './feed-bench';
import { benchHttp } from './http-bench';
import { httpRoutes } from './http-routes';
import { jobsMarkdown, runJobs } from './jobs-part';
import { type LinkCheckBench, linkCheckMarkdown, runLinkCheck } from './link-check-bench';
import { runListPage, runListPageOnly } from './list-page-bench';
import { type BenchOptions, OptionsError, parseOptions, USAGE } from './options';
import { ordersReport, runOrders, runOrdersOnly } from './orders-only';
import { oursFeed } from './ours-feed';
import { partTimer } from './parts';
import { runReadingOnly } from './reading-only';
import { benchRealTraffic, prepareTraffic, type RealTraffic, type TrafficKeys } from './real-traffic';
import { type BenchResults, type DatabaseRun, markdown, targets } from './report';
import { addQuietReader, createSession, type SeededNetwork, seedNetwork } from './seed';
import { QUIET_WORKERS, withServer } from './server';
import { settleDatabase } from './settle';
import { runWatcherWeek, watcherWeekMarkdown } from './watcher-week';
import { measureWebBytes, type WebBytes } from './web-bytes';
import { measureLcp, type WebLcp } from './web-lcp';
import { benchWhatIf } from './what-if';

const RESULTS_FILE = join(import.meta.dirname, 'results', 'latest.json');
const log = (line: string) => process.stderr.write(`${line}\n`);
/** Each part's wall time, printed as it ends and kept in latest.json (issue 44). */
const parts = partTimer(log);

async function runDatabase(
  kind: 'postgres' | 'pglite',
  options: BenchOptions,
  web: { result: WebBytes | null; lcp: WebLcp | null },
) {
  const started = performance.now();
  parts.start(`${kind}: create the database`);
  log(`\n== ${kind}: creating a database with the app's migrations`);
  const bench = await createBenchDatabase(kind, options.databaseUrl);
  try {
    const database = await bench.open();
    let network: SeededNetwork;
    let token: string;
    let cold: ColdKeys;
    let traffic: TrafficKeys;
    let feed: DatabaseRun['feed'] = [];
    let directory: DatabaseRun['directory'] = null;
    let contents: ContentsRun | null = null;
    let whatIf: DatabaseRun['whatIf'] = null;
    let version: string;
    try {
      const v = await sql<{ version: string }>`select version() as version`.execute(database.db);
      version = (v.rows[0]?.version ?? '').split(' on ')[0]!.split(',')[0]!;
      parts.start(`${kind}: seed the network`);
      log(`seeding ${options.sizes.handles} handles, ${options.sizes.posts} posts, ${options.sizes.readers} readers ...`);
      network = await seedNetwork(database.db, options.sizes);
      log(
        `seeded in ${network.seconds.toFixed(1)} s: ${JSON.stringify(network.counts)}; named readers: ${network.namedReaders
          .map((r) => `${r.follows} follows/${r.feedPosts} posts`)
          .join(', ')}`,
      );
      if (!options.skipDirectory) {
        parts.start(`${kind}: seed the directory`);
        log(`directory: business profiles for the ${options.sizes.handles} handles ...`);
        const profiles = await seedProfiles(database.db);
        log(`seeded in ${profiles.seconds.toFixed(1)} s (${profiles.words} distinct words)`);
        directory = { seed: profiles, cells: [] };
      }
      if (!options.skipFeed) {
        parts.start(`${kind}: feed`);
        log('feed: ours vs the earlier algorithm vs the limit ...');
        feed = await benchFeed(database.db, network.namedReaders, oursFeed(database.db), {
          requests: options.requests,
          cellSeconds: options.cellSeconds,
          log,
        });
      }
      parts.start(`${kind}: seed lists' contents`);
      // Contents first: /explore searches names and items at once (ADR 0200).
      const contentsSeed = options.skipContents ? null : await seedListContentsLogged(database.db, log);
      parts.start(`${kind}: vacuum and analyze`);
      log(
        `settled (vacuumed and analyzed, as autovacuum would have) in ${(await settleDatabase(database.db)).seconds.toFixed(1)} s`,
      );
      if (directory) {
        parts.start(`${kind}: directory searches`);
        log('directory: searches as /explore sends them ...');
        directory.cells = await benchDirectory(database.db, network.namedReaders[0]!.userId, {
          requests: options.requests,
          cellSeconds: options.cellSeconds,
          log,
        });
      }
      if (contentsSeed) {
        parts.start(`${kind}: item searches, compare, reading`);
        const timing = { requests: options.requests, cellSeconds: options.cellSeconds, log };
        const cells = await benchItemSearch(database.db, network.namedReaders[0]!.userId, timing);
        const compare = await benchCompare(database.db, network.namedReaders[0]!.userId, timing);
        const reading = await benchReading({ files: options.readingFiles, db: database.db, log });
        contents = { seed: contentsSeed, cells, reading, compare };
      }
      if (!options.skipWhatIf && !options.skipFeed) {
        parts.start(`${kind}: design alternatives`);
        log('design alternatives: LATERAL alone, the followed handles as an array ...');
        const quietFollows = Math.min(1000, Math.floor(options.sizes.handles / 2));
        const quiet = await addQuietReader(database.db, options.sizes.handles, quietFollows);
        whatIf = await benchWhatIf(
          database.db,
          [
            ...network.namedReaders.map((r) => ({ ...r, label: `${r.follows.toLocaleString('en-US')} follows` })),
            { ...quiet, label: `${quiet.follows.toLocaleString('en-US')} quiet follows` },
          ],
          { requests: Math.min(options.requests, 100), cellSeconds: options.cellSeconds, log },
        );
      }
      parts.start(`${kind}: sessions and keys for HTTP`);
      const reader = network.namedReaders.find((r) => r.follows === 1000) ?? network.namedReaders.at(-1)!;
      token = await createSession(database.db, reader.userId);
      cold = await prepareColdKeys(database.db);
      traffic = await prepareTraffic(
        database.db,
        cold.feed.measured.map((k) => k.token!),
      );
    } finally {
      // PGlite holds its folder: the server process can open it only once this one closed it.
      await database.close();
    }

    let http = null as DatabaseRun['http'];
    let realTraffic = null as RealTraffic | null;
    if (!options.skipWeb && web.result === null) {
      // The first visit as production starts the server: every background worker on.
      parts.start(`${kind}: web`);
      await withServer(bench.serverEnv, undefined, async (server) => {
        log(`web: what a first visit to /${network.busiestHandle} downloads ...`);
        web.result = await measureWebBytes(server.url, `/${network.busiestHandle}`);
        log(`web: largest contentful paint of /${network.busiestHandle} on a slow phone ...`);
        web.lcp = await measureLcp(server.url, `/${network.busiestHandle}`);
      });
    }
    if (!options.skipHttp) {
      parts.start(`${kind}: HTTP routes`);
      // The routes and the framework's cost with the workers quiet: the reference runs none, so
      // their checks and sends would count as the framework's (ADR 0199).
      await withServer({ ...bench.serverEnv, ...QUIET_WORKERS }, options.cpuProf, async (server) => {
        log(`HTTP: ${options.httpSeconds} s a route, ${options.httpConnections} connections, background workers off ...`);
        const database = kind === 'postgres' ? await databaseMeter(bench.serverEnv.DATABASE_URL!) : null;
        try {
          http = await benchHttp(server, httpRoutes(network, dealColdKeys(cold).app), {
            seconds: options.httpSeconds,
            connections: options.httpConnections,
            sessionToken: token,
            meters: { server: processMeter(server.pid), database },
          });
        } finally {
          await database?.close();
        }
      });
      parts.start(`${kind}: real traffic`);
      // Real traffic is stated with every worker running as in production.
      await withServer(bench.serverEnv, undefined, async (server) => {
        const seconds = Math.max(10, options.httpSeconds);
        log(`real traffic: a mixed load at 1,000 requests/s for ${seconds} s, the workers running ...`);
        realTraffic = await benchRealTraffic(server, traffic, { seconds });
      });
    }
    let bare: BareReference | null = null;
    if (http && kind === 'postgres') {
      parts.start(`${kind}: the reference without the framework`);
      log('HTTP: the reference without the framework (the same work on node:http) ...');
      bare = await measureBareReference(bench.serverEnv.DATABASE_URL!, dealColdKeys(cold).reference, {
        connections: options.httpConnections,
        sessionCookie: '__Host-freshlist_session',
      }).catch((error: unknown) => {
        log(`the reference without the framework failed, left out: ${error instanceof Error ? error.message : error}`);
        return null;
      });
      if (realTraffic) {
        parts.start(`${kind}: real traffic on the reference`);
        log('real traffic: the same paced mix on the reference without the framework ...');
        realTraffic.bare = await barePacedTraffic(bench.serverEnv.DATABASE_URL!, traffic, realTraffic, log);
      }
    }

    parts.end();
    const { namedReaders, ...seed } = network;
    return {
      kind,
      version,
      seed: { ...seed, namedReaders: namedReaders.map((r) => ({ follows: r.follows, feedPosts: r.feedPosts })) },
      feed,
      whatIf,
      directory,
      contents,
      http,
      bare,
      realTraffic,
      seconds: (performance.now() - started) / 1000,
    } satisfies DatabaseRun;
  } finally {
    if (options.keep) log(`kept the seeded database: ${bench.location}`);
    else await bench.drop();
  }
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv.includes('--help')) {
    console.log(USAGE);
    return;
  }
  const options = parseOptions(argv, process.env);
  if (options.readingOnly) return runReadingOnly(options, log);
  if (options.ordersOnly) return runOrdersOnly(options, log);
  if (options.listPageOnly) return runListPageOnly(options, log);
  const started = performance.now();
  const results: BenchResults = {
    startedAt: new Date().toISOString(),
    machine: {
      cpus: availableParallelism(),
      cpuModel: cpus()[0]?.model.trim() ?? 'unknown CPU',
      memoryGb: Math.round(totalmem() / 1024 ** 3),
      node: process.versions.node,
      platform: `${platform()} ${release()}`,
    },
    sizes: options.sizes,
    options: {
      requests: options.requests,
      cellSeconds: options.cellSeconds,
      httpSeconds: options.httpSeconds,
      connections: options.httpConnections,
    },
    runs: [],
    web: null,
    lcp: null,
    email: [],
    orders: [],
    listPages: [],
    watcherWeek: options.skipWatcherWeek ? null : runWatcherWeek(options.watcherWeekLists, log),
    totalSeconds: 0,
  };

  parts.start('build the web app');
  if ((!options.emailOnly || options.linkCheckOnly || options.jobsOnly) && (!options.skipHttp || !options.skipWeb)) buildWeb(log);
  const web = { result: null as WebBytes | null, lcp: null as WebLcp | null };
  const linkChecks: Array<{ kind: string } & LinkCheckBench> = [];
  for (const kind of options.databases) {
    if (!options.emailOnly) results.runs.push(await runDatabase(kind, options, web));
    parts.start(`${kind}: email`);
    if (!options.skipEmail) results.email.push({ kind, ...(await runEmail(kind, options, log)) });
    parts.start(`${kind}: link watcher`);
    if (!options.skipLinkCheck) linkChecks.push({ kind, ...(await runLinkCheck(kind, options, log)) });
    parts.start(`${kind}: orders`);
    if (!options.skipOrders) results.orders?.push({ kind, cells: await runOrders(kind, options, log) });
    parts.start(`${kind}: jobs`);
    if (!options.skipJobs) results.jobs ??= await runJobs(kind, options, log);
    parts.start(`${kind}: item alerts`);
    if (!options.skipAlerts) await runAlerts(kind, options, log, results);
    parts.start(`${kind}: list page`);
    if (!options.emailOnly && !options.skipListPage) results.listPages.push(await runListPage(kind, options, log));
  }
  [results.web, results.lcp] = [web.result, web.lcp];
  results.linkChecks = linkChecks;
  parts.end();
  results.totalSeconds = (performance.now() - started) / 1000;
  results.parts = parts.list;

  mkdirSync(join(import.meta.dirname, 'results'), { recursive: true });
  // The targets, met or not, with the numbers: the first thing a reader of the file looks for.
  writeFileSync(RESULTS_FILE, `${JSON.stringify({ targets: targets(results), ...results }, null, 2)}\n`);
  console.log(
    markdown(results) +
      linkCheckMarkdown(linkChecks) +
      ordersReport(results.orders) +
      jobsMarkdown(results.jobs) +
      watcherWeekMarkdown(results.watcherWeek) +
      parts.summary(),
  );
  log(`\nwritten to ${RESULTS_FILE}`);
}

main().catch((error: unknown) => {
  if (error instanceof OptionsError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
