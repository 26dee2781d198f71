import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, platform, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { type BareReference, barePacedTraffic, measureBareReference } from './bare-reference';
import { type ColdKeys, dealColdKeys, prepareColdKeys } from './cold';
import { benchItemSearch, benchReading, type ContentsRun } from './contents-bench';
import { seedListContentsLogged } from './contents-seed';
import { databaseMeter, processMeter } from './cpu';
import { createBenchDatabase } from './database';
import { benchDirectory } from './directory-bench';
import { seedProfiles } from './directory-seed';
import { benchEmail } from './email-bench';
import { benchFeed } from './feed-bench';
import { benchHttp, type HttpRoute } from './http-bench';
import { type LinkCheckBench, linkCheckMarkdown, runLinkCheck } from './link-check-bench';
import { type BenchOptions, OptionsError, parseOptions, USAGE } from './options';
import { oursFeed } from './ours-feed';
import { runReadingOnly } from './reading-only';
import { benchRealTraffic, prepareTraffic, type RealTraffic, type TrafficKeys } from './real-traffic';
import type { BenchResults, DatabaseRun } from './report';
import { markdown, targets } from './report';
import { addQuietReader, createSession, type SeededNetwork, seedNetwork } from './seed';
import { QUIET_WORKERS, withServer } from './server';
import { measureWebBytes, type WebBytes } from './web-bytes';
import { measureLcp, type WebLcp } from './web-lcp';
import { benchWhatIf } from './what-if';

const RESULTS_FILE = join(import.meta.dirname, 'results', 'latest.json');
const log = (line: string) => process.stderr.write(`${line}\n`);

/** The routes the HTTP part loads, the framework ceiling first. */
function httpRoutes(network: SeededNetwork, cold: ColdKeys): HttpRoute[] {
  const n = (keys: ColdKeys['feed']) => keys.measured.length.toLocaleString('en-US');
  return [
    { name: 'ceiling (constant GET)', path: '/healthz', signedIn: false, ceiling: true, target: null },
    // What any route that asks the database can reach at most: one trivial query a request.
    { name: 'one database round trip', path: '/readyz', signedIn: false, target: null },
    { name: 'feed API (1,000 follows)', path: '/api/feed', signedIn: true, target: null },
    { name: 'profile posts API', path: `/api/profiles/${network.busiestHandle}/posts`, signedIn: false, target: null },
    { name: 'profile page, rendered', path: `/${network.busiestHandle}`, signedIn: false, target: null },
    // No repeats, so the read cache cannot answer. Their target is against the reference without
    // the framework (issue 28), not the ceiling: see the report's framework's cost.
    { name: `cold feed API (${n(cold.feed)} readers)`, path: '/api/feed', signedIn: true, cold: cold.feed, target: null },
    {
      name: `cold profile page, rendered (${n(cold.profiles)} handles)`,
      path: '/{handle}',
      signedIn: false,
      cold: cold.profiles,
      target: null,
    },
    {
      name: `cold profile posts API (${n(cold.profilePosts)} handles)`,
      path: '/api/profiles/{handle}/posts',
      signedIn: false,
      cold: cold.profilePosts,
      target: null,
    },
  ];
}

function buildWeb(): void {
  log('building the web app (vite build) ...');
  const vite = join(process.cwd(), 'node_modules', 'vite', 'bin', 'vite.js');
  // The browser's build and the server's render of the public pages, as `npm start` builds them.
  for (const ssr of [[], ['--ssr', 'app/render-page.tsx']]) {
    const built = spawnSync(process.execPath, [vite, 'build', ...ssr, '--logLevel', 'error'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('vite build failed');
  }
}

async function runDatabase(
  kind: 'postgres' | 'pglite',
  options: BenchOptions,
  web: { result: WebBytes | null; lcp: WebLcp | null },
) {
  const started = performance.now();
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
      log(`seeding ${options.sizes.handles} handles, ${options.sizes.posts} posts, ${options.sizes.readers} readers ...`);
      network = await seedNetwork(database.db, options.sizes);
      log(
        `seeded in ${network.seconds.toFixed(1)} s: ${JSON.stringify(network.counts)}; named readers: ${network.namedReaders
          .map((r) => `${r.follows} follows/${r.feedPosts} posts`)
          .join(', ')}`,
      );
      if (!options.skipDirectory) {
        log(`directory: business profiles for the ${options.sizes.handles} handles ...`);
        const profiles = await seedProfiles(database.db);
        log(`seeded in ${profiles.seconds.toFixed(1)} s (${profiles.words} distinct words)`);
        directory = { seed: profiles, cells: [] };
      }
      if (!options.skipFeed) {
        log('feed: ours vs the earlier algorithm vs the limit ...');
        feed = await benchFeed(database.db, network.namedReaders, oursFeed(database.db), {
          requests: options.requests,
          cellSeconds: options.cellSeconds,
          log,
        });
      }
      // Contents first: /explore searches names and items at once (ADR 0200).
      const contentsSeed = options.skipContents ? null : await seedListContentsLogged(database.db, log);
      if (directory) {
        log('directory: searches as /explore sends them ...');
        directory.cells = await benchDirectory(database.db, network.namedReaders[0]!.userId, {
          requests: options.requests,
          cellSeconds: options.cellSeconds,
          log,
        });
      }
      if (contentsSeed) {
        const cells = await benchItemSearch(database.db, network.namedReaders[0]!.userId, {
          requests: options.requests,
          cellSeconds: options.cellSeconds,
          log,
        });
        const reading = await benchReading({ files: options.readingFiles, db: database.db, log });
        contents = { seed: contentsSeed, cells, reading };
      }
      if (!options.skipWhatIf && !options.skipFeed) {
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
      await withServer(bench.serverEnv, undefined, async (server) => {
        log(`web: what a first visit to /${network.busiestHandle} downloads ...`);
        web.result = await measureWebBytes(server.url, `/${network.busiestHandle}`);
        log(`web: largest contentful paint of /${network.busiestHandle} on a slow phone ...`);
        web.lcp = await measureLcp(server.url, `/${network.busiestHandle}`);
      });
    }
    if (!options.skipHttp) {
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
      // Real traffic is stated with every worker running as in production.
      await withServer(bench.serverEnv, undefined, async (server) => {
        const seconds = Math.max(10, options.httpSeconds);
        log(`real traffic: a mixed load at 1,000 requests/s for ${seconds} s, the workers running ...`);
        realTraffic = await benchRealTraffic(server, traffic, { seconds });
      });
    }
    let bare: BareReference | null = null;
    if (http && kind === 'postgres') {
      log('HTTP: the reference without the framework (the same work on node:http) ...');
      bare = await measureBareReference(bench.serverEnv.DATABASE_URL!, dealColdKeys(cold).reference, {
        connections: options.httpConnections,
        sessionCookie: '__Host-freshlist_session',
      }).catch((error: unknown) => {
        log(`the reference without the framework failed, left out: ${error instanceof Error ? error.message : error}`);
        return null;
      });
      if (realTraffic) {
        log('real traffic: the same paced mix on the reference without the framework ...');
        realTraffic.bare = await barePacedTraffic(bench.serverEnv.DATABASE_URL!, traffic, realTraffic, log);
      }
    }

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

/** Issue 18 on its own fresh database: the feed network's 70,000 people are not needed. */
async function runEmail(kind: 'postgres' | 'pglite', options: BenchOptions) {
  log(`\n== ${kind}: email`);
  const bench = await createBenchDatabase(kind, options.databaseUrl);
  try {
    return await benchEmail(bench, options.emailFollowers, log);
  } finally {
    if (options.keep) log(`kept the email database: ${bench.location}`);
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
    totalSeconds: 0,
  };

  if ((!options.emailOnly || options.linkCheckOnly) && (!options.skipHttp || !options.skipWeb)) buildWeb();
  const web = { result: null as WebBytes | null, lcp: null as WebLcp | null };
  const linkChecks: Array<{ kind: string } & LinkCheckBench> = [];
  for (const kind of options.databases) {
    if (!options.emailOnly) results.runs.push(await runDatabase(kind, options, web));
    if (!options.skipEmail) results.email.push({ kind, ...(await runEmail(kind, options)) });
    if (!options.skipLinkCheck) linkChecks.push({ kind, ...(await runLinkCheck(kind, options, log)) });
  }
  results.web = web.result;
  results.lcp = web.lcp;
  results.linkChecks = linkChecks;
  results.totalSeconds = (performance.now() - started) / 1000;

  mkdirSync(join(import.meta.dirname, 'results'), { recursive: true });
  // The targets, met or not, with the numbers: the first thing a reader of the file looks for.
  writeFileSync(RESULTS_FILE, `${JSON.stringify({ targets: targets(results), ...results }, null, 2)}\n`);
  console.log(markdown(results) + linkCheckMarkdown(linkChecks));
  log(`\nwritten to ${RESULTS_FILE}`);
}

main().catch((error: unknown) => {
  if (error instanceof OptionsError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
