import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { request } from 'undici';
import { startChildServer } from '../tests/fixtures/child-server';
import { ProviderStub, startProviderStub } from '../tests/fixtures/provider-stub';
import { testCertificates } from '../tests/fixtures/test-ca';
import { besideCpuLoad, type CpuMeter, cpuBetween, databaseMeter, mainThreadMeter, processMeter } from './cpu';
import { type BenchDatabaseHandle, createBenchDatabase } from './database';
import type { BenchOptions } from './options';
import { createSession } from './seed';
import { distribution } from './stats';

/** Issue 29's targets: a round of 50,000 lists within an hour on at most half a core; public p99 within 10%. */
export const LINK_CHECK_TARGETS = { roundSeconds: 3600, cores: 0.5, p99Ratio: 1.1 } as const;
const LISTS_A_SUPPLIER = 20;
const LATENCY_SECONDS = 15;
/** A paced round of 50,000 lists takes a quarter of an hour: past this the bench projects it from the rate so far. */
const ROUND_WINDOW_SECONDS = 120;

export interface LinkCheckBench {
  lists: number;
  /** One full round: every list checked once, all with validators (conditional requests, 304s). */
  roundSeconds: number;
  /** False: the round outlasted the bench's window and `roundSeconds` is projected from the checks done in it. */
  roundComplete: boolean;
  checksPerSecond: number;
  /** Server process (plus its PostgreSQL backends) CPU over the round, in cores. */
  cores: number | null;
  /** Of which the server's main thread (its event loop, which answers requests), in cores. */
  mainThreadCores: number | null;
  peakRssMb: number | null;
  /** Public pages (a profile, its posts API) while idle and during the round, in ms. */
  idle: { p50: number; p99: number; requests: number };
  during: { p50: number; p99: number; requests: number };
  /** The idle server beside another process's CPU load of `cores`, about the round's: what the host alone does (ADR 0191). */
  besideLoad: { p50: number; p99: number; requests: number; cores: number | null };
}

/** `lists` lists of `lists / 20` suppliers, each already checked once (its ETag kept), all due now. */
export async function seed(
  bench: BenchDatabaseHandle,
  lists: number,
  etag: string,
  due: number,
): Promise<{ handles: string[]; adminId: string }> {
  const database = await bench.open();
  const db = database.db;
  try {
    const now = Date.now();
    const suppliers = Math.ceil(lists / LISTS_A_SUPPLIER);
    await sql`
      insert into users (email, display_name, created_at)
      select 'watched-' || i || '@bench.example', 'Watched Farm ' || i, ${now}::bigint from generate_series(1, ${suppliers}::int) i`.execute(
      db,
    );
    await sql`
      insert into handles (handle, user_id, created_at)
      select 'watched-' || substring(email from 'watched-([0-9]+)@'), id, ${now}::bigint from users where email like 'watched-%@bench.example'`.execute(
      db,
    );
    await sql`
      insert into lists (user_id, slug, name, created_at)
      select h.user_id, 'list-' || n, 'Price list ' || n, ${now}::bigint
      from handles h cross join generate_series(1, ${LISTS_A_SUPPLIER}::int) n where h.handle like 'watched-%'`.execute(db);
    await sql`
      insert into posts (user_id, handle, list_id, url, description, created_at)
      select l.user_id, h.handle, l.id, 'https://app.box.com/s/bench' || l.id, 'Prices', ${now}::bigint
      from lists l join handles h on h.user_id = l.user_id where h.handle like 'watched-%'`.execute(db);
    await sql`
      insert into link_checks (list_id, user_id, post_id, url, health, provider, etag, checked_at, next_check_at, created_at, quiet_checks)
      select p.list_id, p.user_id, p.id, p.url, 'ok', 'Box', ${etag}, ${now}::bigint, ${due}::bigint, ${now}::bigint, 3
      from posts p join handles h on h.user_id = p.user_id where h.handle like 'watched-%'`.execute(db);
    const admin = await db
      .insertInto('users')
      .values({ email: 'watch-admin@bench.example', display_name: 'Admin', admin: true, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const handles = await db.selectFrom('handles').select('handle').where('handle', 'like', 'watched-%').limit(200).execute();
    return { handles: handles.map((h) => h.handle), adminId: admin.id };
  } finally {
    await database.close();
  }
}

/**
 * Sequential GETs of the public pages for `seconds`: each request's time in ms. Timed from a
 * thread of its own: the provider stub answers the watcher's checks on this process's event loop,
 * and a client sharing that loop would count the stub's work as the server's latency.
 */
const LATENCY_CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { Agent, request } = require('undici');
(async () => {
  const { url, handles, seconds } = workerData;
  const agent = new Agent({ connections: 1 });
  const times = [];
  const until = performance.now() + seconds * 1000;
  for (let i = 0; performance.now() < until; i++) {
    const handle = handles[i % handles.length];
    const path = i % 2 === 0 ? '/' + handle : '/api/profiles/' + handle + '/posts';
    const started = performance.now();
    const res = await request(url + path, { dispatcher: agent, headers: { 'accept-encoding': 'gzip' } });
    await res.body.dump();
    times.push(performance.now() - started);
  }
  await agent.close();
  parentPort.postMessage(times);
})();
`;

export function latencies(url: string, handles: string[], seconds: number): Promise<number[]> {
  const worker = new Worker(LATENCY_CLIENT, { eval: true, workerData: { url, handles, seconds } });
  return new Promise((resolve, reject) => {
    worker.once('message', (times: number[]) => {
      resolve(times);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

export const summary = (times: number[]) => {
  const d = distribution(times);
  return { p50: Math.round(d.p50 * 100) / 100, p99: Math.round(d.p99 * 100) / 100, requests: d.n };
};

/**
 * `npm run bench`'s link watcher part (issue 29): `lists` lists on the provider stub, every one
 * already checked (its ETag kept), all due at once: how long the real server's watcher takes for
 * the round (each check a conditional request answered 304), its CPU and memory meanwhile, and the
 * public pages' latency during the round against the same server idle. The server runs as a local
 * development server (the host map is refused anywhere else), on the bench's database.
 */
export async function benchLinkCheck(
  bench: BenchDatabaseHandle,
  lists: number,
  log: (line: string) => void,
): Promise<LinkCheckBench> {
  const stub = await startProviderStub();
  const body = Buffer.from('Apples;1.20\nPears;1.50\n');
  stub.fallback = {
    name: 'Prices.csv',
    type: 'text/csv',
    body,
    state: 'public',
    delayMs: 0,
    validators: true,
    modifiedAt: Date.now() - 86_400_000,
  };
  const far = Date.now() + 7 * 86_400_000;
  log(`seeding ${lists.toLocaleString('en-US')} watched lists ...`);
  const { handles, adminId } = await seed(bench, lists, ProviderStub.etagOf(body), far);
  const env = {
    ...bench.serverEnv,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    EMAIL_POLL_MS: '0',
    LINK_FETCH_HOST_MAP: stub.hostMap(),
    NODE_EXTRA_CA_CERTS: testCertificates().caFile,
  };
  const unset = ['DATABASE_URL', 'DATA_DIR', 'REDIS_URL', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'SMTP_URL'];
  let server = await startChildServer({ unset, env: { ...env, LINK_CHECK_POLL_MS: '0' }, output: 'stderr-tail' });
  let meter: CpuMeter | null = null;
  try {
    log('public pages, watcher idle ...');
    await latencies(server.url, handles, 3);
    const idle = summary(await latencies(server.url, handles, LATENCY_SECONDS));
    const loaded = await besideCpuLoad(0.25, () => latencies(server.url, handles, LATENCY_SECONDS));
    await server.stop();

    // Every list due now: the round starts as the server does.
    const database = await bench.open();
    const token = await createSession(database.db, adminId);
    await database.db.updateTable('link_checks').set({ next_check_at: Date.now() }).execute();
    await database.close();
    const started = performance.now();
    server = await startChildServer({ unset, env: { ...env, LINK_CHECK_POLL_MS: '1000' }, output: 'stderr-tail' });
    const pid = server.child.pid as number;
    meter = bench.kind === 'postgres' && bench.serverEnv.DATABASE_URL ? await databaseMeter(bench.serverEnv.DATABASE_URL) : null;
    const cpuBefore = {
      server: await processMeter(pid).sample(),
      main: await mainThreadMeter(pid).sample(),
      database: await meter?.sample(),
    };
    log('public pages during the round ...');
    // Warmed as the idle server was: a fresh process's first renders are not the watcher's doing.
    await latencies(server.url, handles, 3);
    const during = summary(await latencies(server.url, handles, LATENCY_SECONDS));
    let due = lists;
    while (due > 0 && performance.now() - started < ROUND_WINDOW_SECONDS * 1000) {
      await new Promise((r) => setTimeout(r, 1000));
      const res = await request(`${server.url}/api/admin/link-checks?health=ok`, {
        headers: { cookie: `freshlist_session=${token}` },
      });
      due = ((await res.body.json()) as { due: number }).due;
    }
    const elapsed = (performance.now() - started) / 1000;
    const rate = (lists - due) / elapsed;
    const roundSeconds = due === 0 ? elapsed : lists / Math.max(rate, 0.001);
    const serverCpu = cpuBetween(cpuBefore.server, await processMeter(pid).sample());
    const mainCpu = cpuBetween(cpuBefore.main, await mainThreadMeter(pid).sample());
    const databaseCpu = meter ? cpuBetween(cpuBefore.database ?? null, await meter.sample()) : 0;
    const status = await import('node:fs').then((fs) => fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    const peak = /^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1];
    const result: LinkCheckBench = {
      lists,
      roundSeconds: Math.round(roundSeconds * 10) / 10,
      roundComplete: due === 0,
      checksPerSecond: Math.round(rate * 10) / 10,
      // Over the time measured: the watcher's pace is even, so a whole round uses the same share of a core.
      cores: serverCpu === null || databaseCpu === null ? null : Math.round(((serverCpu + databaseCpu) / elapsed) * 100) / 100,
      mainThreadCores: mainCpu === null ? null : Math.round((mainCpu / elapsed) * 100) / 100,
      peakRssMb: peak ? Math.round(Number(peak) / 1024) : null,
      idle,
      during,
      besideLoad: { ...summary(loaded.result), cores: loaded.cores },
    };
    log(`link watcher: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await meter?.close();
    await server.stop();
    await stub.close();
  }
}

/** Issue 29 on its own fresh database: the watched lists and the stub provider. */
export async function runLinkCheck(kind: 'postgres' | 'pglite', options: BenchOptions, log: (line: string) => void) {
  log(`\n== ${kind}: link watcher`);
  const bench = await createBenchDatabase(kind, options.databaseUrl);
  try {
    return await benchLinkCheck(bench, options.linkCheckLists, log);
  } finally {
    if (options.keep) log(`kept the link watcher database: ${bench.location}`);
    else await bench.drop();
  }
}

/** Issue 29's targets, met or not, for the report's table and latest.json (the PostgreSQL run, else the first). */
export function linkCheckTargets(runs: Array<{ kind: string } & LinkCheckBench>) {
  const r = runs.find((run) => run.kind === 'postgres') ?? runs[0];
  if (!r) return [];
  const t = LINK_CHECK_TARGETS;
  const lists = r.lists.toLocaleString('en-US');
  return [
    {
      what: `Link watcher: a round of ${lists} lists (conditional requests) within ${t.roundSeconds / 60} min`,
      measured: `${Math.round(r.roundSeconds)} s${r.roundComplete ? '' : ' (projected from the checks of the window measured)'}, ${r.checksPerSecond} checks/s`,
      pass: r.roundSeconds <= t.roundSeconds,
    },
    {
      what: `Link watcher: at most ${t.cores} core on average during the round (server and its database)`,
      measured:
        r.cores === null
          ? 'not measured'
          : `${r.cores} core (the event loop ${r.mainThreadCores ?? '–'}), peak RSS ${r.peakRssMb ?? '–'} MB`,
      pass: r.cores === null ? null : r.cores <= t.cores,
    },
    {
      what: `Link watcher: public pages' p99 during the round within ${Math.round((t.p99Ratio - 1) * 100)}% of idle`,
      measured: `${r.idle.p99} → ${r.during.p99} ms (p50 ${r.idle.p50} → ${r.during.p50} ms; idle beside ${r.besideLoad.cores} core of another process: ${r.besideLoad.p99} ms)`,
      pass: r.during.p99 <= r.idle.p99 * t.p99Ratio,
    },
  ];
}

/** The part's lines of the report. */
export function linkCheckMarkdown(runs: Array<{ kind: string } & LinkCheckBench>): string {
  if (runs.length === 0) return '';
  const t = LINK_CHECK_TARGETS;
  const rows = runs.map(
    (r) =>
      `| ${r.kind} | ${r.lists.toLocaleString('en-US')} | ${r.roundSeconds} s${r.roundComplete ? '' : ' (projected)'} (${r.checksPerSecond}/s) | ${r.cores ?? '–'} (${r.mainThreadCores ?? '–'}) | ${r.peakRssMb ?? '–'} MB | ${r.idle.p99} → ${r.during.p99} ms |`,
  );
  return [
    '',
    `## Link watcher (targets: a round within ${t.roundSeconds} s on ≤ ${t.cores} core; public p99 within ${Math.round((t.p99Ratio - 1) * 100)}%)`,
    '',
    '| database | lists | one round (304s) | cores (event loop) | peak RSS | public p99 idle → during |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
