import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freshDatabase } from '../tests/fixtures/database';
import { partTimer } from './parts';
import { settleDatabase } from './settle';

describe("the bench's part times", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('prints each part when the next starts, keeps the list, and leaves out parts the options skipped', () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const lines: string[] = [];
    const parts = partTimer((line) => lines.push(line));
    parts.start('postgres: seed the network');
    now = 61_500;
    parts.start("postgres: seed lists' contents");
    parts.start('postgres: directory searches');
    now = 100_000;
    const summary = parts.summary();

    expect(lines).toEqual(['[time] postgres: seed the network: 61.5 s', '[time] postgres: directory searches: 38.5 s']);
    expect(parts.list).toEqual([
      { part: 'postgres: seed the network', seconds: 61.5 },
      { part: 'postgres: directory searches', seconds: 38.5 },
    ]);
    expect(summary).toContain(
      '1.7 min in all, longest first): postgres: seed the network 62 s, postgres: directory searches 39 s',
    );
  });
});

describe('settling the seeded database', () => {
  it('leaves no table without statistics', async () => {
    const database = await freshDatabase();
    try {
      await settleDatabase(database.db);
      const never = await sql<{ relname: string }>`
        select relname from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples < 0`.execute(
        database.db,
      );
      expect(never.rows).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
