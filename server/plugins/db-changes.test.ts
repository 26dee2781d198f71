import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, testDatabaseKind } from '../../tests/fixtures/database';
import { aPost, aUser, type TestUser } from '../../tests/fixtures/factories';
import type { DatabaseHandle } from './db';
import { keepsCachedReads } from './db-changes';

let handle: DatabaseHandle;
let user: TestUser;
beforeAll(async () => {
  handle = await freshDatabase();
  user = await aUser(handle.db, { handle: 'clock-watcher' });
});
afterAll(() => handle.close());

/** On PostgreSQL this process also hears its own earlier writes, a moment after they commit. */
const settle = () => new Promise((resolve) => setTimeout(resolve, testDatabaseKind() === 'postgres' ? 150 : 0));

/** Whether running `change` moved the clock, counting what is heard shortly after. */
async function moves(change: () => Promise<unknown>): Promise<boolean> {
  await settle();
  const before = handle.changes.generation;
  await change();
  await settle();
  return handle.changes.generation !== before;
}

describe('the change clock, for writes through this process', () => {
  it('stands still for reads', async () => {
    expect(await moves(() => handle.db.selectFrom('posts').select('id').execute())).toBe(false);
    expect(await moves(() => sql`select count(*) from follows`.execute(handle.db))).toBe(false);
    expect(await moves(() => sql`with f as (select handle from follows) select count(*) from f`.execute(handle.db))).toBe(false);
  });

  it('moves for writes to the data cached reads show, built or raw', async () => {
    expect(await moves(() => aPost(handle.db, { id: user.id, handle: 'clock-watcher' }))).toBe(true);
    expect(
      await moves(() => handle.db.updateTable('users').set({ display_name: 'Renamed' }).where('id', '=', user.id).execute()),
    ).toBe(true);
    expect(await moves(() => handle.db.deleteFrom('follows as f').where('f.handle', '=', 'nobody').execute())).toBe(true);
    expect(await moves(() => sql`update users set display_name = 'Again' where id = ${user.id}`.execute(handle.db))).toBe(true);
    expect(
      await moves(() =>
        sql`with gone as (delete from follows where handle = 'nobody' returning 1) select count(*) from gone`.execute(handle.db),
      ),
    ).toBe(true);
  });

  it('stands still for tables no cached read shows, and for a session seen again', async () => {
    expect(
      await moves(() =>
        handle.db.insertInto('analytics_events').values({ name: 'page_view', payload: '{}', created_at: Date.now() }).execute(),
      ),
    ).toBe(false);
    expect(
      await moves(() =>
        handle.db
          .updateTable('sessions')
          .set({ last_seen_at: Date.now() })
          .where('user_id', '=', user.id)
          .modifyEnd(keepsCachedReads)
          .execute(),
      ),
    ).toBe(false);
    // Any other change to a session (here: moving its last-seen time back) counts.
    expect(
      await moves(() => handle.db.updateTable('sessions').set({ last_seen_at: 0 }).where('user_id', '=', user.id).execute()),
    ).toBe(true);
  });

  it('moves again at the commit of a transaction that wrote, after its last statement', async () => {
    let afterLastStatement = -1;
    await handle.db.transaction().execute(async (trx) => {
      await aPost(trx, { id: user.id, handle: 'clock-watcher' });
      afterLastStatement = handle.changes.generation;
    });
    expect(handle.changes.generation).toBeGreaterThan(afterLastStatement);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('the change clock, for writes by other processes', () => {
  let other: pg.Client;
  let url: string;
  beforeAll(async () => {
    const name = (await sql<{ name: string }>`select current_database() as name`.execute(handle.db)).rows[0]!.name;
    const admin = new URL(process.env.TEST_DATABASE_URL!);
    admin.pathname = `/${name}`;
    url = admin.toString();
    other = new pg.Client({ connectionString: url });
    await other.connect();
  });
  afterAll(() => other.end());

  /** Resolves once the clock has moved, or reports that it did not within a second. */
  async function movedWithinASecond(before: number): Promise<boolean> {
    for (let waited = 0; waited < 1000; waited += 10) {
      if (handle.changes.generation !== before) return true;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return false;
  }

  it('hears a committed change made on another connection', async () => {
    expect(handle.changes.live).toBe(true);
    const before = handle.changes.generation;
    await other.query(
      `with list as (insert into lists (user_id, slug, name, created_at) values ($1, 'from-elsewhere', 'From elsewhere', $2) returning id)
       insert into posts (user_id, handle, list_id, url, description, created_at)
       select $1, 'clock-watcher', id, 'https://drive.google.com/x', 'From elsewhere', $2 from list`,
      [user.id, Date.now()],
    );
    expect(await movedWithinASecond(before)).toBe(true);
  });

  it('does not hear a session seen again elsewhere, and hears one ended elsewhere', async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    let before = handle.changes.generation;
    await other.query('update sessions set last_seen_at = $1 where user_id = $2', [Date.now() + 1000, user.id]);
    expect(await movedWithinASecond(before)).toBe(false);
    before = handle.changes.generation;
    await other.query('delete from sessions where user_id = $1', [user.id]);
    expect(await movedWithinASecond(before)).toBe(true);
  });

  it('stops caching while its notification connection is down, and listens again', async () => {
    await other.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'",
    );
    for (let waited = 0; handle.changes.live && waited < 2000; waited += 10) await new Promise((r) => setTimeout(r, 10));
    expect(handle.changes.live).toBe(false);
    for (let waited = 0; !handle.changes.live && waited < 5000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    expect(handle.changes.live).toBe(true);
    const before = handle.changes.generation;
    await other.query('update users set display_name = $1 where id = $2', ['Heard again', user.id]);
    expect(await movedWithinASecond(before)).toBe(true);
  });
});
