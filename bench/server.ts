import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export interface BenchServer {
  url: string;
  pid: number;
  /** Cookie name of the session in production mode. */
  sessionCookie: string;
  /** Peak resident memory so far (VmHWM), in bytes; null where /proc is missing. */
  peakRssBytes(): number | null;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
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
 * address that discovery would only contact on a sign-in.
 */
export async function startBenchServer(databaseEnv: Record<string, string>): Promise<BenchServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'REDIS_URL', 'OIDC_CLIENT_SECRET', 'GTM_ID', 'LOG_LEVEL']) delete env[name];
  // As `npm start` runs it (package.json): the young generation capped at 4 MB a semi-space (ADR 0063).
  const child: ChildProcess = spawn(process.execPath, ['--max-semi-space-size=4', '--import', 'tsx', 'server/main.ts'], {
    env: {
      ...env,
      ...databaseEnv,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      OIDC_ISSUER: 'http://127.0.0.1:9/bench-unused',
      OIDC_CLIENT_ID: 'bench',
      MAIL_FROM: 'Freshlist <bench@freshlist.example>',
    },
    // Logs go to /dev/null: piping them here would spend the load generator's CPU on them.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (d) => {
    errors = (errors + d).slice(-4000);
  });

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${errors}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the server did not become ready in 120 s:\n${errors}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  const pid = child.pid!;
  return {
    url,
    pid,
    sessionCookie: '__Host-freshlist_session',
    peakRssBytes: () => peakRss(pid),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
