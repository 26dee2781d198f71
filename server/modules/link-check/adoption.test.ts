import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLinkWatchingTestApp, type LinkWatchingTestApp } from '../../../tests/fixtures/app';
import { as, aUser, type TestUser } from '../../../tests/fixtures/factories';

const INTERVAL_MS = 60_000;
let t: LinkWatchingTestApp;
let supplier: TestUser;

beforeAll(async () => {
  t = await buildLinkWatchingTestApp({ LINK_CHECK_MIN_INTERVAL_S: String(INTERVAL_MS / 1000) });
  supplier = await aUser(t.db, { handle: 'adopted-dairy' });
});
afterAll(() => t.close());

const row = (listId: number) =>
  t.db.selectFrom('link_checks').selectAll().where('list_id', '=', listId).executeTakeFirstOrThrow();

describe('lists the watcher has no row for (made before it, restored, seeded)', () => {
  it('are adopted due at times spread over the shortest interval, not all at once, and each is checked within it', async () => {
    const lists: number[] = [];
    for (let i = 0; i < 5; i++) {
      t.stub.put(`adopted-${i}`, { name: `Cheese ${i}.csv` });
      const res = await t.app.inject(
        as(supplier, {
          method: 'POST',
          url: '/api/posts',
          payload: { url: `https://drive.google.com/file/d/adopted-${i}/view`, description: `Cheese ${i}` },
        }),
      );
      expect(res.statusCode).toBe(201);
      lists.push(res.json().post.list.id);
    }
    await t.db.deleteFrom('link_checks').where('list_id', 'in', lists).execute();

    const adoptedAt = t.clock.now();
    t.app.linkWatcher.useClock(t.clock.now); // its next round looks for lists without a row
    await t.app.linkWatcher.runDue();
    const adopted = await Promise.all(lists.map(row));
    // At most the one due at once was checked; the others wait each for a moment of its own.
    const waiting = adopted.filter((r) => r.checked_at === null);
    expect(waiting.length).toBeGreaterThanOrEqual(4);
    const dueAt = waiting.map((r) => Number(r.next_check_at));
    expect(new Set(dueAt).size).toBe(waiting.length);
    for (const at of dueAt) {
      expect(at).toBeGreaterThan(adoptedAt);
      expect(at).toBeLessThan(adoptedAt + INTERVAL_MS + 5_000);
    }

    t.clock.ahead += INTERVAL_MS;
    await t.app.linkWatcher.runDue();
    expect((await Promise.all(lists.map(row))).map((r) => [r.health, r.file_name])).toEqual(
      [0, 1, 2, 3, 4].map((i) => ['ok', `Cheese ${i}.csv`]),
    );
  });
});
