import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/plugins/db';
import { joinLane } from '../fixtures/lanes';
import { recordFigures } from './figures';
import { HttpClient } from './http-client';
import { databaseOptions, startServerProcess, storageKinds, useFreshStorage } from './server-process';

/**
 * Sign-ins sent at once. 400 keep hundreds in flight when the process is killed, which is what the
 * suite needs; 1,000 made it the run's longest file (188 s of a quiet 2-core machine's 748).
 */
const WRITES = Number(process.env.CRASH_WRITES ?? 400);
/** Kill once this many writes are acknowledged: the rest are in flight or not yet sent. */
const KILL_AT = Math.floor(WRITES * 0.3);

interface Acknowledged {
  email: string;
  cookie: string;
}

// It loads a server with many clients: one such suite at a time, alongside the rest of the run.
joinLane('load');

describe.each(storageKinds)('a crash (kill -9) under write load, on %s', (kind) => {
  const storageOf = useFreshStorage(kind);
  const acknowledged: Acknowledged[] = [];
  let failed = 0;

  it(`acknowledges writes until the process is killed mid-load (${WRITES} concurrent sign-ins)`, async () => {
    const storage = storageOf();
    const server = await startServerProcess({ storage, env: { TRUST_PROXY: 'loopback' } });
    let killed = false;
    await Promise.all(
      Array.from({ length: WRITES }, async (_, i) => {
        const client = new HttpClient(server.url);
        const email = `crash-${i}@example.com`;
        try {
          if (await client.signIn(email)) {
            acknowledged.push({ email, cookie: client.sessionCookie() ?? '' });
            if (!killed && acknowledged.length >= KILL_AT) {
              killed = true;
              server.child.kill('SIGKILL');
            }
            return;
          }
        } catch {
          // the connection died with the process: not acknowledged
        }
        failed += 1;
      }),
    );
    const exit = await server.kill('SIGKILL');
    expect(exit.signal).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AT);
    expect(failed, 'writes cut off by the kill').toBeGreaterThan(0);
    if (storage.kind === 'pglite') {
      expect(existsSync(join(storage.dataDir, 'freshlist.lock')), 'the killed process left its lock').toBe(true);
    }
  });

  it('restarts on the same data, taking over the stale lock, and every acknowledged write is there', async () => {
    const storage = storageOf();
    const server = await startServerProcess({ storage });
    try {
      if (storage.kind === 'pglite') {
        expect(readFileSync(join(storage.dataDir, 'freshlist.lock'), 'utf8')).toBe(String(server.child.pid));
      }
      const lost: string[] = [];
      for (let start = 0; start < acknowledged.length; start += 50) {
        await Promise.all(
          acknowledged.slice(start, start + 50).map(async ({ email, cookie }) => {
            const me = await fetch(`${server.url}/api/auth/me`, { headers: { cookie } });
            const body = (await me.json()) as { user: { email: string } | null };
            if (body.user?.email !== email) lost.push(email);
          }),
        );
      }
      expect(lost, 'acknowledged sign-ins missing after the crash').toEqual([]);
      recordFigures(`crash-durability ${kind}`, {
        writesSent: WRITES,
        acknowledged: acknowledged.length,
        cutOff: failed,
        checkedAfterRestart: acknowledged.length,
        lost: lost.length,
      });
    } finally {
      const exit = await server.kill('SIGTERM');
      expect(exit.code, server.output()).toBe(0);
    }
    expect(server.output()).not.toMatch(/cannot start|"level":(50|60)/);
  });

  it('holds no partial records: every table reads back whole and each acknowledged person exists once', async () => {
    const storage = storageOf();
    const database = await openDatabase(databaseOptions(storage));
    try {
      const tables = await sql<{ name: string }>`
        select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(database.db);
      for (const { name } of tables.rows) {
        // A full read of every row touches every page: a torn page or broken index fails here.
        await sql`select * from ${sql.table(name)}`.execute(database.db);
      }
      const users = await database.db
        .selectFrom('users')
        .select(['email', 'display_name'])
        .where('email', 'like', 'crash-%')
        .execute();
      const emails = users.map((u) => u.email);
      expect(new Set(emails).size).toBe(emails.length);
      expect(users.every((u) => u.display_name.length > 0)).toBe(true);
      expect(emails.length).toBeLessThanOrEqual(WRITES);
      const stored = new Set(emails);
      expect(acknowledged.filter((a) => !stored.has(a.email))).toEqual([]);
      const orphans = await database.db
        .selectFrom('sessions')
        .leftJoin('users', 'users.id', 'sessions.user_id')
        .select('sessions.id')
        .where('users.id', 'is', null)
        .execute();
      expect(orphans).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
