import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aFollow, aPost, as, aUser, type TestUser } from '../../../tests/fixtures/factories';
import { priceListSheet } from '../../../tests/fixtures/list-files';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/fixtures/smtp';
import { mailListChanged } from './service';

/** Bells per business followed (issue 41 §2, docs/decisions/0214), through the API and the real outbox and SMTP. */
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let smtp: TestSmtpServer;
let t: TestApp;
let offset = 0;
let seq = 0;
const unique = () => `${++seq}-${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ SMTP_URL: smtp.url });
  t.app.mailer.useClock(() => Date.now() + offset);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  offset = 0;
  await t.app.mailer.deliverDue();
  smtp.received.length = 0;
});

const deliver = () => t.app.mailer.deliverDue();
const share = (author: TestUser, description: string) =>
  t.app.inject(
    as(author, {
      method: 'POST',
      url: '/api/posts',
      payload: { url: `https://drive.google.com/file/d/${unique()}`, description },
    }),
  );
const prefer = (user: TestUser, listUpdates: string) =>
  t.app.inject(as(user, { method: 'PUT', url: '/api/settings/email', payload: { listUpdates } }));
const ring = (user: TestUser | undefined, handle: string, payload: unknown) =>
  t.app.inject(as(user, { method: 'PUT', url: `/api/follows/${handle}/bell`, payload }));

/** A supplier whose list's file was read twice: Tomatoes +14 %, Burrata +11 %, one new item, one gone. */
async function aSupplierWithMovedPrices(name: string) {
  const supplier = await aUser(t.db, { handle: `bell-${unique()}`, name });
  const post = await aPost(t.db, supplier, { description: 'Weekly prices' });
  for (const [version, at] of [
    [1, 1_000],
    [2, 2_000],
  ] as const) {
    await t.app.contents.recordFetchedFile({
      listId: post.listId,
      postId: post.id,
      bytes: priceListSheet(version, 'xlsx'),
      fetchedAt: at,
    });
  }
  return { supplier, handle: supplier.handle ?? '', listId: post.listId };
}

describe('the bell API', () => {
  it("reads and sets a followed business's bell; refuses what breaks its rules with a clear 4xx", async () => {
    const reader = await aUser(t.db);
    const shop = await aUser(t.db, { handle: `bell-api-${unique()}` });
    const handle = shop.handle ?? '';
    expect((await t.app.inject(as(reader, { url: `/api/follows/${handle}/bell` }))).statusCode).toBe(404);
    await aFollow(t.db, reader, handle);
    const read = await t.app.inject(as(reader, { url: `/api/follows/${handle}/bell` }));
    expect(read.json()).toEqual({ bell: 'all', movePercent: null, cadence: null });

    const set = await ring(reader, handle, { bell: 'moves', movePercent: 10, cadence: 'weekly' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ bell: 'moves', movePercent: 10, cadence: 'weekly' });
    const following = await t.app.inject(as(reader, { url: '/api/following' }));
    expect(following.json().following[0]).toMatchObject({ handle, bell: 'moves', movePercent: 10, cadence: 'weekly' });

    const refused = [
      [{ bell: 'moves', cadence: null }, 'Give the smallest price move to hear of, from 1 to 100 %.'],
      [{ bell: 'lists', movePercent: 5, cadence: null }, 'A percentage goes only with'],
      [{ bell: 'moves', movePercent: 101, cadence: null }, ''],
      [{ bell: 'moves', movePercent: 2.5, cadence: null }, ''],
      [{ bell: 'loud', cadence: null }, ''],
      [{ bell: 'all', cadence: 'hourly' }, ''],
      [{ bell: 'all', cadence: null, extra: 1 }, ''],
      ['all', ''],
    ] as const;
    for (const [payload, message] of refused) {
      const res = await ring(reader, handle, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await ring(reader, `bell-nobody-${unique()}`, { bell: 'none', cadence: null })).statusCode).toBe(404);
    expect((await ring(undefined, handle, { bell: 'none', cadence: null })).statusCode).toBe(401);
    // Unchanged by every refusal; the database holds the rule too.
    expect((await t.app.inject(as(reader, { url: `/api/follows/${handle}/bell` }))).json().bell).toBe('moves');
    await expect(
      t.db.updateTable('follows').set({ bell: 'moves', move_percent: null }).where('follower_id', '=', reader.id).execute(),
    ).rejects.toThrow(/follows_move_percent/);
  });
});

describe('what each follower gets', () => {
  it('a bell set to nothing for one business stops its mail while another business still mails', async () => {
    const reader = await aUser(t.db);
    const quiet = await aUser(t.db, { handle: `bell-quiet-${unique()}`, name: 'Quiet Farm' });
    const loud = await aUser(t.db, { handle: `bell-loud-${unique()}`, name: 'Loud Farm' });
    await aFollow(t.db, reader, quiet.handle ?? '');
    await aFollow(t.db, reader, loud.handle ?? '');
    await prefer(reader, 'instant');
    expect((await ring(reader, quiet.handle ?? '', { bell: 'none', cadence: null })).statusCode).toBe(200);
    await share(quiet, 'Quiet list');
    await share(loud, 'Loud list');
    await deliver();
    const mails = smtp.to(reader.email);
    expect(mails.map((m) => m.parsed.subject)).toEqual([`Loud Farm (@${loud.handle}) shared a new list`]);
    // Nothing waits for the quiet business either: not at the hour's end, not in a digest.
    offset = 2 * DAY;
    await t.app.mailer.tick();
    expect(smtp.to(reader.email)).toHaveLength(1);
    const queued = await t.db
      .selectFrom('email_outbox')
      .select('kind')
      .where('user_id', '=', reader.id)
      .where('state', '=', 'queued')
      .execute();
    expect(queued).toEqual([]);
  });

  it('new lists only: no mail for a price move, which an all-updates follower gets', async () => {
    const { supplier, handle, listId } = await aSupplierWithMovedPrices('Lists Farm');
    const onlyLists = await aUser(t.db);
    const everything = await aUser(t.db);
    for (const reader of [onlyLists, everything]) {
      await aFollow(t.db, reader, handle);
      await prefer(reader, 'instant');
    }
    await ring(onlyLists, handle, { bell: 'lists', cadence: null });
    await mailListChanged(t.db, { userId: supplier.id, listId });
    await deliver();
    expect(smtp.to(everything.email).map((m) => m.parsed.subject)).toEqual([`Lists Farm (@${handle}) updated Weekly prices`]);
    expect(smtp.to(everything.email)[0]?.parsed.text).toContain('Tomatoes San Marzano 2.10 € → 2.40 €/kg, +14%');
    expect(smtp.to(onlyLists.email)).toEqual([]);
    // A new list still reaches them.
    await share(supplier, 'Monday');
    await deliver();
    expect(smtp.to(onlyLists.email).map((m) => m.parsed.subject)).toEqual([`Lists Farm (@${handle}) shared a new list`]);
  });

  it('a threshold filters small moves: 20 % hears nothing of a 14 % move, 12 % does', async () => {
    const { supplier, handle, listId } = await aSupplierWithMovedPrices('Moves Farm');
    const strict = await aUser(t.db);
    const keen = await aUser(t.db);
    for (const [reader, percent] of [
      [strict, 20],
      [keen, 12],
    ] as const) {
      await aFollow(t.db, reader, handle);
      await ring(reader, handle, { bell: 'moves', movePercent: percent, cadence: 'instant' });
    }
    await mailListChanged(t.db, { userId: supplier.id, listId });
    await deliver();
    expect(smtp.to(keen.email).map((m) => m.parsed.subject)).toEqual([`Moves Farm (@${handle}) updated Weekly prices`]);
    expect(smtp.to(strict.email)).toEqual([]);
  });

  it("a bell's cadence overrides the default: daily for one business while the rest is instant", async () => {
    const reader = await aUser(t.db);
    const slow = await aUser(t.db, { handle: `bell-slow-${unique()}`, name: 'Slow Farm' });
    const fast = await aUser(t.db, { handle: `bell-fast-${unique()}`, name: 'Fast Farm' });
    await aFollow(t.db, reader, slow.handle ?? '');
    await aFollow(t.db, reader, fast.handle ?? '');
    await prefer(reader, 'instant');
    await ring(reader, slow.handle ?? '', { bell: 'all', cadence: 'daily' });
    await share(slow, 'Slow list');
    await share(fast, 'Fast list');
    await deliver();
    expect(smtp.to(reader.email).map((m) => m.parsed.subject)).toEqual([`Fast Farm (@${fast.handle}) shared a new list`]);
    // Tomorrow at 08:00 UTC: yesterday's digest names the slow business only.
    const tomorrow = Math.floor(Date.now() / DAY) * DAY + DAY;
    t.app.mailer.useClock(() => tomorrow + 8 * HOUR);
    try {
      await t.app.mailer.tick();
    } finally {
      t.app.mailer.useClock(() => Date.now() + offset);
    }
    const digest = smtp.to(reader.email)[1];
    expect(digest?.parsed.subject).toBe('Freshlist daily digest: 1 new list');
    expect(digest?.parsed.text).toContain('* Slow list');
    expect(digest?.parsed.text).not.toContain('Fast list');
  });

  it("a hand-out that reached nobody uses no one's hour: who chooses instant then gets the next list at once", async () => {
    const reader = await aUser(t.db);
    const farm = await aUser(t.db, { handle: `bell-hour-${unique()}`, name: 'Hour Farm' });
    await aFollow(t.db, reader, farm.handle ?? '');
    await share(farm, 'Before');
    await deliver();
    offset = 10 * 60_000;
    await ring(reader, farm.handle ?? '', { bell: 'all', cadence: 'instant' });
    await share(farm, 'After');
    await deliver();
    const mails = smtp.to(reader.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.parsed.text).toContain('* After');
    expect(mails[0]?.parsed.text).not.toContain('Before');
  });
});
