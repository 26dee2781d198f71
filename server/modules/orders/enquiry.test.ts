import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENQUIRIES_PER_HOUR, ORDER_DESK_MESSAGES } from '../../../core/order-desk';
import { ORDER_MESSAGES } from '../../../core/order-rules';
import { TRADE_MESSAGES } from '../../../core/trade-text';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../tests/fixtures/app';
import { aReadVersion } from '../../../tests/fixtures/contents-rows';
import { aPost, as, aUser, type TestPost, type TestUser } from '../../../tests/fixtures/factories';
import { mailRenderer } from '../email/render';

/** An enquiry about a list Freshlist cannot read (issue 40 §2, docs/decisions/0210). */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let n = 0;
async function anUnreadList(options: { audience?: 'trade' } = {}) {
  const supplier = await aUser(t.db, { handle: `enquiry-shop-${++n}` });
  const post = await aPost(t.db, supplier, options);
  return { supplier, post };
}
const enquire = (user: TestUser | undefined, supplier: TestUser, post: TestPost, body: Record<string, unknown> = {}) =>
  t.app.inject(
    as(user, {
      method: 'POST',
      url: '/api/orders/enquiries',
      payload: {
        handle: supplier.handle,
        slug: post.listSlug,
        text: 'Do you have <b>rye</b> this week?',
        sendKey: `enq-${++n}-key`,
        ...body,
      },
    }),
  );
const mailsFrom = (buyer: TestUser) =>
  t.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('kind', '=', 'order-enquiry')
    .where(({ ref }) => ref('payload', '->>').key('fromUserId' as never), '=', buyer.id)
    .execute();

describe('an enquiry about a list that cannot be read', () => {
  it('mails the supplier the buyer’s words with the buyer as Reply-To, once per send key', async () => {
    const { supplier, post } = await anUnreadList();
    const buyer = await aUser(t.db, { name: 'Café Nord' });
    const body = { sendKey: 'enquiry-once-key' };
    expect((await enquire(buyer, supplier, post, body)).json()).toEqual({ sent: true });
    expect((await enquire(buyer, supplier, post, body)).statusCode).toBe(200);
    const mails = await mailsFrom(buyer);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.user_id).toBe(supplier.id);

    const m = mails[0]!;
    const rendered = await mailRenderer(t.db, { publicUrl: TEST_PUBLIC_URL, ownerEmail: undefined }).render(
      {
        id: Number(m.id),
        kind: m.kind,
        userId: m.user_id,
        toAddress: m.to_address,
        payload: (typeof m.payload === 'string' ? JSON.parse(m.payload) : m.payload) as Record<string, unknown>,
        createdAt: Number(m.created_at),
        topic: m.topic,
        attempts: m.attempts,
      } as never,
      Date.now(),
    );
    if (!('rendered' in rendered)) throw new Error('not rendered');
    expect(rendered.rendered.to.address).toBe(supplier.email);
    expect(rendered.rendered.replyTo).toEqual({ name: 'Café Nord', address: buyer.email });
    expect(rendered.rendered.subject).toContain('Enquiry from Café Nord');
    expect(rendered.rendered.text).toContain('Do you have <b>rye</b> this week?');
    expect(rendered.rendered.html).toContain('&lt;b&gt;rye&lt;/b&gt;');
  });

  it('goes to each order address of the terms', async () => {
    const { supplier, post } = await anUnreadList();
    await t.db
      .updateTable('users')
      .set({
        delivery_terms: JSON.stringify({
          timeZone: 'Europe/London',
          days: [{ day: 'tue', cutoff: { daysBefore: 1, time: '16:00' } }],
          minimumOrder: null,
          areas: { postcodes: [], towns: [] },
          exceptions: { noDelivery: [], earlierCutoffs: [] },
          orderTo: { emails: ['a@farm.example', 'b@farm.example'], phone: null, whatsapp: false },
        }),
      })
      .where('id', '=', supplier.id)
      .execute();
    const buyer = await aUser(t.db);
    expect((await enquire(buyer, supplier, post)).statusCode).toBe(200);
    expect((await mailsFrom(buyer)).map((m) => m.to_address).sort()).toEqual(['a@farm.example', 'b@farm.example']);
  });

  it('is refused, with its reason, where the list can be read or the enquiry is not one', async () => {
    const { supplier, post } = await anUnreadList();
    const buyer = await aUser(t.db);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ text: '   ' }, 400, ORDER_DESK_MESSAGES.enquiryEmpty],
      [{ text: 'x'.repeat(2001) }, 400, ORDER_DESK_MESSAGES.enquiryTooLong],
      [{ slug: 'no-such-list' }, 404, 'This list is no longer on Freshlist'],
    ];
    for (const [body, status, message] of cases) {
      const res = await enquire(buyer, supplier, post, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(status);
      expect(res.json().message).toContain(message);
    }
    expect((await enquire(undefined, supplier, post)).statusCode).toBe(401);
    const own = await enquire(supplier, supplier, post);
    expect(own.json().message).toBe(ORDER_MESSAGES.ownList);

    const trade = await anUnreadList({ audience: 'trade' });
    const locked = await enquire(buyer, trade.supplier, trade.post);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe(TRADE_MESSAGES.locked);

    await aReadVersion(t.db, supplier, post, ['Price list', 'Rye 3,10'], Date.now());
    const readable = await enquire(buyer, supplier, post);
    expect(readable.statusCode).toBe(400);
    expect(readable.json().message).toBe(ORDER_DESK_MESSAGES.enquiryReadable);
    expect(await mailsFrom(buyer)).toHaveLength(0);
  });

  it('lets a buyer send a few an hour', async () => {
    const { supplier, post } = await anUnreadList();
    const buyer = await aUser(t.db);
    for (let i = 0; i < ENQUIRIES_PER_HOUR; i++) expect((await enquire(buyer, supplier, post)).statusCode).toBe(200);
    const more = await enquire(buyer, supplier, post);
    expect(more.statusCode).toBe(429);
    expect(more.json().message).toBe(ORDER_DESK_MESSAGES.enquiryTooMany);
    expect(await mailsFrom(buyer)).toHaveLength(ENQUIRIES_PER_HOUR);
  });
});
