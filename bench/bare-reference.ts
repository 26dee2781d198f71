import { spawn } from 'node:child_process';
import { freePort } from '../tests/fixtures/child-server';
import type { ColdRequests } from './cold';
import { cpuBetween, databaseMeter, processMeter } from './cpu';
import { sendEachOnce } from './distinct-load';
import { BROWSER_HEADERS, HTTP_ROUNDS } from './http-bench';
import { type PacedRun, pacedLoad } from './paced-load';
import { type RealTraffic, type TrafficKeys, trafficMix } from './real-traffic';
import { SERVER_NODE_ARGS } from './server';

/** One cold route as the framework-less reference (bench/bare-server.ts) answered it. */
export interface BareRoute {
  requestsPerSecond: number;
  /** Its process's CPU time a request, in ms. */
  serverCpuMs: number | null;
  /** The database backends' CPU time a request, in ms (as the app's HTTP part meters it). */
  databaseCpuMs: number | null;
  keys: number;
}

export interface BareReference {
  coldProfile: BareRoute | null;
  coldFeed: BareRoute | null;
}

const READY_WAIT_MS = 30_000;

/** Starts bench/bare-server.ts on a free port under the app's Node flags, once it answers. */
async function startBare(databaseUrl: string) {
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, '--import', 'tsx', 'bench/bare-server.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), NODE_ENV: 'production' },
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
      throw new Error('the bare reference server did not start');
    }
  }
  return { url, child };
}

/**
 * The real-traffic mix, paced as the app's (bench/paced-load.ts), sent to the reference. It
 * answers profiles and feeds only, and caches nothing: list addresses and searches are sent as
 * the profile of a popular handle, and every answer is rendered cold. A harder mix than the app's
 * (no read cache), so a p99 within the target here says one process can meet it.
 */
export async function measureBarePaced(
  databaseUrl: string,
  keys: TrafficKeys,
  options: { rate: number; seconds: number; sessionCookie: string },
): Promise<PacedRun> {
  const { url, child } = await startBare(databaseUrl);
  try {
    const mix = trafficMix(keys, options.sessionCookie);
    const next = () => {
      const request = mix();
      return request.path === '/api/feed' || keys.handles.length === 0
        ? request
        : { path: `/${keys.handles[Math.floor(keys.handles.length * Math.random() ** 3)]}`, headers: request.headers };
    };
    return await pacedLoad(url, next, options);
  } finally {
    child.kill();
  }
}

/** The paced mix on the reference, as long as the app's and at its rate; null (and said) if it failed. */
export async function barePacedTraffic(
  databaseUrl: string,
  keys: TrafficKeys,
  app: { targetRate: number; total: number },
  log: (line: string) => void,
): Promise<RealTraffic['bare']> {
  const seconds = app.total / app.targetRate;
  const run = await measureBarePaced(databaseUrl, keys, {
    rate: app.targetRate,
    seconds,
    sessionCookie: '__Host-freshlist_session',
  }).catch((error: unknown) => {
    log(`the paced mix on the reference failed, left out: ${error instanceof Error ? error.message : error}`);
    return null;
  });
  return run && { ...run, requestsPerSecond: (run.total - run.unanswered) / run.seconds };
}

/**
 * Runs the reference server beside the database after the app's HTTP part (PostgreSQL only) and
 * loads it with its share of the cold keys (`dealColdKeys`: those the app was not sent), in
 * HTTP_ROUNDS rounds after the warm-up keys.
 */
export async function measureBareReference(
  databaseUrl: string,
  cold: { profiles: ColdRequests; feed: ColdRequests },
  options: { connections: number; sessionCookie: string },
): Promise<BareReference> {
  const { url, child } = await startBare(databaseUrl);
  try {
    const meter = processMeter(child.pid!);
    const database = await databaseMeter(databaseUrl);
    const load = (keys: ColdRequests['measured']) =>
      sendEachOnce(
        url,
        keys.map((k) => ({
          path: k.path,
          headers: { ...BROWSER_HEADERS, ...(k.token ? { cookie: `${options.sessionCookie}=${k.token}` } : {}) },
        })),
        options.connections,
      );
    const route = async (keys: ColdRequests): Promise<BareRoute | null> => {
      if (keys.measured.length < HTTP_ROUNDS) return null;
      await load(keys.warmup);
      const share = Math.ceil(keys.measured.length / HTTP_ROUNDS);
      let total = 0;
      let seconds = 0;
      const before = await meter.sample();
      const databaseBefore = await database.sample();
      for (let round = 0; round < HTTP_ROUNDS; round++) {
        const run = await load(keys.measured.slice(round * share, (round + 1) * share));
        if (run.failures > 0) throw new Error(`the bare reference server failed ${run.failures} requests`);
        total += run.total;
        seconds += run.seconds;
      }
      const cpu = cpuBetween(before, await meter.sample());
      const databaseCpu = cpuBetween(databaseBefore, await database.sample());
      const perRequest = (seconds: number | null) => (seconds === null ? null : (1000 * seconds) / total);
      return {
        requestsPerSecond: total / seconds,
        serverCpuMs: perRequest(cpu),
        databaseCpuMs: perRequest(databaseCpu),
        keys: total,
      };
    };
    try {
      return { coldProfile: await route(cold.profiles), coldFeed: await route(cold.feed) };
    } finally {
      await database.close();
    }
  } finally {
    child.kill();
  }
}
