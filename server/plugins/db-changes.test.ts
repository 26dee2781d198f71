import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, testDatabaseKind } from '../../tests/fixtures/database';
import { aFollow, aPost, aUser, type TestUser } from '../../tests/fixtures/factories';
import type { DatabaseHandle } from './db';
import type { ChangeNotice } from './db-changes';

let handle: DatabaseHandle;
let farmer: TestUser;
const heard: ChangeNotice[] = [];
beforeAll(async () => {
  handle = await freshDatabase();
  handle.changes.onNotice((notice) => heard.push(notice));
  farmer = await aUser(handle.db, { handle: 'notice-farm' });
});
afterAll(() => handle.close());

/** The notices heard for `change`, once this process has heard all of its own writes. */
async function noticesOf(change: () => Promise<unknown>): Promise<ChangeNotice[]> {
  await handle.changes.caughtUp();
  heard.length = 0;
  await change();
  await handle.changes.caughtUp();
  return heard.filter((n) => n.table !== '*');
}
const tagsOf = (notices: ChangeNotice[]) => [...new Set(notices.flatMap((n) => [`table:${n.table}`, ...n.tags]))].sort();

describe('change notices (docs/decisions/0118)', () => {
  it('name the handle whose pages a post, a list or a profile change shows', async () => {
    expect(tagsOf(await noticesOf(() => aPost(handle.db, { id: farmer.id, handle: 'notice-farm' })))).toEqual(
      expect.arrayContaining(['handle:notice-farm', 'table:lists', 'table:posts']),
    );
    const renamed = await noticesOf(() =>
      handle.db.updateTable('users').set({ display_name: 'Renamed farm' }).where('id', '=', farmer.id).execute(),
    );
    expect(tagsOf(renamed)).toEqual(expect.arrayContaining(['handle:notice-farm', `user:${farmer.id}`, 'table:users']));
  });

  it('name a follower for a follow, and nobody’s handle', async () => {
    const reader = await aUser(handle.db);
    expect(tagsOf(await noticesOf(() => aFollow(handle.db, reader, 'notice-farm')))).toEqual(
      expect.arrayContaining([`follower:${reader.id}`, 'table:follows']),
    );
  });

  it('say nothing for reads, for empty writes, or for columns no cached read shows', async () => {
    expect(await noticesOf(() => handle.db.selectFrom('posts').select('id').execute())).toEqual([]);
    expect(await noticesOf(() => handle.db.deleteFrom('follows').where('handle', '=', 'nobody').execute())).toEqual([]);
    expect(
      await noticesOf(() => handle.db.updateTable('posts').set({ open_count: 7 }).where('user_id', '=', farmer.id).execute()),
    ).toEqual([]);
    expect(
      await noticesOf(() =>
        handle.db.updateTable('sessions').set({ last_seen_at: Date.now() }).where('user_id', '=', farmer.id).execute(),
      ),
    ).toEqual([]);
    expect(
      await noticesOf(() =>
        handle.db.updateTable('users').set({ display_name: 'Renamed farm' }).where('id', '=', farmer.id).execute(),
      ),
    ).toEqual([]);
    // Tables no cached read shows send nothing at all: the email worker's outbox, analytics.
    expect(
      await noticesOf(() =>
        handle.db.insertInto('analytics_events').values({ name: 'page_view', payload: '{}', created_at: Date.now() }).execute(),
      ),
    ).toEqual([]);
  });

  it('are heard by this process before a read that follows the write, also after a transaction', async () => {
    await handle.changes.caughtUp();
    heard.length = 0;
    await handle.db.transaction().execute(async (trx) => {
      await aPost(trx, { id: farmer.id, handle: 'notice-farm' });
    });
    expect(handle.changes.behind).toBe(true);
    await handle.changes.caughtUp();
    expect(handle.changes.behind).toBe(false);
    expect(heard.some((n) => n.table === 'posts' && n.tags.includes('handle:notice-farm'))).toBe(true);
  });

  it('say "everything" for a statement that changes too many people to name', async () => {
    const many = await noticesOf(() =>
      sql`insert into users (email, display_name, created_at)
        select 'bulk' || n || '@example.com', 'Bulk ' || n, 1 from generate_series(1, 400) n`.execute(handle.db),
    );
    expect(many).toEqual([{ table: 'users', tags: [], all: true }]);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('change notices from other processes', () => {
  let other: pg.Client;
  beforeAll(async () => {
    const name = (await sql<{ name: string }>`select current_database() as name`.execute(handle.db)).rows[0]!.name;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
  });
  afterAll(() => other.end());

  /** The first notice heard that `matches`, or null after a second. */
  async function heardWithinASecond(matches: (n: ChangeNotice) => boolean): Promise<ChangeNotice | null> {
    for (let waited = 0; waited < 1000; waited += 10) {
      const found = heard.find(matches);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return null;
  }

  it('hears a committed change made on another connection, naming what changed', async () => {
    expect(handle.changes.live).toBe(true);
    heard.length = 0;
    await other.query('update users set display_name = $1 where id = $2', ['From elsewhere', farmer.id]);
    expect(await heardWithinASecond((n) => n.tags.includes('handle:notice-farm'))).toMatchObject({ table: 'users' });
  });

  it('forgets everything while its listening connection is down, and listens again', async () => {
    heard.length = 0;
    await other.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'",
    );
    expect(await heardWithinASecond((n) => n.all && n.table === '*')).not.toBeNull();
    for (let waited = 0; !handle.changes.live && waited < 5000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    expect(handle.changes.live).toBe(true);
    heard.length = 0;
    await other.query('update users set display_name = $1 where id = $2', ['Heard again', farmer.id]);
    expect(await heardWithinASecond((n) => n.tags.includes('handle:notice-farm'))).not.toBeNull();
  });
});
