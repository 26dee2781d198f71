/**
 * The SQL of orders (issue 40, docs/decisions/0210): the orders module writes and reads them, and
 * the email module renders an order's mails from them at delivery. Apart from both modules: the
 * orders module queues its mails through the email module, so the email module may not import it
 * (issue 28's one-way arrows).
 */
import { sql } from 'kysely';
import { lineTotal, type OrderState } from '../core/order-rules';
import type { Order, OrderSummary } from '../core/orders';
import type { DB } from './plugins/db';

const HOUR = 60 * 60 * 1000;

export interface NewOrder {
  buyerId: string;
  supplierId: string;
  listId: number;
  versionId: number;
  handle: string;
  listSlug: string;
  listName: string;
  businessName: string;
  buyerName: string;
  deliveryDate: string | null;
  note: string;
  total: number | null;
  currency: string | null;
  sendKey: string;
  now: number;
  lines: {
    index: number;
    raw: string;
    item: string;
    unit: string | null;
    quantity: number;
    price: number;
    currency: string | null;
  }[];
}

const SUMMARY_COLUMNS = [
  'o.id',
  'o.state',
  'o.handle',
  'o.business_name as businessName',
  'o.list_name as listName',
  'o.list_slug as listSlug',
  'o.buyer_name as buyerName',
  sql<string | null>`to_char(o.delivery_date, 'YYYY-MM-DD')`.as('deliveryDate'),
  'o.line_count as lineCount',
  'o.total',
  'o.currency',
  'o.created_at as createdAt',
  'o.decided_at as decidedAt',
] as const;

type SummaryRow = {
  id: number | string;
  state: OrderState;
  handle: string;
  businessName: string;
  listName: string;
  listSlug: string;
  buyerName: string;
  deliveryDate: string | null;
  lineCount: number | string;
  total: string | number | null;
  currency: string | null;
  createdAt: number | string;
  decidedAt: number | string | null;
};

const summaryOf = (r: SummaryRow): OrderSummary => ({
  id: Number(r.id),
  state: r.state,
  handle: r.handle,
  businessName: r.businessName,
  listName: r.listName,
  listSlug: r.listSlug,
  buyerName: r.buyerName,
  deliveryDate: r.deliveryDate,
  lineCount: Number(r.lineCount),
  total: r.total === null ? null : Number(r.total),
  currency: r.currency,
  createdAt: Number(r.createdAt),
  decidedAt: r.decidedAt === null ? null : Number(r.decidedAt),
});

/** All SQL of orders (docs/decisions/0210). */
export function ordersRepository(db: DB) {
  return {
    /** A party's name and address as they are now (a mail's Reply-To). */
    async person(userId: string): Promise<{ name: string; address: string } | undefined> {
      const row = await db.selectFrom('users').select(['email', 'display_name']).where('id', '=', userId).executeTakeFirst();
      return row && { name: row.display_name, address: row.email };
    },

    /** The buyer's row, locked: one buyer's sends take turns, so the hourly count holds. */
    async lockBuyer(buyerId: string): Promise<void> {
      await db.selectFrom('users').select('id').where('id', '=', buyerId).forUpdate().execute();
    },

    async sentSince(buyerId: string, since: number): Promise<number> {
      const row = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('buyer_id', '=', buyerId)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async idBySendKey(buyerId: string, sendKey: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('orders')
        .select('id')
        .where('buyer_id', '=', buyerId)
        .where('send_key', '=', sendKey)
        .executeTakeFirst();
      return row && Number(row.id);
    },

    /** Inserts the order and its lines; undefined when the buyer's send key already made one. */
    async insert(order: NewOrder): Promise<number | undefined> {
      const row = await db
        .insertInto('orders')
        .values({
          buyer_id: order.buyerId,
          supplier_id: order.supplierId,
          list_id: order.listId,
          version_id: order.versionId,
          handle: order.handle,
          list_slug: order.listSlug,
          list_name: order.listName,
          business_name: order.businessName,
          buyer_name: order.buyerName,
          delivery_date: order.deliveryDate,
          note: order.note,
          line_count: order.lines.length,
          total: order.total,
          currency: order.currency,
          send_key: order.sendKey,
          created_at: order.now,
        })
        .onConflict((oc) => oc.constraint('orders_send_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) return undefined;
      const id = Number(row.id);
      await db
        .insertInto('order_lines')
        .values(
          order.lines.map((l, position) => ({
            order_id: id,
            position,
            line_index: l.index,
            raw: l.raw,
            item: l.item,
            unit: l.unit,
            quantity: l.quantity,
            price: l.price,
            currency: l.currency,
          })),
        )
        .execute();
      return id;
    },

    /** An order with its lines, when `viewerId` is its buyer or supplier (null viewer: the mail's renderer). */
    async byId(id: number, viewerId: string | null) {
      const row = await db
        .selectFrom('orders as o')
        .select([
          ...SUMMARY_COLUMNS,
          'o.buyer_id as buyerId',
          'o.supplier_id as supplierId',
          'o.version_id as versionId',
          'o.note',
          'o.decline_reason as declineReason',
        ])
        .where('o.id', '=', id)
        .$if(viewerId !== null, (q) =>
          q.where((eb) => eb.or([eb('o.buyer_id', '=', viewerId!), eb('o.supplier_id', '=', viewerId!)])),
        )
        .executeTakeFirst();
      if (!row) return undefined;
      const lines = await db
        .selectFrom('order_lines')
        .select(['position', 'line_index', 'raw', 'item', 'unit', 'quantity', 'price', 'currency'])
        .where('order_id', '=', id)
        .orderBy('position')
        .execute();
      const order: Omit<Order, 'role'> & { buyerId: string; supplierId: string } = {
        ...summaryOf(row as SummaryRow),
        buyerId: row.buyerId,
        supplierId: row.supplierId,
        versionId: Number(row.versionId),
        note: row.note,
        declineReason: row.declineReason,
        lines: lines.map((l) => ({
          position: Number(l.position),
          index: Number(l.line_index),
          raw: l.raw,
          item: l.item,
          unit: l.unit,
          quantity: Number(l.quantity),
          price: Number(l.price),
          currency: l.currency,
          lineTotal: lineTotal(Number(l.price), Number(l.quantity)),
        })),
      };
      return order;
    },

    /** One side's orders, newest first, a keyset page (limit + 1 rows: the extra one says there is more). */
    async page(role: 'buyer' | 'supplier', userId: string, after: { createdAt: number; id: number } | null, limit: number) {
      const rows = await db
        .selectFrom('orders as o')
        .select(SUMMARY_COLUMNS)
        .where(role === 'buyer' ? 'o.buyer_id' : 'o.supplier_id', '=', userId)
        .$if(after !== null, (q) =>
          q.where((eb) =>
            eb.or([
              eb('o.created_at', '<', after!.createdAt),
              eb.and([eb('o.created_at', '=', after!.createdAt), eb('o.id', '<', after!.id)]),
            ]),
          ),
        )
        .orderBy('o.created_at', 'desc')
        .orderBy('o.id', 'desc')
        .limit(limit + 1)
        .execute();
      return rows.map((r) => summaryOf(r as SummaryRow));
    },

    /** The supplier opened it: new becomes seen (once). */
    async markSeen(id: number, supplierId: string): Promise<void> {
      await db
        .updateTable('orders')
        .set({ state: 'seen' })
        .where('id', '=', id)
        .where('supplier_id', '=', supplierId)
        .where('state', '=', 'new')
        .execute();
    },

    /** Confirms or declines an undecided order; false when it was decided already (or is not the supplier's). */
    async decide(
      id: number,
      supplierId: string,
      state: 'confirmed' | 'declined',
      reason: string | null,
      now: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('orders')
        .set({ state, decline_reason: reason, decided_at: now })
        .where('id', '=', id)
        .where('supplier_id', '=', supplierId)
        .where('state', 'in', ['new', 'seen'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export const HOUR_MS = HOUR;

/** An order as its mails render it at delivery, with the buyer's address as it is now. */
export async function orderForMail(db: DB, id: number) {
  const found = await ordersRepository(db).byId(id, null);
  if (!found) return undefined;
  return { order: found, buyer: (await ordersRepository(db).person(found.buyerId)) ?? null };
}
