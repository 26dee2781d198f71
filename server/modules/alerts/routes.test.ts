import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_ALERT_MESSAGES, ITEM_ALERTS_MAX } from '../../../core/item-alert';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aFollow, aPost, as, aUser, type TestPost, type TestUser } from '../../../tests/fixtures/factories';
import { mailRenderer } from '../email/render';

/**
 * Issue 41 §3: item alerts, exactly once per crossing (docs/decisions/0209). New versions are read
 * from CSV files as the watcher hands them over; the `item-alerts` job then runs by hand and the
 * outbox says who was told of what.
 */
let t: TestApp;
let clock = Date.UTC(2026, 10, 1);
const later = () => {
  clock += 60_000;
  return clock;
};

/** A list file of `rows` (item; unit; price in euros), as a supplier's CSV. */
const csv = (rows: [string, string, string][]) =>
  Buffer.from(`Item;Unit;Price (€)\n${rows.map((r) => r.join(';')).join('\n')}\n`, 'utf8');

async function aSupplier(handle: string, name: string) {
  return aUser(t.db, { handle, name });
}

async function aList(supplier: TestUser, name: string, audience: 'public' | 'trade' = 'public') {
  return aPost(t.db, supplier, { description: name, audience });
}

/** A new version of the list is read, and every job it queued runs. */
async function readVersion(post: TestPost, rows: [string, string, string][]) {
  const reading = await t.app.contents.recordFetchedFile({
    listId: post.listId,
    postId: post.id,
    bytes: csv(rows),
    fetchedAt: later(),
  });
  expect(reading.state).toBe('read');
  await t.app.jobs.runQueued();
}

const create = (user: TestUser | undefined, payload: unknown) =>
  t.app.inject(as(user, { method: 'POST', url: '/api/alerts', payload }));

async function anAlert(user: TestUser, payload: Record<string, unknown>): Promise<number> {
  const res = await create(user, { scope: 'all', ...payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** The item-alert mails queued for `user`, oldest first, as their payloads. */
async function alertMails(user: TestUser) {
  const rows = await t.db
    .selectFrom('email_outbox')
    .select(['id', 'kind', 'user_id', 'to_address', 'payload', 'created_at', 'topic', 'attempts'])
    .where('kind', '=', 'item-alert')
    .where('user_id', '=', user.id)
    .orderBy('id')
    .execute();
  return rows;
}
const hitsOf = async (user: TestUser) =>
  (await alertMails(user)).map((row) =>
    (row.payload as { hits: Array<{ valueText: string | null; text: string }> }).hits.map((h) => `${h.text} ${h.valueText}`),
  );

beforeAll(async () => {
  t = await buildTestApp();
  // The first file starts the reading thread: not in a test's time.
  const warm = await aList(await aSupplier('warm-up-farm', 'Warm Up Farm'), 'Warm-up');
  await readVersion(warm, [['Parsnips', 'kg', '1,00']]);
});
afterAll(() => t.close());

describe('an alert under a price per kg', () => {
  it('fires once when the price falls under, not on the next change that stays under, again after it rose and fell', async () => {
    const farm = await aSupplier('green-valley', 'Green Valley Farm');
    const list = await aList(farm, 'Dairy prices');
    await readVersion(list, [
      ['Burrata 125g', '', '4,00'],
      ['Ricotta 250g', '', '2,10'],
    ]);
    const buyer = await aUser(t.db, { name: 'Bistro' });
    await anAlert(buyer, { item: 'burrata', kind: 'under', threshold: 30, unit: 'kg' });
    // 32.00 €/kg: not under 30, so nothing at creation.
    expect(await hitsOf(buyer)).toEqual([]);

    await readVersion(list, [
      ['Burrata 125g', '', '3,50'],
      ['Ricotta 250g', '', '2,10'],
    ]);
    expect(await hitsOf(buyer)).toEqual([['Burrata 125g 28.00 €/kg']]);

    // Still under (28.80 €/kg), and another line changed: no second mail.
    await readVersion(list, [
      ['Burrata 125g', '', '3,60'],
      ['Ricotta 250g', '', '2,30'],
    ]);
    expect(await hitsOf(buyer)).toHaveLength(1);

    // Up again (32.00 €/kg), then down: told again.
    await readVersion(list, [['Burrata 125g', '', '4,00']]);
    expect(await hitsOf(buyer)).toHaveLength(1);
    const beforeLast = Date.now();
    await readVersion(list, [['Burrata 125g', '', '3,40']]);
    expect(await hitsOf(buyer)).toEqual([['Burrata 125g 28.00 €/kg'], ['Burrata 125g 27.20 €/kg']]);

    const listed = (await t.app.inject(as(buyer, { url: '/api/alerts' }))).json();
    expect(listed.alerts).toEqual([
      expect.objectContaining({ item: 'burrata', kind: 'under', threshold: 30, unit: 'kg', condition: 'is under 30.00/kg' }),
    ]);
    expect(listed.alerts[0].lastFiredAt).toBeGreaterThanOrEqual(beforeLast);
  });

  it('fires at once when the condition already holds on creation, and not again for the same lines', async () => {
    const farm = await aSupplier('hill-cheese', 'Hill Cheese');
    const list = await aList(farm, 'Cheese prices');
    await readVersion(list, [['Mozzarella 125g', '', '1,50']]);
    const buyer = await aUser(t.db);
    const res = await create(buyer, { item: 'mozzarella', kind: 'under', threshold: 15, unit: 'kg', scope: 'all' });
    expect(res.statusCode).toBe(201);
    expect(res.json().fired).toBe(1);
    expect(await hitsOf(buyer)).toEqual([['Mozzarella 125g 12.00 €/kg']]);
    // A new version where it still holds: no second mail.
    await readVersion(list, [
      ['Mozzarella 125g', '', '1,45'],
      ['Scamorza', 'kg', '14,00'],
    ]);
    expect(await hitsOf(buyer)).toHaveLength(1);
  });

  it('is told in a mail that names the business, the prices, the list page and the comparison', async () => {
    const farm = await aSupplier('olive-grove', 'Olive Grove');
    const list = await aList(farm, 'Oil prices');
    await readVersion(list, [['Olive oil 750 ml', '', '9,00']]);
    const buyer = await aUser(t.db, { name: 'Trattoria' });
    await anAlert(buyer, { item: 'olive oil', kind: 'under', threshold: 14, unit: 'l' });
    const [row] = await alertMails(buyer);
    if (!row) throw new Error('no mail');
    const renderer = mailRenderer(t.db, { publicUrl: 'http://localhost:3000', ownerEmail: undefined });
    const outcome = await renderer.render(
      {
        id: Number(row.id),
        kind: row.kind,
        userId: row.user_id,
        toAddress: row.to_address,
        payload: row.payload as Record<string, unknown>,
        createdAt: Number(row.created_at),
        topic: row.topic,
        attempts: row.attempts,
      },
      Date.now(),
    );
    if (!('rendered' in outcome)) throw new Error(`not rendered: ${outcome.cancel}`);
    expect(outcome.rendered.subject).toBe('Olive oil is under 14.00 €/l at Olive Grove');
    expect(outcome.rendered.text).toContain('Olive oil is under 14.00 €/l at Olive Grove: 12.00 €/l, Olive oil 750 ml at 9.00 €');
    expect(outcome.rendered.text).toContain(`http://localhost:3000/olive-grove/lists/${list.listSlug}`);
    expect(outcome.rendered.text).toContain('http://localhost:3000/compare?item=olive+oil');
    expect(outcome.unsubscribeUrl).toContain('category=notices');
  });
});

describe('an alert for an item coming back', () => {
  it('fires when the item appears in a list where it was not, once, and again after it was gone', async () => {
    const farm = await aSupplier('sea-farm', 'Sea Farm');
    const list = await aList(farm, 'Fish prices');
    await readVersion(list, [['Cod fillet', 'kg', '18,00']]);
    const buyer = await aUser(t.db);
    await anAlert(buyer, { item: 'turbot', kind: 'back' });
    expect(await hitsOf(buyer)).toEqual([]);
    await readVersion(list, [
      ['Cod fillet', 'kg', '18,00'],
      ['Turbot whole', 'kg', '32,00'],
    ]);
    expect(await hitsOf(buyer)).toEqual([['Turbot whole 32.00 €/kg']]);
    await readVersion(list, [
      ['Cod fillet', 'kg', '19,00'],
      ['Turbot whole', 'kg', '31,00'],
    ]);
    expect(await hitsOf(buyer)).toHaveLength(1);
    await readVersion(list, [['Cod fillet', 'kg', '19,00']]);
    await readVersion(list, [
      ['Cod fillet', 'kg', '19,00'],
      ['Turbot whole', 'kg', '30,00'],
    ]);
    expect(await hitsOf(buyer)).toHaveLength(2);
  });

  it('forgives a typo as /explore does', async () => {
    const farm = await aSupplier('orchard-row', 'Orchard Row');
    const list = await aList(farm, 'Fruit prices');
    await readVersion(list, [['Apricots', 'kg', '5,00']]);
    const buyer = await aUser(t.db);
    const res = await create(buyer, { item: 'apricotts', kind: 'back', scope: 'all' });
    expect(res.json().fired).toBe(1);
  });
});

describe('an alert on price moves', () => {
  it('fires when the price moved more than the percentage since it was last told, drifts adding up', async () => {
    const farm = await aSupplier('red-fields', 'Red Fields');
    const list = await aList(farm, 'Veg prices');
    await readVersion(list, [['Tomatoes San Marzano', 'kg', '2,00']]);
    const buyer = await aUser(t.db);
    await anAlert(buyer, { item: 'tomatoes', kind: 'moves', threshold: 10 });
    // No move yet at creation.
    expect(await hitsOf(buyer)).toEqual([]);
    await readVersion(list, [['Tomatoes San Marzano', 'kg', '2,10']]);
    expect(await hitsOf(buyer)).toEqual([]);
    // 2.25 is 12.5 % above the 2.00 first seen.
    await readVersion(list, [['Tomatoes San Marzano', 'kg', '2,25']]);
    expect(await hitsOf(buyer)).toEqual([['Tomatoes San Marzano 2.25 €/kg']]);
    const [mail] = await alertMails(buyer);
    expect(mail?.payload).toMatchObject({ hits: [{ wasText: '2.00 €/kg', movedPercent: 12.5 }] });
    // Down 4 %: under 10 % from the 2.25 told.
    await readVersion(list, [['Tomatoes San Marzano', 'kg', '2,16']]);
    expect(await hitsOf(buyer)).toHaveLength(1);
    await readVersion(list, [['Tomatoes San Marzano', 'kg', '1,95']]);
    expect(await hitsOf(buyer)).toHaveLength(2);
  });
});

describe('who is told', () => {
  it("never tells a stranger of a trade-only list's line; its approved member and owner are told", async () => {
    const sealed = await aSupplier('sealed-dairy', 'Sealed Dairy');
    const list = await aList(sealed, 'Trade prices', 'trade');
    await readVersion(list, [['Stracciatella 250g', '', '6,00']]);
    const member = await aUser(t.db);
    const stranger = await aUser(t.db);
    await t.db
      .insertInto('trade_requests')
      .values([
        { owner_id: sealed.id, member_id: member.id, business_name: 'Bistro', state: 'approved', created_at: 1 },
        { owner_id: sealed.id, member_id: stranger.id, business_name: 'Cafe', state: 'pending', created_at: 1 },
      ])
      .execute();
    await aFollow(t.db, stranger, 'sealed-dairy');
    for (const person of [member, stranger, sealed]) {
      await anAlert(person, { item: 'stracciatella', kind: 'under', threshold: 30, unit: 'kg' });
      await anAlert(person, { item: 'stracciatella', kind: 'back', scope: 'following' });
    }
    await readVersion(list, [['Stracciatella 250g', '', '5,00']]);
    await readVersion(list, [['Stracciatella 250g', '', '9,00']]);
    await readVersion(list, [['Stracciatella 250g', '', '5,00']]);
    expect(await hitsOf(stranger)).toEqual([]);
    // Created while it held (24.00 €/kg), then again after it rose and fell.
    expect(await hitsOf(member)).toEqual([['Stracciatella 250g 24.00 €/kg'], ['Stracciatella 250g 20.00 €/kg']]);
    expect(await hitsOf(sealed)).toHaveLength(2);
  });

  it('tells only followers of the business when the alert is for businesses followed', async () => {
    const farm = await aSupplier('quiet-hill', 'Quiet Hill');
    const list = await aList(farm, 'Honey prices');
    await readVersion(list, [['Wildflower honey', 'kg', '12,00']]);
    const follower = await aUser(t.db);
    const other = await aUser(t.db);
    await aFollow(t.db, follower, 'quiet-hill');
    await anAlert(follower, { item: 'honey', kind: 'under', threshold: 11, unit: 'kg', scope: 'following' });
    await anAlert(other, { item: 'honey', kind: 'under', threshold: 11, unit: 'kg', scope: 'following' });
    await readVersion(list, [['Wildflower honey', 'kg', '10,00']]);
    expect(await hitsOf(follower)).toEqual([['Wildflower honey 10.00 €/kg']]);
    expect(await hitsOf(other)).toEqual([]);
  });

  it('tells an alert for businesses followed that already holds as soon as its person follows, not before', async () => {
    const farm = await aSupplier('linden-apiary', 'Linden Apiary');
    const list = await aList(farm, 'Honey prices');
    await readVersion(list, [['Linden honey', 'kg', '9,00']]);
    const buyer = await aUser(t.db);
    await anAlert(buyer, { item: 'honey', kind: 'under', threshold: 11, unit: 'kg', scope: 'following' });
    expect(await hitsOf(buyer)).toEqual([]);
    const followed = await t.app.inject(as(buyer, { method: 'PUT', url: '/api/follows/linden-apiary' }));
    expect(followed.statusCode).toBe(200);
    await t.app.jobs.runQueued();
    expect(await hitsOf(buyer)).toEqual([['Linden honey 9.00 €/kg']]);
    // The next version, still under: no second mail.
    await readVersion(list, [['Linden honey', 'kg', '9,50']]);
    expect(await hitsOf(buyer)).toHaveLength(1);
  });

  it("tells an alert on a trade-only list's line that already holds as soon as its member is approved", async () => {
    const sealed = await aSupplier('closed-creamery', 'Closed Creamery');
    const list = await aList(sealed, 'Trade prices', 'trade');
    await readVersion(list, [['Mascarpone 500g', '', '4,00']]);
    const buyer = await aUser(t.db);
    await anAlert(buyer, { item: 'mascarpone', kind: 'back' });
    const asked = await t.app.inject(
      as(buyer, { method: 'POST', url: '/api/trade/access/closed-creamery', payload: { businessName: 'Bistro' } }),
    );
    expect(asked.statusCode, asked.body).toBe(200);
    await t.app.jobs.runQueued();
    expect(await hitsOf(buyer)).toEqual([]);
    const approved = await t.app.inject(
      as(sealed, { method: 'POST', url: `/api/trade/requests/${buyer.id}`, payload: { decision: 'approve' } }),
    );
    expect(approved.statusCode, approved.body).toBe(200);
    await t.app.jobs.runQueued();
    expect(await hitsOf(buyer)).toEqual([['Mascarpone 500g 8.00 €/kg']]);
    await readVersion(list, [['Mascarpone 500g', '', '4,20']]);
    expect(await hitsOf(buyer)).toHaveLength(1);
  });

  it('does not tell a paused alert; resumed, a crossing meanwhile fires', async () => {
    const farm = await aSupplier('bean-barn', 'Bean Barn');
    const list = await aList(farm, 'Bean prices');
    await readVersion(list, [['Borlotti beans', 'kg', '6,00']]);
    const buyer = await aUser(t.db);
    const id = await anAlert(buyer, { item: 'borlotti', kind: 'under', threshold: 5, unit: 'kg' });
    const pause = await t.app.inject(as(buyer, { method: 'PATCH', url: `/api/alerts/${id}`, payload: { paused: true } }));
    expect(pause.json()).toEqual({ paused: true });
    await readVersion(list, [['Borlotti beans', 'kg', '4,50']]);
    expect(await hitsOf(buyer)).toEqual([]);
    // A second alert, not paused, hears of the next crossing: the job did run for this list.
    const watcher = await aUser(t.db);
    await anAlert(watcher, { item: 'borlotti', kind: 'under', threshold: 4, unit: 'kg' });
    await readVersion(list, [['Borlotti beans', 'kg', '3,90']]);
    expect(await hitsOf(watcher)).toHaveLength(1);
    expect(await hitsOf(buyer)).toEqual([]);
    await t.app.inject(as(buyer, { method: 'PATCH', url: `/api/alerts/${id}`, payload: { paused: false } }));
    expect(await hitsOf(buyer)).toEqual([['Borlotti beans 3.90 €/kg']]);
  });
});

describe('the alerts API', () => {
  it('refuses bad input with a clear 400', async () => {
    const buyer = await aUser(t.db);
    for (const [payload, message] of [
      [{ item: '  ', kind: 'back', scope: 'all' }, ITEM_ALERT_MESSAGES.itemRequired],
      [{ item: 'b'.repeat(101), kind: 'back', scope: 'all' }, ITEM_ALERT_MESSAGES.itemTooLong],
      [{ item: 'burrata', kind: 'cheaper', scope: 'all' }, ITEM_ALERT_MESSAGES.kind],
      [{ item: 'burrata', kind: 'back', scope: 'friends' }, ITEM_ALERT_MESSAGES.scope],
      [{ item: 'burrata', kind: 'under', scope: 'all' }, ITEM_ALERT_MESSAGES.underThreshold],
      [{ item: 'burrata', kind: 'under', threshold: -1, scope: 'all' }, ITEM_ALERT_MESSAGES.underThreshold],
      [{ item: 'burrata', kind: 'under', threshold: 3, unit: 'box', scope: 'all' }, ITEM_ALERT_MESSAGES.unit],
      [{ item: 'burrata', kind: 'moves', threshold: 0.5, scope: 'all' }, ITEM_ALERT_MESSAGES.movesThreshold],
      [{ item: 'burrata', kind: 'moves', threshold: 10, unit: 'kg', scope: 'all' }, ITEM_ALERT_MESSAGES.movesNoUnit],
      [{ item: 'burrata', kind: 'back', threshold: 10, scope: 'all' }, ITEM_ALERT_MESSAGES.backNoThreshold],
      [{ item: 'burrata', kind: 'under', threshold: 3, currency: 'euro', scope: 'all' }, ITEM_ALERT_MESSAGES.currency],
    ] as const) {
      const res = await create(buyer, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await t.app.inject(as(buyer, { url: '/api/alerts' }))).json().alerts).toEqual([]);
  });

  it('asks a visitor to sign in, and answers 404 for another person’s alert', async () => {
    expect((await create(undefined, { item: 'burrata', kind: 'back', scope: 'all' })).statusCode).toBe(401);
    const owner = await aUser(t.db);
    const other = await aUser(t.db);
    const id = await anAlert(owner, { item: 'burrata', kind: 'back' });
    for (const init of [
      { method: 'PATCH', url: `/api/alerts/${id}`, payload: { paused: true } },
      { method: 'DELETE', url: `/api/alerts/${id}` },
      { method: 'DELETE', url: '/api/alerts/99999999' },
    ]) {
      const res = await t.app.inject(as(other, init));
      expect(res.statusCode, init.method).toBe(404);
      expect(res.json().message).toBe(ITEM_ALERT_MESSAGES.notFound);
    }
    expect((await t.app.inject(as(other, { method: 'DELETE', url: '/api/alerts/abc' }))).statusCode).toBe(400);
    const removed = await t.app.inject(as(owner, { method: 'DELETE', url: `/api/alerts/${id}` }));
    expect(removed.json()).toEqual({ removed: true });
    expect((await t.app.inject(as(owner, { url: '/api/alerts' }))).json().alerts).toEqual([]);
  });

  it(`refuses the same alert twice (409) and more than ${ITEM_ALERTS_MAX} a person (400)`, async () => {
    const buyer = await aUser(t.db);
    await anAlert(buyer, { item: 'fennel', kind: 'back' });
    const again = await create(buyer, { item: 'Fennel', kind: 'back', scope: 'all' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ITEM_ALERT_MESSAGES.duplicate);
    for (let i = 1; i < ITEM_ALERTS_MAX; i++) await anAlert(buyer, { item: 'fennel', kind: 'under', threshold: i });
    const tooMany = await create(buyer, { item: 'fennel', kind: 'under', threshold: 99, scope: 'all' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(ITEM_ALERT_MESSAGES.tooMany);
  });
});
