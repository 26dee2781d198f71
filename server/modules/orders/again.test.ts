import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_MESSAGES } from '../../../core/list-messages';
import { ORDER_DESK_MESSAGES } from '../../../core/order-desk';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aReadVersion } from '../../../tests/fixtures/contents-rows';
import { as, aUser, type TestUser } from '../../../tests/fixtures/factories';
import { anOrderSentThroughTheApi } from '../../../tests/fixtures/order-rows';

/** "Order again" (issue 40 §2, docs/decisions/0210): a basket on the newest version, every moved line flagged. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let n = 0;
async function aPastOrder() {
  return anOrderSentThroughTheApi(t, {
    supplier: await aUser(t.db, { handle: `again-shop-${++n}` }),
    buyer: await aUser(t.db),
    lines: ['Price list', 'Tomatoes 2,40', 'Burrata 3,90', 'Basil 1,20'],
    quantities: [2, 1, 5],
  });
}

const again = (user: TestUser | undefined, id: number) => t.app.inject(as(user, { url: `/api/orders/${id}/again` }));

describe('ordering again', () => {
  it('builds the basket on the newest version and flags each line whose price changed or that is gone', async () => {
    const { supplier, buyer, post, id } = await aPastOrder();
    const newest = await aReadVersion(t.db, supplier, post, ['Price list', 'Burrata 4,50', 'Tomatoes 2,40'], Date.now());
    const res = await again(buyer, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      handle: supplier.handle,
      slug: post.listSlug,
      versionId: newest,
      lines: [
        { index: 2, item: 'Tomatoes', unit: null, price: 2.4, currency: 'EUR', quantity: 2 },
        { index: 1, item: 'Burrata', unit: null, price: 4.5, currency: 'EUR', quantity: 1 },
      ],
      moves: [
        { index: 2, item: 'Burrata', before: 3.9, after: 4.5, newIndex: 1 },
        { index: 3, item: 'Basil', before: 1.2, after: null, newIndex: null },
      ],
      message: ORDER_DESK_MESSAGES.againFlagged(2),
    });
    // Nothing was sent.
    const sent = await t.db.selectFrom('orders').select('id').where('buyer_id', '=', buyer.id).execute();
    expect(sent).toHaveLength(1);
  });

  it('flags nothing when nothing changed', async () => {
    const { buyer, id, versionId } = await aPastOrder();
    const res = await again(buyer, id);
    expect(res.json()).toMatchObject({ versionId, moves: [], message: null });
    expect(res.json().lines).toHaveLength(3);
  });

  it('is the buyer’s alone, and says why when it cannot be done', async () => {
    const { supplier, buyer, post, id } = await aPastOrder();
    expect((await again(supplier, id)).statusCode).toBe(403);
    expect((await again(await aUser(t.db), id)).statusCode).toBe(404);
    expect((await again(undefined, id)).statusCode).toBe(401);

    await aReadVersion(t.db, supplier, post, ['Price list', 'Leeks 1,10'], Date.now());
    const nothing = await again(buyer, id);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe(ORDER_DESK_MESSAGES.againNothing);

    await t.db.insertInto('order_blocks').values({ supplier_id: supplier.id, buyer_id: buyer.id, created_at: 1 }).execute();
    const blocked = await again(buyer, id);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(ORDER_DESK_MESSAGES.blocked);

    await t.db.deleteFrom('lists').where('id', '=', post.listId).execute();
    const gone = await again(buyer, id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(LIST_MESSAGES.listGone);
  });
});
