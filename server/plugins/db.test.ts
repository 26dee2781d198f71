import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, testDatabaseKind } from '../../tests/fixtures/database';
import { type DatabaseHandle, migrateToLatest, prepared } from './db';

describe('a test database', () => {
  it('is a copy of one migrated per run: migrating it again applies nothing', async () => {
    const handle = await freshDatabase();
    try {
      expect(await migrateToLatest(handle.db)).toEqual([]);
      const tables = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public'`.execute(
        handle.db,
      );
      expect(tables.rows.map((r) => r.name)).toContain('users');
    } finally {
      await handle.close();
    }
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('a PostgreSQL pool', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await freshDatabase();
  });
  afterAll(() => handle.close());

  it('survives the server dropping its idle connections and serves the next query', async () => {
    const before = await sql<{ name: string }>`select current_database() as name`.execute(handle.db);
    const name = before.rows[0]?.name;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
        name,
      ]);
    } finally {
      await admin.end();
    }
    // Give the idle client time to receive the FATAL message; without a pool 'error' listener this throws.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
    expect(after.rows[0]?.one).toBe(1);
  });

  it('sends a query marked prepared as a statement parsed once per connection, each call with its own values', async () => {
    await handle.db.transaction().execute(async (trx) => {
      const twice = async (n: number) => (await sql<{ n: number }>`select ${n}::int as n ${prepared}`.execute(trx)).rows[0]?.n;
      expect([await twice(1), await twice(2)]).toEqual([1, 2]);
      const statements = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx);
      expect(statements.rows.map((r) => r.statement)).toEqual(['select $1::int as n /* prepared */']);
    });
  });
});

describe('every database connection', () => {
  it('reads a large table from its first row, so a limited search gives the same matches each time', async () => {
    const handle = await freshDatabase();
    try {
      const { rows } = await sql<{ setting: string }>`select current_setting('synchronize_seqscans') as setting`.execute(
        handle.db,
      );
      expect(rows[0]?.setting).toBe('off');
    } finally {
      await handle.close();
    }
  });
});
