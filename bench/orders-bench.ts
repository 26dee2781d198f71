import { sql } from 'kysely';
import type { SessionUser } from '../core/api';
import { orderCursor } from '../core/orders';
import { mailOrderSent } from '../server/modules/email/order-mail';
import { ordersService } from '../server/modules/orders/service';
import { ordersRepository } from '../server/order-store';
import type { DB } from '../server/plugins/db';
import { type Distribution, distribution } from './stats';

/**
 * Issue 40's bench (docs/decisions/0210), in process on its own rows: sending a 40-line order
 * from a 5,000-line list, and the supplier's order desk with 10,000 orders. Each cell is timed
 * alternately with a control of the same run (the same conditions, whatever the host), and shown
 * as a ratio to it:
 * - sending: ours is the orders service's `send` (every read and rule, the order, its lines and its
 *   mails in one transaction); the control is only its writes (the order, 40 lines, the mails).
 * - the desk: ours is the service's page (first and 20th); the control is the bare keyset statement.
 */
export interface OrdersCell {
  what: string;
  ours: Distribution;
  control: Distribution;
  controlName: string;
  target: number;
}

const LIST_LINES = 5_000;
const ORDER_LINES = 40;
const DESK_ORDERS = 10_000;

async function seedSupplier(db: DB) {
  const { rows } = await sql<{ id: string }>`
    insert into users (email, display_name, created_at) values ('orders-bench@bench.example', 'Orders Bench Farm', 0)
    returning id`.execute(db);
  const supplierId = rows[0]!.id;
  await sql`insert into handles (handle, user_id, created_at) values ('orders-bench', ${supplierId}, 0)`.execute(db);
  const list = await sql<{ id: number }>`
    insert into lists (user_id, slug, name, created_at, audience) values (${supplierId}, 'prices', 'Prices', 0, 'public')
    returning id`.execute(db);
  const listId = Number(list.rows[0]!.id);
  const post = await sql<{ id: number }>`
    insert into posts (user_id, handle, list_id, url, description, created_at)
    values (${supplierId}, 'orders-bench', ${listId}, 'https://drive.google.com/file/d/orders-bench/view', 'Prices', 0)
    returning id`.execute(db);
  const lines = await sql<{ ids: number[] }>`
    with l as (
      insert into list_lines (list_id, hash, raw, item, price, currency, unit, place, current)
      select ${listId}, 'orders-bench-' || g, 'Item ' || g || ' ' || to_char(1 + (g % 500) / 10.0, 'FM990.00') || ' €',
        'Item ' || g, 1 + (g % 500) / 10.0, 'EUR', null, null, true
      from generate_series(1, ${LIST_LINES}) g
      returning id
    ) select array_agg(id order by id) as ids from l`.execute(db);
  const version = await sql<{ id: number }>`
    insert into list_snapshots (list_id, user_id, post_id, seen_at, checked_at, state, format, line_ids)
    values (${listId}, ${supplierId}, ${Number(post.rows[0]!.id)}, 1, 1, 'read', 'csv', ${lines.rows[0]!.ids.map(Number)}::bigint[])
    returning id`.execute(db);
  return { supplierId, listId, versionId: Number(version.rows[0]!.id) };
}

async function seedBuyers(db: DB, n: number, prefix: string): Promise<SessionUser[]> {
  const { rows } = await sql<{ id: string; email: string }>`
    insert into users (email, display_name, created_at)
    select ${prefix} || g || '@bench.example', 'Buyer ' || g, 0 from generate_series(1, ${n}) g
    returning id, email`.execute(db);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    displayName: 'Bench buyer',
    handle: null,
    approved: false,
    admin: false,
    owner: false,
  }));
}

/** `ours` and `control` in turn, `requests` times each after a warm-up: the same conditions for both. */
async function alternate(requests: number, ours: (i: number) => Promise<unknown>, control: (i: number) => Promise<unknown>) {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < 5; i++) {
    await ours(requests + i);
    await control(requests + i);
  }
  for (let i = 0; i < requests; i++) {
    let t0 = performance.now();
    await ours(i);
    a.push(performance.now() - t0);
    t0 = performance.now();
    await control(i);
    b.push(performance.now() - t0);
  }
  return { ours: distribution(a), control: distribution(b) };
}

export async function benchOrders(db: DB, options: { requests: number; log(line: string): void }): Promise<OrdersCell[]> {
  const { log } = options;
  const requests = Math.max(50, Math.min(options.requests, 500));
  log(`orders: a list of ${LIST_LINES.toLocaleString('en-US')} lines, ${requests} buyers ...`);
  const { supplierId, listId, versionId } = await seedSupplier(db);
  const buyers = await seedBuyers(db, 2 * (requests + 5), 'orders-bench-buyer-');
  const service = ordersService(db, { publicUrl: 'http://bench.example' });
  const basket = (i: number) =>
    Array.from({ length: ORDER_LINES }, (_, k) => ({ index: 1 + ((i * 97 + k * 113) % (LIST_LINES - 1)), quantity: 2 }));
  // Distinct indices: 113 and 4,999 share no factor, so 40 steps never meet.
  const send = (i: number) =>
    service.send(buyers[2 * i]!, {
      handle: 'orders-bench',
      slug: 'prices',
      versionId,
      lines: basket(i),
      note: 'Back door',
      sendKey: `orders-bench-send-${i}`,
    });
  const writesOnly = (i: number) =>
    db.transaction().execute(async (trx) => {
      const buyer = buyers[2 * i + 1]!;
      const orderId = await ordersRepository(trx).insert({
        buyerId: buyer.id,
        supplierId,
        listId,
        versionId,
        handle: 'orders-bench',
        listSlug: 'prices',
        listName: 'Prices',
        businessName: 'Orders Bench Farm',
        buyerName: buyer.displayName,
        deliveryDate: null,
        note: 'Back door',
        total: 100,
        currency: 'EUR',
        sendKey: `orders-bench-control-${i}`,
        now: Date.now(),
        lines: basket(i).map((l) => ({
          ...l,
          raw: `Item ${l.index}`,
          item: `Item ${l.index}`,
          unit: null,
          price: 2,
          currency: 'EUR',
        })),
      });
      await mailOrderSent(trx, { orderId: orderId!, supplierId, buyerId: buyer.id, addresses: [] });
    });
  const sending = await alternate(requests, send, writesOnly);
  const cells: OrdersCell[] = [
    {
      what: `send a ${ORDER_LINES}-line order from a ${LIST_LINES.toLocaleString('en-US')}-line list`,
      ...sending,
      controlName: 'its writes alone',
      target: 100,
    },
  ];
  log(`  send: p99 ${sending.ours.p99.toFixed(2)} ms, writes alone p99 ${sending.control.p99.toFixed(2)} ms`);

  log(`orders: the desk with ${DESK_ORDERS.toLocaleString('en-US')} orders ...`);
  await sql`
    insert into orders (buyer_id, supplier_id, list_id, version_id, handle, list_slug, list_name, buyer_name,
      line_count, total, currency, send_key, created_at)
    select ${buyers[0]!.id}, ${supplierId}, ${listId}, ${versionId}, 'orders-bench', 'prices', 'Prices', 'Buyer',
      1, 2, 'EUR', 'orders-bench-desk-' || g, 1700000000000 + g * 1000
    from generate_series(1, ${DESK_ORDERS}) g`.execute(db);
  await sql`analyze orders`.execute(db);
  const supplier: SessionUser = {
    id: supplierId,
    email: '',
    displayName: '',
    handle: 'orders-bench',
    approved: true,
    admin: false,
    owner: false,
  };
  const bare = (offset: number) =>
    sql`select id, state, created_at from orders where supplier_id = ${supplierId}
      order by created_at desc, id desc limit 51 offset ${offset}`.execute(db);
  let cursor: string | null = null;
  for (let page = 1; page < 20; page++)
    cursor = (await service.page('supplier', supplier, cursor === null ? null : orderCursor.decode(cursor))).nextCursor;
  const twentieth = cursor === null ? null : orderCursor.decode(cursor);
  for (const [what, at, offset] of [
    ['the order desk, first page', null, 0],
    ['the order desk, page 20', twentieth, 19 * 50],
  ] as const) {
    const desk = await alternate(
      requests,
      () => service.page('supplier', supplier, at),
      () => bare(offset),
    );
    cells.push({
      what: `${what} (${DESK_ORDERS.toLocaleString('en-US')} orders)`,
      ...desk,
      controlName: 'the bare statement',
      target: 30,
    });
    log(`  ${what}: p99 ${desk.ours.p99.toFixed(2)} ms, bare statement p99 ${desk.control.p99.toFixed(2)} ms`);
  }
  return cells;
}

const ms = (n: number) => n.toFixed(2);

export function ordersMarkdown(cells: OrdersCell[]): string[] {
  if (cells.length === 0) return [];
  return [
    '',
    'Orders (issue 40), in process, each cell timed in turn with its control:',
    '',
    '| cell | p50 / p99 ms | control | control p50 / p99 ms | p99 ratio |',
    '| --- | --- | --- | --- | ---: |',
    ...cells.map(
      (c) =>
        `| ${c.what} | ${ms(c.ours.p50)} / ${ms(c.ours.p99)} | ${c.controlName} | ${ms(c.control.p50)} / ${ms(c.control.p99)} | ${(c.ours.p99 / c.control.p99).toFixed(1)} × |`,
    ),
  ];
}

export function ordersTargets(cells: OrdersCell[]): { what: string; measured: string; pass: boolean | null }[] {
  return cells.map((c) => ({
    what: `${c.what}: p99 ≤ ${c.target} ms`,
    measured: `${ms(c.ours.p99)} ms (${(c.ours.p99 / c.control.p99).toFixed(1)} × ${c.controlName})`,
    pass: c.ours.p99 <= c.target,
  }));
}
