import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLinkWatchingTestApp, type LinkWatchingTestApp } from '../../../tests/fixtures/app';
import { as, aUser, type TestUser } from '../../../tests/fixtures/factories';
import { priceListSheet, priceListWorkbook } from '../../../tests/fixtures/list-files';
import type { ReadableChange } from './service';

let t: LinkWatchingTestApp;
let supplier: TestUser;
const changes: ReadableChange[] = [];

beforeAll(async () => {
  t = await buildLinkWatchingTestApp();
  t.app.contents.onReadableChange((change) => void changes.push(change));
  supplier = await aUser(t.db, { handle: 'stub-greens' });
});
afterAll(() => t.close());

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const row = (listId: number) =>
  t.db.selectFrom('link_checks').selectAll().where('list_id', '=', listId).executeTakeFirstOrThrow();
const versionsOf = (listId: number) =>
  t.db
    .selectFrom('list_snapshots')
    .select(['id', 'state', 'counts', 'checked_at'])
    .where('list_id', '=', listId)
    .orderBy('id')
    .execute();

/** The lists of @stub-greens waiting for its followers' next "list updated" mail. */
const waitingChanges = async () =>
  (
    await t.db.selectFrom('email_list_changes').select('list_ids').where('handle', '=', 'stub-greens').executeTakeFirst()
  )?.list_ids.map(Number) ?? [];

/** Waits (a bounded while) until `ready` holds: the watcher hands files on without waiting for their readers. */
async function until<T>(read: () => Promise<T>, ready: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const value = await read();
    if (ready(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
    // What a version sets off runs as a job (ADR 0203): the worker a server runs, run by hand here.
    await t.app.jobs.runQueued();
  }
  throw new Error('waited 30 s in vain');
}

describe('files the link watcher fetches', () => {
  it('become versions of the list when they read differently, and only then is a change told', async () => {
    t.stub.put('green-prices', { name: 'Prices.xlsx', type: XLSX_TYPE, body: priceListSheet(1, 'xlsx') });
    const res = await t.app.inject(
      as(supplier, {
        method: 'POST',
        url: '/api/posts',
        payload: { url: 'https://drive.google.com/file/d/green-prices/view', description: 'Prices' },
      }),
    );
    const listId = res.json().post.list.id as number;
    await t.app.linkWatcher.runDue();
    const first = await until(
      () => versionsOf(listId),
      (rows) => rows.length === 1,
    );
    expect(first[0]).toMatchObject({ state: 'read', counts: null });

    // Saved again with the same rows (new bytes, same reading): no version, no one told.
    t.stub.change('green-prices', Buffer.concat([priceListSheet(1, 'ods')]));
    t.clock.ahead += 200_000;
    await t.app.linkWatcher.runDue();
    const seenAgain = await until(
      () => versionsOf(listId),
      (r) => Number(r[0]?.checked_at) > Number(first[0]?.checked_at),
    );
    expect(seenAgain).toHaveLength(1);
    // The file changed but nothing readable did: its followers are not told.
    expect(await waitingChanges()).toEqual([]);
    t.stub.change('green-prices', priceListSheet(2, 'xlsx'));
    t.clock.ahead += 400_000;
    await t.app.linkWatcher.runDue();
    const rows = await until(
      () => versionsOf(listId),
      (r) => r.length === 2,
    );
    expect(rows[1]?.counts).toMatchObject({ up: 2, added: 1, gone: 1 });
    // The change is told once the version is committed: a moment after the row is visible here.
    const told = await until(
      async () => changes.filter((c) => c.listId === listId).map((c) => c.diff.counts.up),
      (ups) => ups.length > 0,
    );
    expect(told).toEqual([2]);
    // What changed is told: the list waits for its followers' next "list updated" mail.
    expect(await until(waitingChanges, (ids) => ids.length > 0)).toEqual([listId]);
  });

  it("read a Google Sheet's every tab, and call it changed only when it reads differently", async () => {
    // The stub zips the export afresh for every request, as Google does: its bytes never repeat.
    t.stub.put('green-sheet', { name: 'Prices.xlsx', type: XLSX_TYPE, body: priceListWorkbook(1) });
    const res = await t.app.inject(
      as(supplier, {
        method: 'POST',
        url: '/api/posts',
        payload: { url: 'https://docs.google.com/spreadsheets/d/green-sheet/edit#gid=0', description: 'Sheet prices' },
      }),
    );
    const { id: listId, slug } = res.json().post.list as { id: number; slug: string };
    await t.app.linkWatcher.runDue();
    const [first] = await until(
      () => versionsOf(listId),
      (rows) => rows.length === 1,
    );
    expect(t.stub.seen.some((r) => r.path === '/spreadsheets/d/green-sheet/export?format=xlsx')).toBe(true);
    const version = await t.app.inject({ method: 'GET', url: `/api/contents/stub-greens/${slug}/versions/${first?.id}` });
    expect(version.statusCode).toBe(200);
    expect(JSON.stringify(version.json())).toContain('Pecorino Romano');
    expect(JSON.stringify(version.json())).toContain('Tomatoes San Marzano');
    const checked = await row(listId);

    // The same sheets, new bytes: no version, no "Updated", no one told, and the next look comes later.
    t.clock.ahead += 200_000;
    await t.app.linkWatcher.runDue();
    const again = await row(listId);
    expect(again.content_sha256).not.toBe(checked.content_sha256);
    expect(again.file_changed_at).toBe(checked.file_changed_at);
    expect(again.quiet_checks).toBe(checked.quiet_checks + 1);
    expect(await versionsOf(listId)).toHaveLength(1);
    expect(changes.filter((c) => c.listId === listId)).toEqual([]);

    t.stub.change('green-sheet', priceListWorkbook(2));
    t.clock.ahead += 400_000;
    await t.app.linkWatcher.runDue();
    const rows = await versionsOf(listId);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.counts).toMatchObject({ up: 2, added: 1, gone: 1 });
    expect(Number((await row(listId)).file_changed_at)).toBeGreaterThan(Number(checked.file_changed_at));
    expect(changes.filter((c) => c.listId === listId).map((c) => c.diff.counts.up)).toEqual([2]);
  });
});
