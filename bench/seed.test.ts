import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../server/plugins/db';
import { freshDatabase } from '../tests/fixtures/database';
import { earlierFeedPage, type FeedRow } from './earlier-feed';
import { groundTruthPage, LIMIT_CANDIDATES } from './limit-feed';
import { oursFeed } from './ours-feed';
import { SEED_SPAN_MS, type SeededNetwork, seedNetwork } from './seed';

const SIZES = { handles: 40, posts: 600, readers: 30, namedFollows: [3, 12, 25] };
const NOW = Date.UTC(2026, 0, 1);
const ids = (rows: FeedRow[]) => rows.map((r) => r.id);

describe('bench seeder at a tiny size', () => {
  let database: DatabaseHandle;
  let network: SeededNetwork;

  beforeAll(async () => {
    database = await freshDatabase();
    network = await seedNetwork(database.db, SIZES, NOW);
  });
  afterAll(async () => {
    await database.close();
  });

  it('makes exactly the requested suppliers, posts and readers', async () => {
    expect(network.counts.handles).toBe(40);
    expect(network.counts.posts).toBe(600);
    expect(network.counts.users).toBe(40 + 30 + 3);
    const unowned = await sql<{ n: number }>`
      select count(*)::int as n from posts p join handles h on h.handle = p.handle where h.user_id <> p.user_id`.execute(
      database.db,
    );
    expect(unowned.rows[0]?.n).toBe(0);
  });

  it('makes about 20% of the posts earlier versions of a list, one newest version a list', async () => {
    const lists = await sql<{ earlier: number; lists: number; newest: number; mixed: number }>`
      select (select count(*) from posts where not newest)::int as earlier,
        (select count(*) from lists)::int as lists,
        (select count(*) from posts where newest)::int as newest,
        (select count(*) from posts p join lists l on l.id = p.list_id where l.user_id <> p.user_id)::int as mixed`.execute(
      database.db,
    );
    const { earlier, newest, mixed } = lists.rows[0]!;
    expect(earlier / 600).toBeGreaterThan(0.12);
    expect(earlier / 600).toBeLessThan(0.28);
    expect(newest).toBe(lists.rows[0]!.lists);
    expect(mixed).toBe(0);
  });

  it('gives each named reader exactly its number of distinct follows', async () => {
    expect(network.namedReaders.map((r) => r.follows)).toEqual([3, 12, 25]);
    for (const reader of network.namedReaders) {
      const rows = await database.db.selectFrom('follows').select('handle').where('follower_id', '=', reader.userId).execute();
      expect(new Set(rows.map((r) => r.handle)).size).toBe(reader.follows);
    }
  });

  it('spreads posts over the two years before the seed, the busiest supplier first', async () => {
    const span = await sql<{
      min: number;
      max: number;
    }>`select min(created_at) as min, max(created_at) as max from posts`.execute(database.db);
    expect(span.rows[0]!.min).toBeGreaterThanOrEqual(NOW - SEED_SPAN_MS);
    expect(span.rows[0]!.max).toBeLessThan(NOW);
    const perHandle = await sql<{ handle: string; n: number }>`
      select handle, count(*)::int as n from posts group by handle order by n desc, handle`.execute(database.db);
    expect(perHandle.rows[0]?.handle).toBe(network.busiestHandle);
    expect(perHandle.rows.length).toBeGreaterThan(20);
    expect(perHandle.rows[0]!.n).toBeGreaterThan(2 * perHandle.rows[perHandle.rows.length - 1]!.n);
  });

  it('gives unnamed readers at least two follows each', async () => {
    const fewest = await sql<{ n: number }>`
      select min(n)::int as n from (select count(*) as n from follows f join users u on u.id = f.follower_id
        where u.email like 'reader-%' and u.email not like 'reader-follows-%' group by u.id) c`.execute(database.db);
    expect(fewest.rows[0]?.n).toBeGreaterThanOrEqual(2);
  });

  it('pages ours, the earlier algorithm and every limit candidate exactly like the brute-force feed', async () => {
    const ours = oursFeed(database.db);
    for (const reader of network.namedReaders) {
      let oursCursor: string | null = null;
      for (const page of [1, 2, 3]) {
        const truth = await groundTruthPage(database.db, reader.userId, page);
        const previous = page > 1 ? (await groundTruthPage(database.db, reader.userId, page - 1)).at(-1)! : null;
        const cursor = previous ? { createdAt: previous.created_at, id: previous.id } : null;
        const oursPage = await ours.page(reader.userId, oursCursor);
        expect(ids(oursPage.rows)).toEqual(ids(truth));
        oursCursor = oursPage.next;
        expect(ids(await earlierFeedPage(database.db, reader.userId, page, cursor))).toEqual(ids(truth));
        for (const candidate of Object.values(LIMIT_CANDIDATES)) {
          const rows = (await candidate(reader.userId, cursor).execute(database.db)).rows;
          expect(ids(rows)).toEqual(ids(truth));
        }
      }
    }
  });
});
