import autocannon from 'autocannon';
import type { BenchServer } from './server';

export interface HttpRoute {
  name: string;
  path: string;
  /** Sends the signed-in reader's session cookie. */
  signedIn: boolean;
  /** The framework ceiling every other route is compared with. */
  ceiling?: boolean;
}

export interface HttpResult {
  name: string;
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses outside 2xx plus socket errors and timeouts: a healthy run has none. */
  failures: number;
  total: number;
  /** requests/s divided by the ceiling route's. */
  ratioToCeiling: number | null;
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

/** Each route's time is split into rounds run in alternating order, so load that drifts during the run hits every route alike. */
export const HTTP_ROUNDS = 2;

/**
 * Autocannon against the running server, each run for a fixed duration (autocannon stops by
 * itself). Only the server's loopback address is ever a target. Every route is probed (2xx or it
 * is left out) and warmed for 2 s unrecorded; then HTTP_ROUNDS rounds, forward then backward.
 * requests/s is all requests over all rounds' time, p50 the mean of the rounds', p99 the worst.
 */
export async function benchHttp(
  server: BenchServer,
  routes: HttpRoute[],
  options: { seconds: number; connections: number; sessionToken: string },
): Promise<HttpBench> {
  if (!server.url.startsWith('http://127.0.0.1:')) throw new Error('the HTTP bench only targets loopback');
  const startRss = server.peakRssBytes();
  const cannon = (route: HttpRoute, seconds: number) =>
    autocannon({
      url: `${server.url}${route.path}`,
      connections: options.connections,
      duration: seconds,
      headers: route.signedIn ? { cookie: `${server.sessionCookie}=${options.sessionToken}` } : {},
    });

  const results = new Map<HttpRoute, HttpResult>();
  const live: HttpRoute[] = [];
  for (const route of routes) {
    const probe = await fetch(`${server.url}${route.path}`, {
      headers: route.signedIn ? { cookie: `${server.sessionCookie}=${options.sessionToken}` } : {},
    });
    await probe.arrayBuffer();
    results.set(route, {
      name: route.name,
      path: route.path,
      requestsPerSecond: 0,
      p50Ms: 0,
      p99Ms: 0,
      failures: 0,
      total: 0,
      ratioToCeiling: null,
      ...(probe.ok ? {} : { unavailable: `answered ${probe.status}` }),
    });
    if (!probe.ok) continue;
    live.push(route);
    await cannon(route, Math.min(2, options.seconds));
  }

  const seconds = new Map<HttpRoute, number>();
  const roundSeconds = Math.max(1, Math.round(options.seconds / HTTP_ROUNDS));
  for (let round = 0; round < HTTP_ROUNDS; round++) {
    for (const route of round % 2 === 0 ? live : [...live].reverse()) {
      const run = await cannon(route, roundSeconds);
      const result = results.get(route)!;
      result.total += run.requests.total;
      result.failures += run.non2xx + run.errors + run.timeouts;
      result.p50Ms += run.latency.p50 / HTTP_ROUNDS;
      result.p99Ms = Math.max(result.p99Ms, run.latency.p99);
      seconds.set(route, (seconds.get(route) ?? 0) + run.duration);
    }
  }
  for (const route of live) {
    const result = results.get(route)!;
    result.requestsPerSecond = result.total / (seconds.get(route) ?? 1);
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
