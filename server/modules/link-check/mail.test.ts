import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLinkWatchingTestApp, type LinkWatchingTestApp } from '../../../tests/fixtures/app';
import { aFollow, aPost, as, aUser, type TestUser } from '../../../tests/fixtures/factories';
import { moveUpdatedListUp } from '../feed/service';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let t: LinkWatchingTestApp;
let farm: TestUser;
let instant: TestUser;
let daily: TestUser;
let weekly: TestUser;
let listId = 0;

beforeAll(async () => {
  t = await buildLinkWatchingTestApp();
  // The mailer runs on the watcher's clock.
  t.app.mailer.useClock(t.clock.now);
  farm = await aUser(t.db, { handle: 'mail-orchard', name: 'Mail Orchard' });
  instant = await aUser(t.db);
  daily = await aUser(t.db);
  weekly = await aUser(t.db);
  for (const reader of [instant, daily, weekly]) await aFollow(t.db, reader, 'mail-orchard');
  await t.app.inject(as(instant, { method: 'PUT', url: '/api/settings/email', payload: { listUpdates: 'instant' } }));
  await t.app.inject(as(weekly, { method: 'PUT', url: '/api/settings/email', payload: { listUpdates: 'weekly' } }));
  t.stub.put('orchard-prices', { name: 'Apples.csv', body: 'Cox;1.20\n' });
  const res = await t.app.inject(
    as(farm, {
      method: 'POST',
      url: '/api/posts',
      payload: { url: 'https://app.box.com/s/orchardprices', description: 'Apple prices' },
    }),
  );
  listId = res.json().post.list.id;
  t.stub.files.set('orchardprices', t.stub.files.get('orchard-prices')!);
  await t.app.linkWatcher.runDue();
  await t.app.linkWatcher.idle();
  await t.app.jobs.runQueued();
  await t.app.mailer.deliverDue(); // the new list's own mail, out of the way
});
afterAll(() => t.close());

const mails = (kind: string, userId: string) =>
  t.db
    .selectFrom('email_outbox')
    .select(['subject', 'text', 'state'])
    .where('kind', '=', kind)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
/** The supplier saves the file again; the watcher's next check sees it. */
async function saveAndCheck(body: string) {
  t.stub.change('orchardprices', body);
  t.clock.ahead += 2 * 60_000;
  await t.app.linkWatcher.runDue();
  // The file is read off the event loop; the version's transaction queues the job that tells followers (ADR 0203).
  await t.app.linkWatcher.idle();
  await t.app.jobs.runQueued();
}

describe('followers hear that a list changed', () => {
  it('instantly, as an update and not a new list, once however often the file is saved within the hour', async () => {
    await saveAndCheck('Cox;1.10\n');
    // The new list's mail used this follower's hour for the business (ADR 0214): the update goes at its end.
    t.clock.ahead += HOUR;
    await t.app.mailer.deliverDue();
    const first = await mails('list-changed', instant.id);
    expect(first).toHaveLength(1);
    expect(first[0]?.subject).toBe('Mail Orchard (@mail-orchard) updated Apple prices');
    expect(first[0]?.text).toContain('/mail-orchard/lists/apple-prices');
    expect(first[0]?.text).toContain('Unsubscribe: ');

    for (let save = 0; save < 10; save++) await saveAndCheck(`Cox;1.${save}5\n`);
    await t.app.mailer.deliverDue();
    // The saves wait, gathered in one mail, for the end of the hour.
    expect((await mails('list-changed', instant.id)).map((m) => m.state)).toEqual(['held', 'queued']);
    t.clock.ahead += HOUR;
    await t.app.mailer.deliverDue();
    const all = await mails('list-changed', instant.id);
    expect(all).toHaveLength(2);
    expect(all[1]?.text?.match(/Apple prices \(updated\)/g)).toHaveLength(1);
    // Nobody on the daily digest, and not the owner, gets the instant mail.
    expect(await mails('list-changed', daily.id)).toEqual([]);
    expect(await mails('list-changed', farm.id)).toEqual([]);
  });

  it('in the daily digest, as lists updated that day', async () => {
    // The morning after the day the watcher saw the change (UTC days, as digests go).
    const seen = await t.db
      .selectFrom('link_checks')
      .select('change_seen_at')
      .where('list_id', '=', listId)
      .executeTakeFirstOrThrow();
    const tomorrow = Math.floor(Number(seen.change_seen_at) / DAY) * DAY + DAY + 8 * HOUR;
    t.clock.ahead = tomorrow - Date.now();
    await t.app.mailer.tick();
    const digest = await mails('list-digest', daily.id);
    expect(digest).toHaveLength(1);
    expect(digest[0]?.subject).toMatch(/^Freshlist daily digest: (1 new list, )?1 updated list$/);
    expect(digest[0]?.text).toContain('Lists updated today:');
    expect(digest[0]?.text).toContain('Apple prices (updated)');
  });

  it('in the weekly digest, as lists updated that week', async () => {
    // The Monday after the week the watcher saw the change (1970-01-01 was a Thursday).
    const seen = await t.db
      .selectFrom('link_checks')
      .select('change_seen_at')
      .where('list_id', '=', listId)
      .executeTakeFirstOrThrow();
    const week = 7 * DAY;
    const monday = Math.floor((Number(seen.change_seen_at) - 4 * DAY) / week) * week + 4 * DAY + week + 8 * HOUR;
    t.clock.ahead = monday - Date.now();
    await t.app.mailer.tick();
    const digest = await mails('list-digest', weekly.id);
    expect(digest).toHaveLength(1);
    expect(digest[0]?.subject).toMatch(/^Freshlist weekly digest: (1 new list, )?1 updated list$/);
    expect(digest[0]?.text).toContain('Lists updated this week:');
    expect(digest[0]?.text).toContain('Apple prices (updated)');
  });

  it('moves the list up in their feeds as an update: the same card, once; a trade-only list stays put', async () => {
    const cellar = await aUser(t.db, { handle: 'feed-cellar' });
    const reader = await aUser(t.db);
    for (const handle of ['mail-orchard', 'feed-cellar']) await aFollow(t.db, reader, handle);
    // Posted after anything the watcher has seen so far (its clock runs ahead).
    await aPost(t.db, cellar, { description: 'Cellar list', createdAt: t.clock.now() + 60_000 });
    const trade = await aPost(t.db, cellar, {
      description: 'Trade cellar',
      audience: 'trade',
      createdAt: t.clock.now() + 61_000,
    });
    const feed = async () => {
      const res = await t.app.inject(as(reader, { url: '/api/feed' }));
      return (res.json().posts as Array<{ description: string; list: { id: number } }>).map((p) =>
        p.list.id === trade.listId ? 'Trade cellar' : p.description,
      );
    };
    expect(await feed()).toEqual(['Trade cellar', 'Cellar list', 'Apple prices']);

    await saveAndCheck('Cox;1.30\n');
    expect(await feed()).toEqual(['Apple prices', 'Trade cellar', 'Cellar list']);
    await moveUpdatedListUp(t.db, { listId: trade.listId }, t.clock.now() + HOUR);
    expect(await feed()).toEqual(['Apple prices', 'Trade cellar', 'Cellar list']);
  });
});

describe('the owner hears that a link broke', () => {
  it('by mail, saying what is wrong and how to fix it', async () => {
    t.stub.files.get('orchardprices')!.state = 'private';
    t.clock.ahead += DAY;
    await t.app.linkWatcher.runDue();
    await t.app.jobs.runQueued();
    await t.app.mailer.deliverDue();
    const told = await mails('link-broken', farm.id);
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toBe('People cannot open your list Apple prices');
    expect(told[0]?.text).toContain(
      'Only people with access can open this Box file. In Box, choose Share → People with the link, then try again.',
    );
    expect(
      (await t.db.selectFrom('link_checks').select('broken').where('list_id', '=', listId).executeTakeFirstOrThrow()).broken,
    ).toBe(true);
  });
});
