import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../tests/fixtures/database';
import { compiledOnce } from './compiled-once';
import type { DatabaseHandle } from './db';

describe('a query compiled once', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await freshDatabase();
    await sql`create table numbers (n int primary key, word text not null)`.execute(handle.db);
    await sql`insert into numbers select n, 'w' || n from generate_series(1, 20) n`.execute(handle.db);
  });
  afterAll(() => handle.close());

  type Numbers = { n: number; word: string };
  const table = () => handle.db.withTables<{ numbers: Numbers }>();

  it("answers each call with that call's values, per shape, as the built query would", async () => {
    let builds = 0;
    const below = compiledOnce(handle.db, (shape: 'all' | 'above', max: number, limit: number, min?: number) => {
      builds += 1;
      const q = table().selectFrom('numbers').select(['n', 'word']).where('n', '<', max);
      return (shape === 'above' ? q.where('n', '>', min!) : q).orderBy('n').limit(limit);
    });
    expect((await below('all', 5, 10)).map((r) => r.n)).toEqual([1, 2, 3, 4]);
    expect((await below('all', 12, 3)).map((r) => r.n)).toEqual([1, 2, 3]);
    expect(await below('above', 9, 10, 6)).toEqual([
      { n: 7, word: 'w7' },
      { n: 8, word: 'w8' },
    ]);
    expect((await below('above', 20, 2, 15)).map((r) => r.n)).toEqual([16, 17]);
    expect(builds).toBe(2);
  });

  it('refuses a builder that uses an argument as anything but a value', async () => {
    const misuse = compiledOnce(handle.db, (_shape: 'one', word: string) =>
      table()
        .selectFrom('numbers')
        .select('n')
        .where('word', '=', String(word).length > 0 ? 'w1' : 'w2'),
    );
    await expect(misuse('one', 'w3')).rejects.toThrow(/argument\(s\) 0 did not become parameters/);
  });
});
