import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { as, aUser, type TestUser } from '../../../tests/fixtures/factories';
import { type ProviderStub, startProviderStub } from '../../../tests/fixtures/provider-stub';
import { testCertificates } from '../../../tests/fixtures/test-ca';

const INTERVAL_MS = 60_000;
let t: TestApp;
let stub: ProviderStub;
let supplier: TestUser;
/** How far the watcher's clock is ahead of the real one. */
let ahead = 0;

beforeAll(async () => {
  stub = await startProviderStub();
  t = await buildTestApp(
    { LINK_FETCH_HOST_MAP: stub.hostMap(), LINK_CHECK_MIN_INTERVAL_S: String(INTERVAL_MS / 1000) },
    { linkFetchCa: [testCertificates().ca] },
  );
  t.app.linkWatcher.useClock(() => Date.now() + ahead);
  supplier = await aUser(t.db, { handle: 'adopted-dairy' });
});
afterAll(async () => {
  await t.close();
  await stub.close();
});

const row = (listId: number) =>
  t.db.selectFrom('link_checks').selectAll().where('list_id', '=', listId).executeTakeFirstOrThrow();

describe('lists the watcher has no row for (made before it, restored, seeded)', () => {
  it('are adopted due at times spread over the shortest interval, not all at once, and each is checked within it', async () => {
    const lists: number[] = [];
    for (let i = 0; i < 5; i++) {
      stub.put(`adopted-${i}`, { name: `Cheese ${i}.csv` });
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

    const adoptedAt = Date.now() + ahead;
    t.app.linkWatcher.useClock(() => Date.now() + ahead); // its next round looks for lists without a row
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

    ahead += INTERVAL_MS;
    await t.app.linkWatcher.runDue();
    expect((await Promise.all(lists.map(row))).map((r) => [r.health, r.file_name])).toEqual(
      [0, 1, 2, 3, 4].map((i) => ['ok', `Cheese ${i}.csv`]),
    );
  });
});
