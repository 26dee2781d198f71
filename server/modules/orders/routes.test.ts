import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryTerms } from '../../../core/delivery-terms';
import { MAX_ORDER_LINES, ORDER_MESSAGES, ORDERS_PER_HOUR } from '../../../core/order-rules';
import { TRADE_MESSAGES } from '../../../core/trade-text';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../tests/fixtures/app';
import { aReadVersion } from '../../../tests/fixtures/contents-rows';
import { aPost, as, aUser, type TestPost, type TestUser } from '../../../tests/fixtures/factories';
import { mailRenderer } from '../email/render';

/** Orders from a list version and the order desk (issue 40 §2-4, docs/decisions/0210). */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let n = 0;
const LINES = ['Price list', 'Tomatoes 2,40', 'Burrata 3,90', 'Basil 1,20'];

async function aSupplierWithList(options: { audience?: 'public' | 'trade'; terms?: DeliveryTerms } = {}) {
  const owner = await aUser(t.db, { handle: `order-shop-${++n}` });
  const post = await aPost(t.db, owner, options.audience ? { audience: options.audience } : {});
  const versionId = await aReadVersion(t.db, owner, post, LINES, Date.now() - 60_000);
  if (options.terms) {
    await t.db
      .updateTable('users')
      .set({ delivery_terms: JSON.stringify(options.terms) })
      .where('id', '=', owner.id)
      .execute();
  }
  return { owner, post, versionId };
}

let keys = 0;
const sendKey = () => `test-send-key-${++keys}-${Date.now()}`;

function send(buyer: TestUser | undefined, owner: TestUser, post: TestPost, body: Record<string, unknown>) {
  return t.app.inject(
    as(buyer, {
      method: 'POST',
      url: '/api/orders',
      payload: { handle: owner.handle, slug: post.listSlug, note: '', sendKey: sendKey(), ...body },
    }),
  );
}

const outboxOf = (orderId: number) =>
  t.db
    .selectFrom('email_outbox')
    .select([
      'id',
      'kind',
      'user_id as userId',
      'to_address as toAddress',
      'payload',
      'created_at as createdAt',
      'topic',
      'attempts',
    ])
    .where(({ ref }) => ref('payload', '->>').key('orderId' as never), '=', String(orderId))
    .orderBy('id')
    .execute();

const terms = (over: Partial<DeliveryTerms> = {}): DeliveryTerms => ({
  timeZone: 'Europe/London',
  days: [
    { day: 'mon', cutoff: { daysBefore: 1, time: '16:00' } },
    { day: 'tue', cutoff: { daysBefore: 1, time: '16:00' } },
    { day: 'wed', cutoff: { daysBefore: 1, time: '16:00' } },
    { day: 'thu', cutoff: { daysBefore: 1, time: '16:00' } },
    { day: 'fri', cutoff: { daysBefore: 1, time: '16:00' } },
  ],
  minimumOrder: null,
  areas: { postcodes: [], towns: [] },
  exceptions: { noDelivery: [], earlierCutoffs: [] },
  orderTo: { emails: ['orders@farm.example', 'kitchen@farm.example'], phone: '+44 7700 900123', whatsapp: true },
  ...over,
});

describe('sending an order', () => {
  it('takes item, pack and price from the version, never from the request, and answers with the order', async () => {
    const { owner, post, versionId } = await aSupplierWithList();
    const buyer = await aUser(t.db);
    const res = await send(buyer, owner, post, {
      versionId,
      lines: [
        { index: 1, quantity: 3, price: 0.01, item: 'Gold' },
        { index: 2, quantity: 2 },
      ],
      note: 'Back door, please',
    });
    expect(res.statusCode).toBe(200);
    const { order, whatsappUrl } = res.json();
    expect(whatsappUrl).toBeNull();
    expect(order).toMatchObject({
      state: 'new',
      role: 'buyer',
      handle: owner.handle,
      listSlug: post.listSlug,
      versionId,
      note: 'Back door, please',
      total: 15,
      currency: 'EUR',
      lineCount: 2,
    });
    expect(
      order.lines.map((l: { item: string; price: number; quantity: number; lineTotal: number }) => [
        l.item,
        l.price,
        l.quantity,
        l.lineTotal,
      ]),
    ).toEqual([
      ['Tomatoes', 2.4, 3, 7.2],
      ['Burrata', 3.9, 2, 7.8],
    ]);
  });

  it('gives each bad basket its own message, and saves nothing', async () => {
    const { owner, post, versionId } = await aSupplierWithList();
    await t.db
      .updateTable('list_lines')
      .set({ unit: 'each' })
      .where('list_id', '=', post.listId)
      .where('raw', '=', 'Burrata 3,90')
      .execute();
    await t.db
      .updateTable('list_lines')
      .set({ unit: 'kg' })
      .where('list_id', '=', post.listId)
      .where('raw', '=', 'Tomatoes 2,40')
      .execute();
    const buyer = await aUser(t.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ lines: [] }, ORDER_MESSAGES.empty],
      [{ lines: [{ index: 1, quantity: 0 }] }, ORDER_MESSAGES.quantity('Tomatoes')],
      [{ lines: [{ index: 1, quantity: -2 }] }, ORDER_MESSAGES.quantity('Tomatoes')],
      [{ lines: [{ index: 1, quantity: 1e9 }] }, ORDER_MESSAGES.tooMuch('Tomatoes')],
      [{ lines: [{ index: 2, quantity: 1.5 }] }, ORDER_MESSAGES.wholePacks('Burrata')],
      [{ lines: [{ index: 3, quantity: 0.5 }] }, ORDER_MESSAGES.wholePacks('Basil')],
      [{ lines: [{ index: 1, quantity: 0.0005 }] }, ORDER_MESSAGES.decimals('Tomatoes')],
      [{ lines: [{ index: 0, quantity: 1 }] }, ORDER_MESSAGES.notPriced(1)],
      [{ lines: [{ index: 99, quantity: 1 }] }, ORDER_MESSAGES.notPriced(100)],
      [
        {
          lines: [
            { index: 1, quantity: 1 },
            { index: 1, quantity: 2 },
          ],
        },
        ORDER_MESSAGES.lineTwice(2),
      ],
      [{ lines: Array.from({ length: 5000 }, (_, index) => ({ index, quantity: 1 })) }, ORDER_MESSAGES.tooManyLines],
      [{ lines: [{ index: 1, quantity: 1 }], note: 'x'.repeat(2001) }, ORDER_MESSAGES.noteTooLong],
      [{ lines: [{ index: 1, quantity: 1 }], deliveryDate: 'tomorrow' }, ORDER_MESSAGES.deliveryDate],
      [{ lines: [{ index: 1, quantity: 1 }], sendKey: 'x' }, ORDER_MESSAGES.sendKey],
    ];
    for (const [body, message] of cases) {
      const res = await send(buyer, owner, post, { versionId, ...body });
      expect({ status: res.statusCode, message: res.json().message }, JSON.stringify(body).slice(0, 80)).toEqual({
        status: 400,
        message: expect.stringContaining(message),
      });
    }
    expect(MAX_ORDER_LINES).toBeLessThan(5000);
    // A kilo price takes a fraction: half a kilo of tomatoes is an order.
    const half = await send(buyer, owner, post, { versionId, lines: [{ index: 1, quantity: 0.5 }] });
    expect(half.statusCode).toBe(200);
    expect(half.json().order.total).toBe(1.2);
    const orders = await t.db.selectFrom('orders').select('id').where('buyer_id', '=', buyer.id).execute();
    expect(orders).toHaveLength(1);
  });

  it('answers 409 with the moves when the list changed while the basket was open', async () => {
    const { owner, post, versionId } = await aSupplierWithList();
    await aReadVersion(t.db, owner, post, ['Price list', 'Burrata 4,50', 'Basil 1,20', 'Tomatoes 2,40'], Date.now());
    const buyer = await aUser(t.db);
    const res = await send(buyer, owner, post, {
      versionId,
      lines: [
        { index: 1, quantity: 1 },
        { index: 2, quantity: 1 },
        { index: 3, quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.message).toBe(ORDER_MESSAGES.changed);
    expect(body.versionId).not.toBe(versionId);
    expect(body.moves).toEqual([
      { index: 1, item: 'Tomatoes', before: 2.4, after: 2.4, newIndex: 3 },
      { index: 2, item: 'Burrata', before: 3.9, after: 4.5, newIndex: 1 },
      { index: 3, item: 'Basil', before: 1.2, after: 1.2, newIndex: 2 },
    ]);
    // Built again on the newest version, it goes.
    const again = await send(buyer, owner, post, { versionId: body.versionId, lines: [{ index: 1, quantity: 1 }] });
    expect(again.statusCode).toBe(200);
    expect(again.json().order.lines[0]).toMatchObject({ item: 'Burrata', price: 4.5 });
  });

  it('says which items are gone from the newest version', async () => {
    const { owner, post, versionId } = await aSupplierWithList();
    await aReadVersion(t.db, owner, post, ['Price list', 'Tomatoes 2,40'], Date.now());
    const buyer = await aUser(t.db);
    const res = await send(buyer, owner, post, { versionId, lines: [{ index: 2, quantity: 1 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().moves).toEqual([{ index: 2, item: 'Burrata', before: 3.9, after: null, newIndex: null }]);
  });

  it('lets only people with access order from a trade-only list', async () => {
    const { owner, post, versionId } = await aSupplierWithList({ audience: 'trade' });
    const stranger = await aUser(t.db);
    const member = await aUser(t.db);
    await t.db
      .insertInto('trade_requests')
      .values({
        owner_id: owner.id,
        member_id: member.id,
        business_name: 'Bistro',
        state: 'approved',
        created_at: 1,
        decided_at: 2,
      })
      .execute();
    const lines = [{ index: 1, quantity: 1 }];
    const refused = await send(stranger, owner, post, { versionId, lines });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(TRADE_MESSAGES.locked);
    expect((await send(member, owner, post, { versionId, lines })).statusCode).toBe(200);
  });

  it('is for signed-in people, not from one’s own list', async () => {
    const { owner, post, versionId } = await aSupplierWithList();
    const lines = [{ index: 1, quantity: 1 }];
    expect((await send(undefined, owner, post, { versionId, lines })).statusCode).toBe(401);
    const own = await send(owner, owner, post, { versionId, lines });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(ORDER_MESSAGES.ownList);
  });

  it('queues the supplier’s mails with the CSV and Reply-To and the buyer’s copy, once for a send key sent twice', async () => {
    const { owner, post, versionId } = await aSupplierWithList({ terms: terms() });
    const buyer = await aUser(t.db, { name: 'Bistro Nord' });
    const body = { versionId, lines: [{ index: 2, quantity: 4 }], note: 'Ring twice', sendKey: sendKey() };
    const [first, second] = await Promise.all([send(buyer, owner, post, body), send(buyer, owner, post, body)]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const id = first.json().order.id;
    expect(second.json().order.id).toBe(id);
    expect(first.json().whatsappUrl).toMatch(/^https:\/\/wa\.me\/447700900123\?text=.*Burrata/);

    const mails = await outboxOf(id);
    expect(mails.map((m) => [m.kind, m.toAddress ?? m.userId])).toEqual([
      ['order-received', 'orders@farm.example'],
      ['order-received', 'kitchen@farm.example'],
      ['order-copy', buyer.id],
    ]);
    const renderer = mailRenderer(t.db, {
      publicUrl: TEST_PUBLIC_URL,
      ownerEmail: undefined,
      supportEmail: 'help@freshlist.example',
    });
    const claimed = (m: (typeof mails)[number]) => ({
      ...m,
      id: Number(m.id),
      createdAt: Number(m.createdAt),
      payload: (typeof m.payload === 'string' ? JSON.parse(m.payload) : m.payload) as Record<string, unknown>,
    });
    const toSupplier = await renderer.render(claimed(mails[0]!), Date.now());
    if (!('rendered' in toSupplier)) throw new Error('not rendered');
    expect(toSupplier.unsubscribeUrl).toBeNull();
    expect(toSupplier.rendered.to.address).toBe('orders@farm.example');
    expect(toSupplier.rendered.replyTo).toEqual({ name: 'Bistro Nord', address: buyer.email });
    expect(toSupplier.rendered.subject).toContain(`Order ${id} from Bistro Nord`);
    expect(toSupplier.rendered.text).toContain('Ring twice');
    expect(toSupplier.rendered.attachments).toEqual([
      {
        filename: `order-${id}.csv`,
        contentType: 'text/csv; charset=utf-8',
        content: [
          'Item,Pack,Quantity,Price as read,Currency,Line total,List version',
          `Burrata,,4,3.90,EUR,15.60,${TEST_PUBLIC_URL}/${owner.handle}/lists/${post.listSlug}`,
          '',
        ].join('\r\n'),
      },
    ]);
    const copy = await renderer.render(claimed(mails[2]!), Date.now());
    if (!('rendered' in copy)) throw new Error('not rendered');
    expect(copy.rendered.to.address).toBe(buyer.email);
    expect(copy.rendered.attachments).toBeUndefined();
    expect(copy.rendered.text).toContain('Burrata');
    // A mail that names no one else is answered to SUPPORT_EMAIL (issue 43); the order's stays the buyer's.
    expect(copy.rendered.replyTo).toEqual({ name: 'Freshlist support', address: 'help@freshlist.example' });
  });

  it('keeps to the terms: a delivery date they give, and a minimum that is a rule', async () => {
    const minimum = { amount: 50, currency: 'EUR', kind: 'rule' as const };
    const { owner, post, versionId } = await aSupplierWithList({ terms: terms({ minimumOrder: minimum }) });
    const buyer = await aUser(t.db);
    const small = await send(buyer, owner, post, { versionId, lines: [{ index: 3, quantity: 1 }] });
    expect(small.statusCode).toBe(400);
    expect(small.json().message).toBe(ORDER_MESSAGES.minimum('50.00 €'));
    const sunday = nextWeekday(0);
    const noDelivery = await send(buyer, owner, post, { versionId, lines: [{ index: 3, quantity: 50 }], deliveryDate: sunday });
    expect(noDelivery.json().message).toBe(ORDER_MESSAGES.notADeliveryDay);
    const wednesday = nextWeekday(3, 7);
    const ok = await send(buyer, owner, post, { versionId, lines: [{ index: 3, quantity: 50 }], deliveryDate: wednesday });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().order.deliveryDate).toBe(wednesday);
  });

  it('limits a buyer to a few orders an hour', async () => {
    const { owner, post, versionId } = await aSupplierWithList();
    const buyer = await aUser(t.db);
    for (let i = 0; i < ORDERS_PER_HOUR; i++) {
      expect((await send(buyer, owner, post, { versionId, lines: [{ index: 1, quantity: 1 }] })).statusCode).toBe(200);
    }
    const refused = await send(buyer, owner, post, { versionId, lines: [{ index: 1, quantity: 1 }] });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(ORDER_MESSAGES.tooMany);
  });
});

/** YYYY-MM-DD of the next given weekday (0 Sunday) at least `after` days ahead. */
function nextWeekday(day: number, after = 2) {
  const d = new Date(Date.now() + after * 86_400_000);
  while (d.getUTCDay() !== day) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

describe('the order desk', () => {
  async function anOrder() {
    const shop = await aSupplierWithList();
    const buyer = await aUser(t.db);
    const res = await send(buyer, shop.owner, shop.post, { versionId: shop.versionId, lines: [{ index: 1, quantity: 2 }] });
    expect(res.statusCode).toBe(200);
    return { ...shop, buyer, id: res.json().order.id as number };
  }
  const get = (user: TestUser | undefined, url: string) => t.app.inject(as(user, { url }));
  const decide = (user: TestUser, id: number, payload: Record<string, unknown>) =>
    t.app.inject(as(user, { method: 'POST', url: `/api/orders/${id}/decision`, payload }));

  it('shows each side its orders, newest first, a page at a time', async () => {
    const { owner, buyer, id } = await anOrder();
    const received = (await get(owner, '/api/orders?role=supplier')).json();
    expect(received.orders.map((o: { id: number }) => o.id)).toEqual([id]);
    expect(received.orders[0]).toMatchObject({ state: 'new', total: 4.8, currency: 'EUR' });
    expect((await get(buyer, '/api/orders?role=buyer')).json().orders.map((o: { id: number }) => o.id)).toEqual([id]);
    expect((await get(buyer, '/api/orders?role=supplier')).json().orders).toEqual([]);
    expect((await get(buyer, '/api/orders?role=buyer&cursor=nonsense')).statusCode).toBe(400);

    const many = await aUser(t.db);
    for (let i = 0; i < 27; i++) {
      await t.db
        .insertInto('orders')
        .values({
          buyer_id: many.id,
          supplier_id: owner.id,
          version_id: 1,
          handle: owner.handle!,
          list_slug: 's',
          list_name: 'S',
          line_count: 1,
          send_key: `bulk-key-${i}`,
          created_at: 1000 + (i % 5),
        })
        .execute();
    }
    const first = (await get(many, '/api/orders?role=buyer')).json();
    expect(first.orders).toHaveLength(25);
    const second = (await get(many, `/api/orders?role=buyer&cursor=${first.nextCursor}`)).json();
    expect(second.nextCursor).toBeNull();
    const ids = [...first.orders, ...second.orders].map((o: { id: number }) => o.id);
    expect(new Set(ids).size).toBe(27);
  });

  it('lets only its buyer and supplier open an order; the supplier’s look marks it seen', async () => {
    const { owner, buyer, id } = await anOrder();
    expect((await get(await aUser(t.db), `/api/orders/${id}`)).statusCode).toBe(404);
    expect((await get(undefined, `/api/orders/${id}`)).statusCode).toBe(401);
    expect((await get(buyer, `/api/orders/${id}`)).json()).toMatchObject({ state: 'new', role: 'buyer' });
    expect((await get(owner, `/api/orders/${id}`)).json()).toMatchObject({ state: 'seen', role: 'supplier' });
    expect((await get(buyer, `/api/orders/${id}`)).json().state).toBe('seen');
    expect((await get(owner, '/api/orders/abc')).statusCode).toBe(400);
  });

  it('confirms once, tells the buyer, and refuses a second decision', async () => {
    const { owner, buyer, id } = await anOrder();
    expect((await decide(buyer, id, { decision: 'confirm' })).statusCode).toBe(403);
    const res = await decide(owner, id, { decision: 'confirm' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'confirmed', declineReason: null });
    const again = await decide(owner, id, { decision: 'decline', reason: 'Out of stock' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ORDER_MESSAGES.decided);
    const mails = (await outboxOf(id)).filter((m) => m.kind === 'order-decided');
    expect(mails.map((m) => m.userId)).toEqual([buyer.id]);
    const rendered = await mailRenderer(t.db, { publicUrl: TEST_PUBLIC_URL, ownerEmail: undefined }).render(
      { ...mails[0]!, id: Number(mails[0]!.id), createdAt: Number(mails[0]!.createdAt), payload: { orderId: id } },
      Date.now(),
    );
    if (!('rendered' in rendered)) throw new Error('not rendered');
    expect(rendered.rendered.subject).toContain(`confirmed your order ${id}`);
  });

  it('declines only with a reason, which the buyer reads', async () => {
    const { owner, buyer, id } = await anOrder();
    const bare = await decide(owner, id, { decision: 'decline' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe(ORDER_MESSAGES.reasonNeeded);
    expect((await decide(owner, id, { decision: 'decline', reason: 'x'.repeat(501) })).statusCode).toBe(400);
    const res = await decide(owner, id, { decision: 'decline', reason: 'No delivery to your area' });
    expect(res.json()).toMatchObject({ state: 'declined', declineReason: 'No delivery to your area' });
    expect((await get(buyer, `/api/orders/${id}`)).json().declineReason).toBe('No delivery to your area');
  });
});
