import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { startChildServer } from '../tests/fixtures/child-server';

/**
 * As `npm start` runs the server (package.json): the young generation capped at 4 MB a semi-space
 * (ADR 0063), the old one growing 30% past what it holds before collecting (ADR 0108). The bare
 * reference runs with the same, so the framework's cost is not the memory settings' (ADR 0120).
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=4', '--heap-growing-percent=30'];

export interface BenchServer {
  url: string;
  pid: number;
  /** Cookie name of the session in production mode. */
  sessionCookie: string;
  /** Peak resident memory so far (VmHWM), in bytes; null where /proc is missing. */
  peakRssBytes(): number | null;
  stop(): Promise<void>;
}

function peakRss(pid: number): number | null {
  try {
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * The real server as production runs it (NODE_ENV=production, JSON logs at info), on a free
 * loopback port, against the seeded database. Sign-in is never used: the provider is a dummy
 * address that discovery would only contact on a sign-in. `cpuProf`: a folder for its CPU profile.
 */
export async function startBenchServer(databaseEnv: Record<string, string>, cpuProf?: string): Promise<BenchServer> {
  const server = await startChildServer({
    unset: ['DATABASE_URL', 'DATA_DIR', 'REDIS_URL', 'OIDC_CLIENT_SECRET', 'GTM_ID', 'LOG_LEVEL'],
    env: {
      // No mail worker unless a bench gives it an SMTP sink (production refuses a worker without SMTP_URL).
      EMAIL_POLL_MS: '0',
      ...databaseEnv,
      NODE_ENV: 'production',
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      OIDC_ISSUER: 'http://127.0.0.1:9/bench-unused',
      OIDC_CLIENT_ID: 'bench',
      MAIL_FROM: 'Freshlist <bench@freshlist.example>',
    },
    nodeArgs: [...SERVER_NODE_ARGS, ...(cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${cpuProf}`] : [])],
    // Logs go to /dev/null: piping them here would spend the load generator's CPU on them.
    output: 'stderr-tail',
  });
  const pid = server.child.pid!;
  return {
    url: server.url,
    pid,
    sessionCookie: '__Host-freshlist_session',
    peakRssBytes: () => peakRss(pid),
    stop: server.stop,
  };
}

/**
 * The email worker, the link watcher and the job queue's worker turned off (their poll intervals 0):
 * the bare references run none, and on PGlite the queue's polls of its four queues shared the one
 * connection with the measured requests.
 */
export const QUIET_WORKERS = { LINK_CHECK_POLL_MS: '0', EMAIL_POLL_MS: '0', JOBS_POLL_MS: '0' };

export async function withServer(
  env: Record<string, string>,
  cpuProf: string | undefined,
  use: (server: BenchServer) => Promise<void>,
) {
  const server = await startBenchServer(env, cpuProf);
  try {
    await use(server);
  } finally {
    await server.stop();
  }
}
