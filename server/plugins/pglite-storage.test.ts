import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../tests/fixtures/database';
import { PGliteDialect } from './pglite-dialect';
import { createDurablePGlite } from './pglite-storage';

interface Notes {
  notes: { id: number; body: string };
}

// PGlite's own durability; the same on both API projects, so it runs once.
describe.skipIf(testDatabaseKind() !== 'pglite')('PGlite on a data folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'freshlist-durability-'));
  const flushed: string[] = [];
  let client: PGlite;
  let db: Kysely<Notes>;
  const walFlushed = () => flushed.filter((path) => path.includes('/pg_wal/'));

  beforeAll(async () => {
    client = await createDurablePGlite(dir, { onFsync: (path) => flushed.push(path) });
    db = new Kysely<Notes>({ dialect: new PGliteDialect(client) });
    await sql`create table notes (id int primary key, body text not null)`.execute(db);
  }, 180_000);
  afterAll(async () => {
    if (!client.closed) await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    flushed.length = 0;
  });

  it('flushes the WAL to disk before a single statement returns', async () => {
    await db.insertInto('notes').values({ id: 1, body: 'one' }).execute();
    expect(walFlushed().length).toBeGreaterThan(0);
  });

  it('flushes the WAL to disk before a transaction commit returns', async () => {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id: 2, body: 'two' }).execute();
      await trx.insertInto('notes').values({ id: 3, body: 'three' }).execute();
      expect(walFlushed(), 'nothing is flushed before COMMIT').toEqual([]);
    });
    expect(walFlushed().length).toBeGreaterThan(0);
  });

  it('does not flush for a read', async () => {
    await db.selectFrom('notes').selectAll().execute();
    expect(flushed).toEqual([]);
  });

  it('flushes the data files at a checkpoint', async () => {
    await sql`checkpoint`.execute(db);
    expect(flushed.some((path) => path.includes('/base/'))).toBe(true);
  });

  it('keeps the rows after a close and reopen', async () => {
    await db.destroy();
    const reopened = await createDurablePGlite(dir);
    const rows = await reopened.query<{ id: number }>('select id from notes order by id');
    expect(rows.rows.map((r) => r.id)).toEqual([1, 2, 3]);
    await reopened.close();
  }, 120_000);
});
