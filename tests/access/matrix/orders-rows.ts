import { createHash, randomBytes } from 'node:crypto';
import { aReadVersion } from '../../fixtures/contents-rows';
import { aPost, aUser } from '../../fixtures/factories';
import { type ApiExpectation, type ApiRow, everyone, type MatrixContext, signedIn } from './roles';

const clean = (s: string) => s.replace(/[^a-z0-9-]/g, '');

/** A supplier's read list, for the actor to order from. */
async function readList({ db, unique }: MatrixContext) {
  const owner = await aUser(db, { handle: clean(`order-sup-${unique}`).slice(0, 30) });
  const post = await aPost(db, owner);
  const versionId = await aReadVersion(db, owner, post, ['Tomatoes 2,40'], Date.now());
  return { owner, post, versionId };
}

/** An order to the actor when signed in (they are its supplier), else between two others. */
async function orderToActor(ctx: MatrixContext) {
  const supplier = ctx.actor ?? (await aUser(ctx.db));
  const buyer = await aUser(ctx.db);
  const row = await ctx.db
    .insertInto('orders')
    .values({
      buyer_id: buyer.id,
      supplier_id: supplier.id,
      version_id: 1,
      handle: 'matrix',
      list_slug: 'matrix',
      list_name: 'Matrix list',
      line_count: 1,
      send_key: `matrix-${ctx.unique}`.slice(0, 100),
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A past order of the actor's (its buyer when signed in, else between two others) from a read list: for "Order again". */
async function orderFromActor(ctx: MatrixContext) {
  const { owner, post } = await readList(ctx);
  const buyer = ctx.actor ?? (await aUser(ctx.db));
  const row = await ctx.db
    .insertInto('orders')
    .values({
      buyer_id: buyer.id,
      supplier_id: owner.id,
      list_id: post.listId,
      version_id: 1,
      handle: owner.handle!,
      list_slug: post.listSlug,
      list_name: 'Matrix list',
      line_count: 1,
      send_key: `matrix-again-${ctx.unique}`.slice(0, 100),
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('order_lines')
    .values({
      order_id: row.id,
      position: 0,
      line_index: 0,
      raw: 'Tomatoes 2,40',
      item: 'Tomatoes',
      unit: null,
      quantity: 1,
      price: 2.4,
      currency: null,
    })
    .execute();
  return Number(row.id);
}

/** A fresh answer link of a fresh order between two others: its token (only the hash is stored). */
async function anAnswerToken(ctx: MatrixContext) {
  const orderId = await orderToActor({ ...ctx, actor: undefined, unique: `${ctx.unique}-link` });
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await ctx.db
    .insertInto('order_answer_links')
    .values({
      token_hash: createHash('sha256').update(token).digest('hex'),
      order_id: orderId,
      created_at: now,
      expires_at: now + 60_000,
    })
    .execute();
  return token;
}

/** The supplier of the order answers it: every signed-in actor here is. */
const supplierOf = (status: number): ApiExpectation => signedIn(status);

/** API rows: orders from a list version and the order desk (#40 §2-3). Sorted by path. */
export const ordersRows: ApiRow[] = [
  {
    method: 'GET',
    path: '/api/order-answers/:token',
    expect: everyone(200),
    request: async (ctx) => ({ url: `/api/order-answers/${await anAnswerToken(ctx)}` }),
    why: 'the order mail’s answer link: the token is the authority; reading it changes nothing (desk.test.ts)',
  },
  {
    method: 'POST',
    path: '/api/order-answers/:token',
    expect: everyone(200),
    request: async (ctx) => ({ url: `/api/order-answers/${await anAnswerToken(ctx)}`, payload: { decision: 'confirm' } }),
    why: 'the link answers its order once, signed in or not; used or expired is 410 (desk.test.ts)',
  },
  {
    method: 'GET',
    path: '/api/orders',
    expect: signedIn(200),
    request: async () => ({ url: '/api/orders?role=buyer' }),
    why: 'the signed-in person’s own orders, sent or received',
  },
  {
    method: 'POST',
    path: '/api/orders',
    expect: signedIn(200),
    request: async (ctx) => {
      const { owner, post, versionId } = await readList(ctx);
      return {
        payload: {
          handle: owner.handle,
          slug: post.listSlug,
          versionId,
          lines: [{ index: 0, quantity: 1 }],
          note: '',
          sendKey: clean(`matrix-send-${ctx.unique}`).padEnd(8, 'x'),
        },
      };
    },
    why: 'any signed-in person may order from a public list; a trade-only one needs access (routes.test.ts)',
  },
  {
    method: 'GET',
    path: '/api/orders/:id',
    expect: supplierOf(200),
    request: async (ctx) => ({ url: `/api/orders/${await orderToActor(ctx)}` }),
    why: 'only its buyer and its supplier open an order; anyone else gets 404 (routes.test.ts)',
  },
  {
    method: 'GET',
    path: '/api/orders/:id/again',
    expect: signedIn(200),
    request: async (ctx) => ({ url: `/api/orders/${await orderFromActor(ctx)}/again` }),
    why: 'the buyer’s past order as a basket on the newest version; the supplier gets 403, anyone else 404 (again.test.ts)',
  },
  {
    method: 'GET',
    path: '/api/orders/:id/block',
    expect: supplierOf(200),
    request: async (ctx) => ({ url: `/api/orders/${await orderToActor(ctx)}/block` }),
    why: 'whether the order’s buyer is blocked: the supplier only; the buyer gets 403, a stranger 404 (desk.test.ts)',
  },
  {
    method: 'PUT',
    path: '/api/orders/:id/block',
    expect: supplierOf(200),
    request: async (ctx) => ({ url: `/api/orders/${await orderToActor(ctx)}/block`, payload: { blocked: true } }),
    why: 'only the supplier blocks or unblocks the order’s buyer (desk.test.ts)',
  },
  {
    method: 'POST',
    path: '/api/orders/:id/decision',
    expect: supplierOf(200),
    request: async (ctx) => ({ url: `/api/orders/${await orderToActor(ctx)}/decision`, payload: { decision: 'confirm' } }),
    why: 'only the supplier confirms or declines; the buyer gets 403, a stranger 404 (routes.test.ts)',
  },
  {
    method: 'POST',
    path: '/api/orders/enquiries',
    expect: signedIn(200),
    request: async (ctx) => {
      const owner = await aUser(ctx.db, { handle: clean(`enq-sup-${ctx.unique}`).slice(0, 30) });
      const post = await aPost(ctx.db, owner);
      return {
        payload: {
          handle: owner.handle,
          slug: post.listSlug,
          text: 'Rye this week?',
          sendKey: clean(`matrix-enq-${ctx.unique}`).padEnd(8, 'x'),
        },
      };
    },
    why: 'any signed-in person may ask about a list Freshlist cannot read; a readable one is a 400 (enquiry.test.ts)',
  },
  {
    method: 'GET',
    path: '/api/orders/export.csv',
    expect: signedIn(200),
    request: async () => ({ url: '/api/orders/export.csv?from=2026-01-01&to=2026-01-31' }),
    why: 'the CSV of the orders the signed-in person received in a date range, theirs only (desk.test.ts)',
  },
];
