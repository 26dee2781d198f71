import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChildServer } from '../fixtures/child-server';
import { LANES } from '../fixtures/lanes-keeper';
import { freshTestDatabase } from '../fixtures/postgres-template';

/** A browser lane's place: the server its journeys share and the database it runs on. */
export interface LaneServer {
  url: string;
  databaseUrl: string;
}

/**
 * The configuration of every lane server. A journey that asks for no more than this (lanesFit) runs
 * on its lane's server; any other starts its own. The addresses named here are admins, and the
 * owner, in every journey that signs them in: no journey uses them for anyone else.
 */
export const LANE_ENV: Readonly<Record<string, string>> = {
  ADMIN_EMAILS: 'admin@example.com,owner@example.com,boss@example.com',
  OWNER_EMAIL: 'owner@example.com',
  EMAIL_POLL_MS: '300',
  // Instant mail to one person at most every 25 s instead of hourly: the mail journey waits one out.
  EMAIL_INSTANT_INTERVAL_MS: '25000',
};

/** Whether a journey's `env` is the lane servers' own: each value as set there, or admins among theirs. */
export function lanesFit(env: Record<string, string>): boolean {
  const laneAdmins = new Set(LANE_ENV.ADMIN_EMAILS?.split(','));
  return Object.entries(env).every(([name, value]) =>
    name === 'ADMIN_EMAILS' ? value.split(',').every((email) => laneAdmins.has(email)) : LANE_ENV[name] === value,
  );
}

/**
 * Once per run (the e2e global setup), when the run has PostgreSQL: one server per place of the
 * browser lane, each on a copy of the run's migrated database (tests/fixtures/postgres-template.ts).
 * A server starts once instead of once per journey file; each file empties its lane's database
 * before it seeds (tests/e2e/lane-database.ts), and the server hears that through its change
 * notices, as it hears any other process's writes (ADR 0118).
 */
export async function startLaneServers(template: string): Promise<{ servers: LaneServer[]; stop(): Promise<void> }> {
  const cleanups: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const servers = await Promise.all(
      Array.from({ length: LANES.browser }, async () => {
        const scratch = await freshTestDatabase(template, 'freshlist_lane');
        cleanups.push(() => scratch.drop());
        // Uploads and images still live in a data folder of the server's own.
        const dataDir = mkdtempSync(join(tmpdir(), 'freshlist-lane-'));
        cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
        const server = await startChildServer({
          env: { ...LANE_ENV, DATABASE_URL: scratch.url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
        });
        let stopping = false;
        void server.exited.then(({ code, signal }) => {
          if (!stopping)
            process.stderr.write(`\nlane server ${server.url} exited (${signal ?? code}):\n${server.output().slice(-4000)}\n`);
        });
        cleanups.push(async () => {
          stopping = true;
          await server.stop();
        });
        return { url: server.url, databaseUrl: scratch.url };
      }),
    );
    return { servers, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
