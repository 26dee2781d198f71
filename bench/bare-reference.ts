import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../tests/fixtures/child-server';
import type { ColdRequests } from './cold';
import { sendEachOnce } from './distinct-load';
import { BROWSER_HEADERS, HTTP_ROUNDS, type HttpBench } from './http-bench';

/** The framework-less reference (bench/bare-server.ts) on the same stored pages. */
export interface BareReference {
  /** Its own constant route, as the app's ceiling is measured. */
  ceiling: number;
  /** The cold profile keys stored and current, each once, as the app's cold row reads them. */
  coldProfile: number;
  /** How many keys that was. */
  keys: number;
}

const READY_WAIT_MS = 20_000;
/** A page that turns stale during the run would answer 404 here; the run takes seconds. */
const STILL_FRESH_MS = 5 * 60_000;

/**
 * Runs the reference server beside the database after the app's HTTP part (PostgreSQL only): its
 * `/healthz` for the app's time per route, then the cold profile keys in HTTP_ROUNDS rounds.
 */
export async function measureBareReference(
  databaseUrl: string,
  cold: ColdRequests,
  options: { seconds: number; connections: number },
): Promise<BareReference | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // It has no renderer: only the pages stored and current for a while yet are asked for.
  const { rows } = await client
    .query<{ path: string; build: string }>(
      `select r.path, r.build from rendered_pages r join handles h on h.handle = r.handle and h.page_version = r.version
       where r.body is not null and r.fresh_until > $1`,
      [Date.now() + STILL_FRESH_MS],
    )
    .finally(() => client.end());
  const stored = new Set(rows.map((r) => r.path));
  const servable = (keys: ColdRequests['measured']) => keys.filter((k) => stored.has(k.path));
  const measured = servable(cold.measured);
  if (!rows[0] || measured.length < HTTP_ROUNDS) return null;
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), BUILD: rows[0].build },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    const answers = () =>
      fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
    for (const deadline = Date.now() + READY_WAIT_MS; !(await answers()); await new Promise((r) => setTimeout(r, 100))) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error('the bare reference server did not start');
    }
    const load = (keys: ColdRequests['measured']) =>
      sendEachOnce(
        url,
        keys.map((k) => ({ path: k.path, headers: BROWSER_HEADERS })),
        options.connections,
      );
    await load(servable(cold.warmup));
    const ceiling = await autocannon({
      url: `${url}/healthz`,
      connections: options.connections,
      duration: options.seconds,
      headers: BROWSER_HEADERS,
    });
    const share = Math.ceil(measured.length / HTTP_ROUNDS);
    let total = 0;
    let seconds = 0;
    for (let round = 0; round < HTTP_ROUNDS; round++) {
      const run = await load(measured.slice(round * share, (round + 1) * share));
      if (run.failures > 0) throw new Error(`the bare reference server failed ${run.failures} requests`);
      total += run.total;
      seconds += run.seconds;
    }
    return { ceiling: ceiling.requests.total / ceiling.duration, coldProfile: total / seconds, keys: total };
  } finally {
    child.kill();
  }
}

/** The report's lines for the reference (none without it), against the app's ceiling in the same run. */
export function bareReferenceLines(bare: BareReference | null | undefined, http: HttpBench): string[] {
  const appCeiling = http.results.find((r) => r.path === '/healthz' && !r.unavailable)?.requestsPerSecond;
  if (!bare || !appCeiling) return [];
  const int = (n: number) => Math.round(n).toLocaleString('en-US');
  const share = (n: number, of: number) => `${((100 * n) / of).toFixed(0)}%`;
  return [
    '',
    `Reference, not the app (ADR 0117): \`node:http\` with no framework (bench/bare-server.ts), reading the same ` +
      `stored pages with the same statement, answered ${int(bare.ceiling)} requests/s on its own \`/healthz\` and ` +
      `${int(bare.coldProfile)} on the ${int(bare.keys)} cold profile keys stored and current: ${share(bare.coldProfile, appCeiling)} of the app's ceiling ` +
      `(${share(bare.coldProfile, bare.ceiling)} of its own).`,
  ];
}
