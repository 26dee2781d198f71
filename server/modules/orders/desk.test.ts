import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_LINK_MS, ORDER_DESK_MESSAGES } from '../../../core/order-desk';
import { ORDER_MESSAGES } from '../../../core/order-rules';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../tests/fixtures/app';
import { as, aUser, type TestUser } from '../../../tests/fixtures/factories';
import { anOrderAttemptThroughTheApi, anOrderSentThroughTheApi } from '../../../tests/fixtures/order-rows';
import { mailRenderer } from '../email/render';

/** The rest of the order desk (issue 40 §3, docs/decisions/0210): the mail's answer link, blocking, the CSV. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let n = 0;
async function anOrderSent(options: { supplier?: TestUser; buyer?: TestUser } = {}) {
  return anOrderSentThroughTheApi(t, {
    supplier: options.supplier ?? (await aUser(t.db, { handle: `desk-shop-${++n}` })),
    buyer: options.buyer ?? (await aUser(t.db, { name: 'Bistro Süd' })),
    lines: ['Price list', 'Tomatoes 2,40', 'Basil 1,20'],
    quantities: [3],
    note: 'Back door, "please"',
  });
}

/** Renders the supplier's mail of an order as delivery would, and returns its answer link's token. */
async function answerTokenOf(orderId: number): Promise<string> {
  const mail = await t.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('kind', '=', 'order-received')
    .where(({ ref }) => ref('payload', '->>').key('orderId' as never), '=', String(orderId))
    .executeTakeFirstOrThrow();
  const rendered = await mailRenderer(t.db, { publicUrl: TEST_PUBLIC_URL, ownerEmail: undefined }).render(
    {
      id: Number(mail.id),
      kind: mail.kind,
      userId: mail.user_id,
      toAddress: mail.to_address,
      payload: { orderId },
      createdAt: Number(mail.created_at),
      topic: mail.topic,
      attempts: mail.attempts,
    } as never,
    Date.now(),
  );
  if (!('rendered' in rendered)) throw new Error('not rendered');
  const match = rendered.rendered.text.match(/\/orders\/answer\/([A-Za-z0-9_-]{43})/);
  expect(rendered.rendered.text).toContain('works once, for 7 days');
  expect(rendered.rendered.html).toContain(`${TEST_PUBLIC_URL}/orders/answer/`);
  return match![1]!;
}

const read = (token: string) => t.app.inject({ method: 'GET', url: `/api/order-answers/${token}` });
const answer = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/order-answers/${token}`, payload });
const stateOf = async (id: number) =>
  (await t.db.selectFrom('orders').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
const decidedMails = async (id: number) =>
  (
    await t.db
      .selectFrom('email_outbox')
      .select('id')
      .where('kind', '=', 'order-decided')
      .where(({ ref }) => ref('payload', '->>').key('orderId' as never), '=', String(id))
      .execute()
  ).length;

describe('answering from the order mail', () => {
  it('shows the order without changing anything, then confirms once and tells the buyer', async () => {
    const { id } = await anOrderSent();
    const token = await answerTokenOf(id);
    // Only the hash is stored.
    const stored = await t.db.selectFrom('order_answer_links').select('token_hash').where('order_id', '=', id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token);

    for (let i = 0; i < 2; i++) {
      const shown = await read(token);
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toMatchObject({ state: 'open', message: null, order: { id, buyerName: 'Bistro Süd', lineCount: 1 } });
    }
    expect(await stateOf(id)).toBe('new');
    expect(await decidedMails(id)).toBe(0);

    const confirmed = await answer(token, { decision: 'confirm' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      state: 'used',
      message: ORDER_DESK_MESSAGES.linkUsed,
      order: { state: 'confirmed' },
    });
    expect(await stateOf(id)).toBe('confirmed');
    expect(await decidedMails(id)).toBe(1);

    const again = await answer(token, { decision: 'decline', reason: 'Changed my mind' });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(ORDER_DESK_MESSAGES.linkUsed);
    expect(await stateOf(id)).toBe('confirmed');
    expect((await read(token)).json()).toMatchObject({ state: 'used', message: ORDER_DESK_MESSAGES.linkUsed });
  });

  it('says clearly when the link expired, or the order was answered in the app', async () => {
    const { id, supplier } = await anOrderSent();
    const token = await answerTokenOf(id);
    await t.db
      .updateTable('order_answer_links')
      .set({ created_at: Date.now() - ANSWER_LINK_MS - 2, expires_at: Date.now() - 1 })
      .where('order_id', '=', id)
      .execute();
    expect((await read(token)).json()).toMatchObject({ state: 'expired', message: ORDER_DESK_MESSAGES.linkExpired });
    const late = await answer(token, { decision: 'confirm' });
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe(ORDER_DESK_MESSAGES.linkExpired);
    expect(await stateOf(id)).toBe('new');

    const other = await anOrderSent({ supplier });
    const token2 = await answerTokenOf(other.id);
    const inApp = await t.app.inject(
      as(supplier, { method: 'POST', url: `/api/orders/${other.id}/decision`, payload: { decision: 'confirm' } }),
    );
    expect(inApp.statusCode).toBe(200);
    expect((await read(token2)).json()).toMatchObject({ state: 'decided', message: ORDER_MESSAGES.decided });
    const refused = await answer(token2, { decision: 'decline', reason: 'No' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ORDER_MESSAGES.decided);
  });

  it('refuses a made-up or malformed token, and a decline without a reason', async () => {
    const { id } = await anOrderSent();
    const token = await answerTokenOf(id);
    const unknown = await read('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ORDER_DESK_MESSAGES.linkUnknown);
    expect((await answer('A'.repeat(43), { decision: 'confirm' })).statusCode).toBe(404);
    expect((await read('short')).statusCode).toBe(400);
    const noReason = await answer(token, { decision: 'decline', reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(ORDER_MESSAGES.reasonNeeded);
    expect((await answer(token, { decision: 'maybe' })).statusCode).toBe(400);
    const declined = await answer(token, { decision: 'decline', reason: 'Out of basil' });
    expect(declined.json().order).toMatchObject({ state: 'declined' });
  });
});

describe('blocking a buyer', () => {
  it('stops the buyer ordering from that supplier with a clear 403, until unblocked', async () => {
    const { supplier, buyer, id } = await anOrderSent();
    const block = (user: TestUser, blocked: boolean) =>
      t.app.inject(as(user, { method: 'PUT', url: `/api/orders/${id}/block`, payload: { blocked } }));
    expect((await t.app.inject(as(supplier, { url: `/api/orders/${id}/block` }))).json()).toEqual({ blocked: false });
    expect((await block(supplier, true)).json()).toEqual({ blocked: true });
    expect((await block(supplier, true)).statusCode).toBe(200);
    expect((await t.app.inject(as(supplier, { url: `/api/orders/${id}/block` }))).json()).toEqual({ blocked: true });

    const refused = await anOrderAttempt(supplier, buyer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ORDER_DESK_MESSAGES.blocked);
    // Another supplier still takes their orders.
    await anOrderSent({ buyer });

    expect((await block(supplier, false)).json()).toEqual({ blocked: false });
    expect((await anOrderAttempt(supplier, buyer)).statusCode).toBe(200);
  });

  it('is the supplier’s alone: the buyer is refused, anyone else does not see the order', async () => {
    const { buyer, id } = await anOrderSent();
    const stranger = await aUser(t.db);
    const put = (user: TestUser | undefined) =>
      t.app.inject(as(user, { method: 'PUT', url: `/api/orders/${id}/block`, payload: { blocked: true } }));
    expect((await put(buyer)).statusCode).toBe(403);
    expect((await put(stranger)).statusCode).toBe(404);
    expect((await put(undefined)).statusCode).toBe(401);
    expect((await t.db.selectFrom('order_blocks').selectAll().execute()).some((b) => b.buyer_id === buyer.id)).toBe(false);
  });
});

const anOrderAttempt = async (supplier: TestUser, buyer: TestUser) =>
  (await anOrderAttemptThroughTheApi(t, { supplier, buyer, lines: ['Price list', 'Leeks 1,10'], quantities: [2] })).res;

describe('the CSV of a date range', () => {
  it('holds one row a line of the orders received in the range, and only the supplier’s own', async () => {
    const { supplier, id } = await anOrderSent();
    const other = await anOrderSent();
    const today = new Date().toISOString().slice(0, 10);
    const res = await t.app.inject(as(supplier, { url: `/api/orders/export.csv?from=${today}&to=${today}` }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="orders-${today}-to-${today}.csv"`);
    const rows = res.body.trim().split('\r\n');
    expect(rows[0]).toBe(
      'Order,Received (UTC),State,Buyer,List,Delivery,Item,Pack,Quantity,Price as read,Currency,Line total,Note',
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(new RegExp(`^${id},${today}T`));
    expect(rows[1]).toContain(',Tomatoes,,3,2.40,');
    expect(rows[1]).toContain(',7.20,"Back door, ""please"""');
    expect(res.body).not.toContain(`\n${other.id},`);

    const before = await t.app.inject(as(supplier, { url: '/api/orders/export.csv?from=2020-01-01&to=2020-01-31' }));
    expect(before.body.trim().split('\r\n')).toHaveLength(1);
  });

  it('refuses a bad range with a clear 400, and needs a signed-in person', async () => {
    const supplier = await aUser(t.db);
    const get = (query: string) => t.app.inject(as(supplier, { url: `/api/orders/export.csv${query}` }));
    for (const query of [
      '',
      '?from=2026-02-01',
      '?from=2026-02-30&to=2026-03-01',
      '?from=2026-03-02&to=2026-03-01',
      '?from=x&to=y',
    ]) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/start and an end date|at most/);
    }
    expect((await get('?from=2024-01-01&to=2026-01-01')).json().message).toBe(ORDER_DESK_MESSAGES.exportTooLong);
    expect((await t.app.inject({ url: '/api/orders/export.csv?from=2026-01-01&to=2026-01-02' })).statusCode).toBe(401);
  });
});
