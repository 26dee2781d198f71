import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_NOW_PER_HOUR } from '../../../core/check-now';
import { buildLinkWatchingTestApp, type LinkWatchingTestApp } from '../../../tests/fixtures/app';
import { aFollow, as, aUser, type TestUser } from '../../../tests/fixtures/factories';
import { priceListCsv } from '../../../tests/fixtures/list-files';

let t: LinkWatchingTestApp;
let farm: TestUser;
let follower: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await buildLinkWatchingTestApp();
  t.app.mailer.useClock(t.clock.now);
  farm = await aUser(t.db, { handle: 'check-now-farm', name: 'Check Now Farm' });
  follower = await aUser(t.db);
  stranger = await aUser(t.db, { handle: 'check-now-other' });
  await aFollow(t.db, follower, 'check-now-farm');
  await t.app.inject(as(follower, { method: 'PUT', url: '/api/settings/email', payload: { listUpdates: 'instant' } }));
});
afterAll(() => t.close());

/** A list of @check-now-farm on the Drive stub, checked and read once, its first mail sent. */
async function aWatchedList(key: string, body: Buffer | string = priceListCsv(1)): Promise<number> {
  t.stub.put(key, { name: 'Prices.csv', type: 'text/csv', body });
  const res = await t.app.inject(
    as(farm, {
      method: 'POST',
      url: '/api/posts',
      payload: { url: `https://drive.google.com/file/d/${key}/view`, description: `Prices ${key}` },
    }),
  );
  expect(res.statusCode).toBe(201);
  const listId = res.json().post.list.id as number;
  await t.app.linkWatcher.runDue();
  await t.app.linkWatcher.idle();
  await t.app.jobs.runQueued();
  await t.app.mailer.deliverDue();
  return listId;
}

/** `who: null`: a visitor. */
const press = (listId: number | string, who: TestUser | null = farm) =>
  t.app.inject(as(who ?? undefined, { method: 'POST', url: `/api/lists/${listId}/check-now` }));
const stateOf = (listId: number, checkId: number, who: TestUser | null = farm) =>
  t.app.inject(as(who ?? undefined, { method: 'GET', url: `/api/lists/${listId}/check-now/${checkId}` }));
const fetchesOf = (key: string) => t.stub.seen.filter((r) => r.path.includes(key)).length;

/** Presses, lets the worker run the check (by hand here), and returns what the page reads then. */
async function pressAndRun(listId: number) {
  const pressed = await press(listId);
  expect(pressed.statusCode).toBe(202);
  expect(pressed.json()).toMatchObject({ state: 'checking', message: null });
  await t.app.jobs.runQueued();
  const res = await stateOf(listId, pressed.json().id);
  expect(res.statusCode).toBe(200);
  return res.json() as { id: number; state: string; kind: string | null; message: string | null };
}

const listChangedJobs = async (listId: number) =>
  (
    await sql<{ seen_by: string }>`
      select data->>'seenBy' as seen_by from jobs.job where name = 'list-changed' and (data->>'listId')::bigint = ${listId}`.execute(
      t.db,
    )
  ).rows.map((r) => r.seen_by);
/** `delivered`: only those handed to the transport (sent, or held for the development mailbox). */
const mailsTo = (userId: string, delivered = false) =>
  t.db
    .selectFrom('email_outbox')
    .select('text')
    .where('kind', '=', 'list-changed')
    .where('user_id', '=', userId)
    .$if(delivered, (q) => q.where('state', 'in', ['sent', 'held']))
    .execute();

describe('"I\'ve updated it: check now"', () => {
  it('is the owner’s alone: 401 signed out, 403 someone else’s list, 404 no such list or check, 400 no list id', async () => {
    const listId = await aWatchedList('cn-owner');
    expect((await press(listId, null)).statusCode).toBe(401);
    const other = await press(listId, stranger);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('Only the list’s owner can have its file checked now.');
    expect((await press(999_999_999)).statusCode).toBe(404);
    expect((await press('abc')).statusCode).toBe(400);
    expect((await press('0')).statusCode).toBe(400);
    const pressed = await press(listId);
    expect(pressed.statusCode).toBe(202);
    expect((await stateOf(listId, pressed.json().id, stranger)).statusCode).toBe(403);
    expect((await stateOf(listId, pressed.json().id + 1000)).statusCode).toBe(404);
    expect((await stateOf(listId, pressed.json().id, null)).statusCode).toBe(401);
    // Nobody else's press was queued: one job, the owner's.
    await t.app.jobs.runQueued();
    expect((await stateOf(listId, pressed.json().id)).json()).toMatchObject({ state: 'done', kind: 'unchanged' });
  });

  it('finds an edit the watcher would not look for yet, says what changed, and tells followers once', async () => {
    const listId = await aWatchedList('cn-changed');
    t.stub.change('cn-changed', priceListCsv(2));
    const before = fetchesOf('cn-changed');
    // The watcher's schedule: nothing is due yet, so it does not fetch the file.
    await t.app.linkWatcher.runDue();
    expect(fetchesOf('cn-changed')).toBe(before);

    const pressed = await press(listId);
    // The request only queues the check: a web process fetches nothing.
    expect(fetchesOf('cn-changed')).toBe(before);
    expect((await stateOf(listId, pressed.json().id)).json()).toMatchObject({ state: 'checking', kind: null });
    await t.app.jobs.runQueued();
    expect(fetchesOf('cn-changed')).toBeGreaterThan(before);
    expect((await stateOf(listId, pressed.json().id)).json()).toEqual({
      id: pressed.json().id,
      state: 'done',
      kind: 'changed',
      message: '2 prices up, 1 new item, 1 item gone: your followers are being told.',
    });
    // Told by the reading, once (a bytes-only "file changed" of a file Freshlist reads tells nobody).
    expect((await listChangedJobs(listId)).filter((by) => by === 'reading')).toHaveLength(1);
    // The other lists' new-list mails use this follower's hour for the business, one an hour (ADR
    // 0214): the update goes at the end of theirs. Hours pass until it has gone, then the clock comes
    // back for the tests after.
    const hours = t.clock.ahead;
    for (let hour = 0; hour < 4 && (await mailsTo(follower.id, true)).length === 0; hour++) {
      t.clock.ahead += 60 * 60_000;
      await t.app.mailer.deliverDue();
    }
    t.clock.ahead = hours;
    const mails = await mailsTo(follower.id);
    expect(mails.filter((m) => m.text?.includes(`Prices cn-changed`))).toHaveLength(1);
    // The next press finds the same file.
    expect(await pressAndRun(listId)).toMatchObject({ kind: 'unchanged', message: 'No change found in the file.' });
    expect((await listChangedJobs(listId)).filter((by) => by === 'reading')).toHaveLength(1);
  });

  it('says "No change found in the file." when the file is as it was', async () => {
    const listId = await aWatchedList('cn-same');
    expect(await pressAndRun(listId)).toMatchObject({
      state: 'done',
      kind: 'unchanged',
      message: 'No change found in the file.',
    });
    expect(await listChangedJobs(listId)).toEqual([]);
  });

  it('says what is wrong with the link, and how to fix it', async () => {
    const listId = await aWatchedList('cn-broken');
    (t.stub.files.get('cn-broken') as { state: string }).state = 'private';
    const privateFile = await pressAndRun(listId);
    expect(privateFile.kind).toBe('problem');
    expect(privateFile.message).toBe(
      'Only people with access can open this Google Drive file. In Drive, choose Share → Anyone with the link, then try again.',
    );
    (t.stub.files.get('cn-broken') as { state: string }).state = 'deleted';
    expect((await pressAndRun(listId)).message).toMatch(/^This Google Drive file was not found/);
    expect(await listChangedJobs(listId)).toEqual([]);
  });

  it(`is pressed at most ${CHECK_NOW_PER_HOUR} times an hour per list, counted in the database`, async () => {
    const listId = await aWatchedList('cn-limit');
    const other = await aWatchedList('cn-limit-other');
    // Pressed at once from many tabs: the list's lock counts them one at a time.
    const presses = await Promise.all(Array.from({ length: CHECK_NOW_PER_HOUR + 2 }, () => press(listId)));
    expect(presses.map((r) => r.statusCode).sort()).toEqual([202, 202, 202, 202, 429, 429]);
    const limited = presses.find((r) => r.statusCode === 429);
    expect(limited?.json().message).toBe(
      `"Check now" was pressed ${CHECK_NOW_PER_HOUR} times for this list in the last hour: you can press it again in 60 minutes.`,
    );
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(3500);
    // Another list of the owner is not held back.
    expect((await press(other)).statusCode).toBe(202);
    // An hour after the first press, one more may be made: the oldest press left the window.
    await t.db
      .updateTable('check_now_presses')
      .set((eb) => ({ pressed_at: eb('pressed_at', '-', 3_600_001) }))
      .where('id', '=', Math.min(...presses.filter((r) => r.statusCode === 202).map((r) => r.json().id as number)))
      .execute();
    expect((await press(listId)).statusCode).toBe(202);
    expect((await press(listId)).statusCode).toBe(429);
    await t.app.jobs.runQueued();
  });

  it('waits for the watcher when it holds the list’s check, then checks', async () => {
    const listId = await aWatchedList('cn-busy');
    await t.db
      .updateTable('link_checks')
      .set({ lease_until: Date.now() + 60_000 })
      .where('list_id', '=', listId)
      .execute();
    const pressed = await press(listId);
    await t.app.jobs.runQueued();
    expect((await stateOf(listId, pressed.json().id)).json()).toMatchObject({ state: 'checking' });
    await t.db.updateTable('link_checks').set({ lease_until: null }).where('list_id', '=', listId).execute();
    // The job's retry comes due (in seconds on a server; at once here).
    await sql`update jobs.job set start_after = now() - interval '1 second' where name = 'check-now' and state = 'retry'`.execute(
      t.db,
    );
    await t.app.jobs.runQueued();
    expect((await stateOf(listId, pressed.json().id)).json()).toMatchObject({ state: 'done', kind: 'unchanged' });
  });
});
