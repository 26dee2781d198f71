import { spawn } from 'node:child_process';
import { get } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { freePort } from '../tests/fixtures/child-server';
import { cpuBetween, databaseMeter, processMeter } from './cpu';
import { sendEachOnce } from './distinct-load';
import { BROWSER_HEADERS } from './http-bench';
import { QUIET_WORKERS, SERVER_NODE_ARGS, startBenchServer } from './server';

/** One side of the cold list page: the app, or the bare reference doing the same work. */
export interface ColdSide {
  requestsPerSecond: number;
  /** The server process's CPU a request, ms. */
  serverCpuMs: number | null;
  /** The database backends' CPU a request, ms (PostgreSQL; PGlite runs inside the server). */
  databaseCpuMs: number | null;
  requests: number;
  /** Requests/s of each round, in the order run: a round's distance from its neighbour's shows the host's noise. */
  rounds: number[];
  /** Price rows in the page as sent, and its size gzipped. */
  rowsRendered: number;
  pageGzipBytes: number;
}

export interface ColdListPage {
  app: ColdSide;
  bare: ColdSide;
  rounds: number;
}

interface Running {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Rounds a side, in the order app, bare, bare, app, …: a drift in the host's load falls on both. */
const ROUNDS = 4;
const WARMUP = 60;
const MEASURED = 300;
const CONNECTIONS = 4;
const READY_WAIT_MS = 60_000;

async function startBare(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, '--import', 'tsx', 'bench/list-page-bare-server.ts'], {
    env: { ...process.env, ...env, PORT: String(port), NODE_ENV: 'production' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const answers = () =>
    fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
  for (const deadline = Date.now() + READY_WAIT_MS; !(await answers()); await new Promise((r) => setTimeout(r, 100))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      throw new Error('the bare list page server did not start');
    }
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      child.kill();
      await exited;
    },
  };
}

/** The page as a browser gets it (gzipped), to check both sides send the same rows. */
function pageOf(url: string, path: string): Promise<{ rows: number; gzipBytes: number }> {
  return new Promise((resolve, reject) => {
    get(`${url}${path}`, { headers: BROWSER_HEADERS }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) return reject(new Error(`${path} answered ${response.statusCode}`));
        const body = Buffer.concat(chunks);
        const gzipped = response.headers['content-encoding'] === 'gzip';
        const html = (gzipped ? gunzipSync(body) : body).toString('utf8');
        resolve({ rows: html.match(/class="price-row/g)?.length ?? 0, gzipBytes: gzipped ? body.length : 0 });
      });
    }).on('error', reject);
  });
}

/**
 * The list page rendered on every request, the app against `node:http` doing the same statements
 * and render (bench/list-page-bare-server.ts), like for like as ADR 0199 compares the profile: the
 * app's background workers off and its read cache off (READ_CACHE_ENTRIES=0), so each request
 * loads and renders the page as a first reader's would; both read the same list, so both find its
 * rows in the database's cache. Each side starts for its round and stops after it (PGlite's folder
 * opens in one process at a time); its CPU is metered over its measured requests only.
 */
export async function measureColdListPage(
  serverEnv: Record<string, string>,
  path: string,
  log: (line: string) => void,
): Promise<ColdListPage> {
  const databaseUrl = serverEnv.DATABASE_URL;
  const starts = {
    app: async (): Promise<Running> => {
      const server = await startBenchServer({ ...serverEnv, ...QUIET_WORKERS, READ_CACHE_ENTRIES: '0' });
      return { url: server.url, pid: server.pid, stop: server.stop };
    },
    bare: () => startBare(serverEnv),
  };
  const totals = {
    app: { requests: 0, seconds: 0, cpu: 0, database: 0, rounds: [] as number[], page: { rows: 0, gzipBytes: 0 } },
    bare: { requests: 0, seconds: 0, cpu: 0, database: 0, rounds: [] as number[], page: { rows: 0, gzipBytes: 0 } },
  };
  const request = { path, headers: BROWSER_HEADERS };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['app', 'bare'] as const) : (['bare', 'app'] as const);
    for (const side of order) {
      const server = await starts[side]();
      try {
        totals[side].page = await pageOf(server.url, path);
        await sendEachOnce(server.url, Array(WARMUP).fill(request), CONNECTIONS);
        const meter = processMeter(server.pid);
        const database = databaseUrl ? await databaseMeter(databaseUrl) : null;
        try {
          const before = await meter.sample();
          const databaseBefore = await database?.sample();
          const run = await sendEachOnce(server.url, Array(MEASURED).fill(request), CONNECTIONS);
          if (run.failures > 0) throw new Error(`${side}: ${run.failures} of ${path} failed`);
          const cpu = cpuBetween(before, await meter.sample());
          const databaseCpu = database && databaseBefore ? cpuBetween(databaseBefore, await database.sample()) : null;
          const t = totals[side];
          t.requests += run.total;
          t.rounds.push(run.total / run.seconds);
          t.seconds += run.seconds;
          t.cpu += cpu ?? Number.NaN;
          t.database += databaseCpu ?? Number.NaN;
          log(`  list page, ${side}, round ${round + 1}: ${(run.total / run.seconds).toFixed(0)} requests/s`);
        } finally {
          await database?.close();
        }
      } finally {
        await server.stop();
      }
    }
  }
  const sideOf = (t: (typeof totals)['app']): ColdSide => {
    const perRequest = (seconds: number) => (Number.isNaN(seconds) ? null : (1000 * seconds) / t.requests);
    return {
      requestsPerSecond: t.requests / t.seconds,
      serverCpuMs: perRequest(t.cpu),
      databaseCpuMs: perRequest(t.database),
      requests: t.requests,
      rounds: t.rounds,
      rowsRendered: t.page.rows,
      pageGzipBytes: t.page.gzipBytes,
    };
  };
  return { app: sideOf(totals.app), bare: sideOf(totals.bare), rounds: ROUNDS };
}
