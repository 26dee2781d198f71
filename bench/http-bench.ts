import autocannon from 'autocannon';
import type { ColdRequest, ColdRequests } from './cold';
import { type CpuMeter, cpuBetween } from './cpu';
import { type LoadRun, sendEachOnce } from './distinct-load';
import type { BenchServer } from './server';

export interface HttpRoute {
  name: string;
  path: string;
  /** Sends the signed-in reader's session cookie. */
  signedIn: boolean;
  /** The framework ceiling every other route is compared with. */
  ceiling?: boolean;
  /** Cache-cold: every request asks for its own key, once (bench/cold.ts); `path` only names the route. */
  cold?: ColdRequests;
  /** The least share of the ceiling's requests/s the route must reach (a target of the issue). */
  target: number | null;
}

export interface HttpResult {
  name: string;
  path: string;
  cold: boolean;
  target: number | null;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses outside 2xx plus socket errors and timeouts: a healthy run has none. */
  failures: number;
  total: number;
  /** requests/s divided by the ceiling route's. */
  ratioToCeiling: number | null;
  /** The server process's CPU time per request (Node: HTTP, session, queries, rendering). */
  serverCpuMs: number | null;
  /** The database backends' CPU time per request (PostgreSQL on this machine only). */
  databaseCpuMs: number | null;
  /** Why the route was not loaded (it did not answer 2xx before the run). */
  unavailable?: string;
}

export interface HttpBench {
  connections: number;
  seconds: number;
  results: HttpResult[];
  /** The server's peak resident memory (VmHWM) once ready, before any load. */
  startPeakRssMb: number | null;
  /** The server's peak resident memory (VmHWM) after all routes ran. */
  peakRssMb: number | null;
}

/**
 * What every request carries besides its path and cookie: the encodings a browser takes (Chromium's
 * header). Pages are sent gzipped to browsers (docs/decisions/0116); a bench without the header
 * would measure a client no visitor uses.
 */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** Each route's time is split into rounds run in alternating order, so load that drifts during the run hits every route alike. */
export const HTTP_ROUNDS = 2;

interface Meters {
  server: CpuMeter;
  database: CpuMeter | null;
}

/**
 * Autocannon against the running server. Only the server's loopback address is ever a target.
 * Every route is probed (2xx or it is left out) and warmed unrecorded (2 s, or a cold route's
 * warm-up keys); then HTTP_ROUNDS rounds, forward then backward: a fixed time per route, or for a
 * cold route its next share of keys. requests/s is all requests over all rounds' time, p50 the
 * mean of the rounds', p99 the worst; CPU per request is what the server process and the
 * database backends used during the rounds, divided by the requests.
 */
export async function benchHttp(
  server: BenchServer,
  routes: HttpRoute[],
  options: { seconds: number; connections: number; sessionToken: string; meters: Meters },
): Promise<HttpBench> {
  if (!server.url.startsWith('http://127.0.0.1:')) throw new Error('the HTTP bench only targets loopback');
  const startRss = server.peakRssBytes();
  const cookie = (token: string) => ({ cookie: `${server.sessionCookie}=${token}` });
  const cannon = async (route: HttpRoute, seconds: number): Promise<LoadRun> => {
    const run = await autocannon({
      url: `${server.url}${route.path}`,
      connections: options.connections,
      duration: seconds,
      headers: { ...BROWSER_HEADERS, ...(route.signedIn ? cookie(options.sessionToken) : {}) },
    });
    return {
      total: run.requests.total,
      failures: run.non2xx + run.errors + run.timeouts,
      seconds: run.duration,
      p50Ms: run.latency.p50,
      p99Ms: run.latency.p99,
    };
  };
  // Each key once, over the same number of connections (bench/distinct-load.ts).
  const coldCannon = (keys: ColdRequest[]) =>
    sendEachOnce(
      server.url,
      keys.map((key) => ({ path: key.path, headers: { ...BROWSER_HEADERS, ...(key.token ? cookie(key.token) : {}) } })),
      options.connections,
    );
  const probeKey = (route: HttpRoute): ColdRequest =>
    route.cold?.warmup[0] ?? { path: route.path, ...(route.signedIn ? { token: options.sessionToken } : {}) };

  const results = new Map<HttpRoute, HttpResult>();
  const live: HttpRoute[] = [];
  for (const route of routes) {
    const key = probeKey(route);
    const empty = route.cold && route.cold.measured.length < HTTP_ROUNDS;
    const probe = await fetch(`${server.url}${key.path}`, { headers: key.token ? cookie(key.token) : {} });
    await probe.arrayBuffer();
    const unavailable = empty ? 'the network has too few keys' : probe.ok ? undefined : `answered ${probe.status}`;
    results.set(route, {
      name: route.name,
      path: route.path,
      cold: route.cold !== undefined,
      target: route.target,
      requestsPerSecond: 0,
      p50Ms: 0,
      p99Ms: 0,
      failures: 0,
      total: 0,
      ratioToCeiling: null,
      serverCpuMs: null,
      databaseCpuMs: null,
      ...(unavailable ? { unavailable } : {}),
    });
    if (unavailable) continue;
    live.push(route);
    if (route.cold) await coldCannon(route.cold.warmup);
    else await cannon(route, Math.min(2, options.seconds));
  }

  const seconds = new Map<HttpRoute, number>();
  const cpu = new Map<HttpRoute, { server: number | null; database: number | null }>();
  const add = (sum: number | null | undefined, spent: number | null) =>
    sum === null || spent === null ? null : (sum ?? 0) + spent;
  const roundSeconds = Math.max(1, Math.round(options.seconds / HTTP_ROUNDS));
  for (let round = 0; round < HTTP_ROUNDS; round++) {
    for (const route of round % 2 === 0 ? live : [...live].reverse()) {
      const share = route.cold && Math.ceil(route.cold.measured.length / HTTP_ROUNDS);
      const serverBefore = await options.meters.server.sample();
      const databaseBefore = options.meters.database ? await options.meters.database.sample() : null;
      const run =
        route.cold && share
          ? await coldCannon(route.cold.measured.slice(round * share, (round + 1) * share))
          : await cannon(route, roundSeconds);
      const serverAfter = await options.meters.server.sample();
      const databaseAfter = options.meters.database ? await options.meters.database.sample() : null;
      const spent = cpu.get(route);
      cpu.set(route, {
        server: add(spent?.server, cpuBetween(serverBefore, serverAfter)),
        database: add(spent?.database, cpuBetween(databaseBefore, databaseAfter)),
      });
      const result = results.get(route)!;
      result.total += run.total;
      result.failures += run.failures;
      result.p50Ms += run.p50Ms / HTTP_ROUNDS;
      result.p99Ms = Math.max(result.p99Ms, run.p99Ms);
      seconds.set(route, (seconds.get(route) ?? 0) + run.seconds);
    }
  }
  for (const route of live) {
    const result = results.get(route)!;
    result.requestsPerSecond = result.total / (seconds.get(route) ?? 1);
    const spent = cpu.get(route);
    const perRequest = (s: number | null | undefined) => (s === null || s === undefined ? null : (1000 * s) / result.total);
    result.serverCpuMs = perRequest(spent?.server);
    result.databaseCpuMs = options.meters.database ? perRequest(spent?.database) : null;
  }

  const ordered = routes.map((r) => results.get(r)!);
  const ceilingRoute = routes.find((r) => r.ceiling);
  const ceiling = ceilingRoute ? results.get(ceilingRoute) : undefined;
  if (ceiling && !ceiling.unavailable) {
    for (const result of ordered) {
      if (!result.unavailable) result.ratioToCeiling = result.requestsPerSecond / ceiling.requestsPerSecond;
    }
  }
  const rss = server.peakRssBytes();
  const mb = (bytes: number | null) => (bytes === null ? null : bytes / (1024 * 1024));
  return {
    connections: options.connections,
    seconds: roundSeconds * HTTP_ROUNDS,
    results: ordered,
    startPeakRssMb: mb(startRss),
    peakRssMb: mb(rss),
  };
}
