import { type Selectable, sql } from 'kysely';
import { z } from 'zod';
import type { OrderAnswerLinksTable, OrderBlocksTable, OrderLinesTable, OrdersTable } from '../../../db/schema-orders';
import type { DB } from '../../plugins/db';
import { insertKeepingIds } from './restore-repository';

/**
 * Orders by or to a person (docs/decisions/0210): both sides own one, so it goes with either into
 * the backup and comes back with its id while the other side exists (like trade requests). The
 * lines go with their order. A list that is gone since is forgotten, as its removal does.
 */
export type BackedUpOrderLine = Omit<Selectable<OrderLinesTable>, 'order_id'>;
/** An order mail's answer link (docs/decisions/0210): its hash only, as stored. */
export type BackedUpAnswerLink = Omit<Selectable<OrderAnswerLinksTable>, 'order_id'>;
export type BackedUpOrder = Selectable<OrdersTable> & { lines: BackedUpOrderLine[]; answerLinks: BackedUpAnswerLink[] };
/** A supplier's block of a buyer, by or of the person. */
export type BackedUpOrderBlock = Selectable<OrderBlocksTable>;
export const orderBlockBackupSchema: z.ZodType<BackedUpOrderBlock> = z.object({
  supplier_id: z.string(),
  buyer_id: z.string(),
  created_at: z.number(),
});

const text = z.string().nullable();
const lineSchema: z.ZodType<BackedUpOrderLine> = z.object({
  position: z.number(),
  line_index: z.number(),
  raw: z.string(),
  item: z.string(),
  unit: text,
  quantity: z.string(),
  price: z.string(),
  currency: text,
});
export const orderBackupSchema: z.ZodType<BackedUpOrder> = z.object({
  id: z.number(),
  buyer_id: z.string(),
  supplier_id: z.string(),
  list_id: z.number().nullable(),
  version_id: z.number(),
  handle: z.string(),
  list_slug: z.string(),
  list_name: z.string(),
  business_name: z.string(),
  buyer_name: z.string(),
  delivery_date: text,
  note: z.string(),
  state: z.enum(['new', 'seen', 'confirmed', 'declined']),
  decline_reason: text,
  line_count: z.number(),
  total: text,
  currency: text,
  send_key: z.string(),
  created_at: z.number(),
  decided_at: z.number().nullable(),
  lines: z.array(lineSchema),
  // Backups made before migration 2950 lack them.
  answerLinks: z
    .array(z.object({ token_hash: z.string(), created_at: z.number(), expires_at: z.number(), used_at: z.number().nullable() }))
    .default([]),
});

export function orderRowsRepository(db: DB) {
  return {
    /** Every order the person sent or received, oldest first, each with its lines. */
    async ordersOf(userId: string): Promise<BackedUpOrder[]> {
      const orders = await db
        .selectFrom('orders')
        .selectAll()
        .select(sql<string | null>`delivery_date::text`.as('delivery_date'))
        .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('supplier_id', '=', userId)]))
        .orderBy('id')
        .execute();
      if (orders.length === 0) return [];
      const lines = await db
        .selectFrom('order_lines')
        .selectAll()
        .where(
          'order_id',
          'in',
          orders.map((o) => o.id),
        )
        .orderBy('order_id')
        .orderBy('position')
        .execute();
      const links = await db
        .selectFrom('order_answer_links')
        .selectAll()
        .where(
          'order_id',
          'in',
          orders.map((o) => o.id),
        )
        .orderBy('token_hash')
        .execute();
      return orders.map((order) => ({
        ...order,
        lines: lines.filter((l) => l.order_id === order.id).map(({ order_id: _, ...line }) => line),
        answerLinks: links.filter((l) => l.order_id === order.id).map(({ order_id: _, ...link }) => link),
      }));
    },

    /**
     * Blocks as the person's data download shows them (issue 40): the buyers they blocked, by the
     * name their orders carry, and the suppliers who blocked them, by handle; never an account id.
     */
    async orderBlocksForExport(userId: string): Promise<{
      made: Array<{ buyer_name: string; blocked_at: number }>;
      received: Array<{ handle: string | null; blocked_at: number }>;
    }> {
      const made = await db
        .selectFrom('order_blocks as b')
        .innerJoin('users as u', 'u.id', 'b.buyer_id')
        .select(['u.display_name as buyer_name', 'b.created_at as blocked_at'])
        .where('b.supplier_id', '=', userId)
        .orderBy('b.created_at')
        .execute();
      const received = await db
        .selectFrom('order_blocks as b')
        .leftJoin('handles as h', 'h.user_id', 'b.supplier_id')
        .select(['h.handle', 'b.created_at as blocked_at'])
        .where('b.buyer_id', '=', userId)
        .orderBy('b.created_at')
        .execute();
      return { made, received };
    },

    async orderBlocksOf(userId: string): Promise<BackedUpOrderBlock[]> {
      return db
        .selectFrom('order_blocks')
        .selectAll()
        .where((eb) => eb.or([eb('supplier_id', '=', userId), eb('buyer_id', '=', userId)]))
        .orderBy('supplier_id')
        .orderBy('buyer_id')
        .execute();
    },

    /** Blocks by or of the person come back while the other side exists. */
    async insertOrderBlocks(userId: string, backedUpId: string, blocks: BackedUpOrderBlock[]): Promise<void> {
      const moved = blocks.map((b) => ({
        ...b,
        supplier_id: b.supplier_id === backedUpId ? userId : b.supplier_id,
        buyer_id: b.buyer_id === backedUpId ? userId : b.buyer_id,
      }));
      const others = [...new Set(moved.map((b) => (b.supplier_id === userId ? b.buyer_id : b.supplier_id)))];
      if (others.length === 0) return;
      const live = new Set((await db.selectFrom('users').select('id').where('id', 'in', others).execute()).map((r) => r.id));
      const rows = moved.filter((b) => live.has(b.supplier_id === userId ? b.buyer_id : b.supplier_id));
      if (rows.length === 0) return;
      await db
        .insertInto('order_blocks')
        .values(rows)
        .onConflict((oc) => oc.columns(['supplier_id', 'buyer_id']).doNothing())
        .execute();
    },

    /**
     * The orders whose other side exists, with their ids; one there already (an earlier restore, or
     * the same send key) is kept as it is. Returns how many could not come back (the other side is gone).
     */
    async insertOrders(userId: string, backedUpId: string, orders: BackedUpOrder[]): Promise<number> {
      if (orders.length === 0) return 0;
      const moved = orders.map(({ lines, answerLinks, ...o }) => ({
        order: {
          ...o,
          buyer_id: o.buyer_id === backedUpId ? userId : o.buyer_id,
          supplier_id: o.supplier_id === backedUpId ? userId : o.supplier_id,
        },
        lines,
        answerLinks,
      }));
      const others = [...new Set(moved.flatMap(({ order }) => [order.buyer_id, order.supplier_id]))].filter(
        (id) => id !== userId,
      );
      const live = new Set(
        others.length === 0
          ? []
          : (await db.selectFrom('users').select('id').where('id', 'in', others).execute()).map((r) => r.id),
      );
      const kept = moved.filter(({ order }) => live.has(order.buyer_id === userId ? order.supplier_id : order.buyer_id));
      const listIds = [...new Set(kept.flatMap(({ order }) => (order.list_id === null ? [] : [order.list_id])))];
      const lists = new Set(
        listIds.length === 0
          ? []
          : (await db.selectFrom('lists').select('id').where('id', 'in', listIds).execute()).map((r) => r.id),
      );
      await insertKeepingIds(
        db,
        'orders',
        kept.map(({ order }) => ({
          ...order,
          list_id: order.list_id !== null && lists.has(order.list_id) ? order.list_id : null,
        })),
      );
      const ids = kept.map(({ order }) => order.id);
      if (ids.length > 0) {
        const theirs = await db
          .selectFrom('orders')
          .select('id')
          .where('id', 'in', ids)
          .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('supplier_id', '=', userId)]))
          .execute();
        const back = new Set(theirs.map((r) => r.id));
        const lines = kept
          .filter(({ order }) => back.has(order.id))
          .flatMap(({ order, lines }) => lines.map((line) => ({ ...line, order_id: order.id })));
        for (let i = 0; i < lines.length; i += 1000) {
          await db
            .insertInto('order_lines')
            .values(lines.slice(i, i + 1000))
            .onConflict((oc) => oc.columns(['order_id', 'position']).doNothing())
            .execute();
        }
        const links = kept
          .filter(({ order }) => back.has(order.id))
          .flatMap(({ order, answerLinks }) => answerLinks.map((link) => ({ ...link, order_id: order.id })));
        if (links.length > 0) {
          await db
            .insertInto('order_answer_links')
            .values(links)
            .onConflict((oc) => oc.column('token_hash').doNothing())
            .execute();
        }
      }
      return orders.length - kept.length;
    },
  };
}
