import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrations } from '../../db/migrations/index';
import { recordFigures } from './figures';
import { HttpClient } from './http-client';
import { freshPostgresDatabase, type ServerProcess, startServerProcess, tempDataDir } from './server-process';

/**
 * Several app processes (issue 10, point 8): two servers started at the same moment on one empty
 * PostgreSQL database, as a load balancer would run them. Sessions and posts live in the database,
 * so either process serves what the other wrote, at once. The embedded database refuses a second.
 */
const OWNER = 'owner@example.com';
const env = { OWNER_EMAIL: OWNER, LOG_LEVEL: 'info', TRUST_PROXY: 'loopback' };

/**
 * The `migrationsApplied` the process logged when it became ready. /readyz can answer before that
 * line has come through the pipe, so it is waited for.
 */
function migrationsApplied(server: ServerProcess): Promise<string[]> {
  return vi.waitFor(
    () => {
      const line = server
        .output()
        .split('\n')
        .find((l) => l.includes('Freshlist is ready'));
      if (!line) throw new Error(`no ready line in:\n${server.output()}`);
      return (JSON.parse(line) as { migrationsApplied: string[] }).migrationsApplied;
    },
    { timeout: 10_000, interval: 50 },
  );
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two processes on one PostgreSQL database', () => {
  let database: { url: string; drop(): Promise<void> };
  let servers: [ServerProcess, ServerProcess];
  beforeAll(async () => {
    database = await freshPostgresDatabase({ empty: true });
    servers = (await Promise.all([
      startServerProcess({ storage: { kind: 'postgres', databaseUrl: database.url }, env }),
      startServerProcess({ storage: { kind: 'postgres', databaseUrl: database.url }, env }),
    ])) as [ServerProcess, ServerProcess];
  });
  afterAll(async () => {
    await Promise.all((servers ?? []).map((server) => server.kill('SIGTERM')));
    await database?.drop();
  });

  it('start together on an empty database and run each migration once', async () => {
    const [a, b] = servers;
    const applied = (await Promise.all([migrationsApplied(a), migrationsApplied(b)])).sort((x, y) => x.length - y.length);
    // One process migrated while the other waited on the advisory lock, then found nothing to do.
    expect(applied[0]).toEqual([]);
    expect(applied[1]).toEqual(Object.keys(migrations).sort());
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query('select name from kysely_migration order by name');
      expect(rows.map((r: { name: string }) => r.name)).toEqual(Object.keys(migrations).sort());
    } finally {
      await client.end();
    }
    for (const server of servers) expect(server.output()).not.toMatch(/"level":(50|60)/);
  });

  it('accept on one a session made on the other, and show a post made on one in the other’s feed at once', async () => {
    const [a, b] = servers;
    // Sign-in is a round trip through one process's development provider; the session is then anyone's.
    const author = new HttpClient(a.url);
    expect(await author.signIn('supplier@example.com')).toBe(true);
    const owner = new HttpClient(a.url);
    expect(await owner.signIn(OWNER)).toBe(true);
    const reader = new HttpClient(b.url);
    expect(await reader.signIn('reader@example.com')).toBe(true);

    const me = async (client: HttpClient, server: ServerProcess) =>
      (await (await client.request('GET', `${server.url}/api/auth/me`)).json()).user?.email;
    expect(await me(author, b)).toBe('supplier@example.com');
    expect(await me(reader, a)).toBe('reader@example.com');

    // A handle requested on A, approved on B: A sees the approval on the next request.
    const requested = await author.request('POST', `${a.url}/api/handle-requests`, {
      json: { handle: 'two-process-farm', displayName: 'Two Process Farm', usageDescription: 'Weekly list' },
    });
    expect(requested.status).toBe(201);
    const authorId = (await (await author.request('GET', `${b.url}/api/auth/me`)).json()).user.id;
    const approved = await owner.request('POST', `${b.url}/api/admin/handle-requests/${authorId}/approve`, { json: {} });
    expect(approved.status).toBe(200);
    expect((await (await author.request('GET', `${a.url}/api/auth/me`)).json()).user.handle).toBe('two-process-farm');

    expect((await reader.request('PUT', `${b.url}/api/follows/two-process-farm`)).status).toBe(200);
    const posted = await author.request('POST', `${a.url}/api/posts`, {
      json: { url: 'https://box.com/s/weekly', description: 'This week' },
    });
    expect(posted.status).toBe(201);
    const postId = (await posted.json()).post.id;
    const feed = await (await reader.request('GET', `${b.url}/api/feed`)).json();
    expect(feed.posts.map((p: { id: number }) => p.id)).toEqual([postId]);

    // Sign-out on B ends the session on A too, even replayed from a copy of the cookie.
    const readerCookie = reader.sessionCookie() ?? '';
    expect((await reader.request('POST', `${b.url}/api/auth/logout`)).status).toBe(204);
    const replay = new HttpClient(a.url);
    replay.jar.set(readerCookie.slice(0, readerCookie.indexOf('=')), readerCookie.slice(readerCookie.indexOf('=') + 1));
    expect(await me(replay, a)).toBeUndefined();

    recordFigures('several-processes', { processes: 2, sessionsCrossed: 3, postsSeenAcross: 1 });
  });
});

describe('two processes on one embedded database folder', () => {
  let dataDir: string;
  let first: ServerProcess | undefined;
  beforeAll(() => {
    // Empty: the first start on a new folder (initdb and every migration) is tested here, once.
    dataDir = tempDataDir({ empty: true });
  });
  afterAll(async () => {
    await first?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses the second with one line that says to use PostgreSQL', async () => {
    first = await startServerProcess({ storage: { kind: 'pglite', dataDir } });
    const second = await startServerProcess({ storage: { kind: 'pglite', dataDir }, waitReady: false });
    const exit = await second.exited;
    expect(exit.code).toBe(1);
    expect(second.output()).toContain(
      `Freshlist cannot start: DATA_DIR: ${dataDir} is in use by process ${first.child.pid}; the embedded database serves one process (set DATABASE_URL to run several)`,
    );
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
  });
});
