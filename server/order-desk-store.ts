/**
 * The SQL of answering an order from its mail and of blocking a buyer (issue 40 §3,
 * docs/decisions/0210). Beside server/order-store.ts for the same reason: the email module makes an
 * order mail's answer link as it renders the mail, and may not import the orders module.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ANSWER_LINK_MS } from '../core/order-desk';
import type { DB } from './plugins/db';

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new answer link for an order, made as its mail is rendered (the only moment its token exists
 * in the clear): the token goes into the mail, its hash into the table.
 */
export async function newAnswerLink(db: DB, orderId: number, now = Date.now()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('order_answer_links')
    .values({ token_hash: tokenHash(token), order_id: orderId, created_at: now, expires_at: now + ANSWER_LINK_MS })
    .execute();
  return token;
}

export function orderDeskRepository(db: DB) {
  return {
    /** The link and its order's supplier; `lock` holds the row until the transaction ends (one use). */
    async link(token: string, lock = false) {
      let query = db
        .selectFrom('order_answer_links as l')
        .innerJoin('orders as o', 'o.id', 'l.order_id')
        .select(['l.token_hash as tokenHash', 'l.order_id as orderId', 'l.expires_at as expiresAt', 'l.used_at as usedAt'])
        .select(['o.supplier_id as supplierId', 'o.state'])
        .where('l.token_hash', '=', tokenHash(token));
      if (lock) query = query.forUpdate();
      const row = await query.executeTakeFirst();
      return row && { ...row, orderId: Number(row.orderId), expiresAt: Number(row.expiresAt) };
    },

    /** Marks the link used; false when it was used already. */
    async useLink(hash: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('order_answer_links')
        .set({ used_at: now })
        .where('token_hash', '=', hash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async isBlocked(supplierId: string, buyerId: string): Promise<boolean> {
      const row = await db
        .selectFrom('order_blocks')
        .select('created_at')
        .where('supplier_id', '=', supplierId)
        .where('buyer_id', '=', buyerId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async block(supplierId: string, buyerId: string, now: number): Promise<void> {
      await db
        .insertInto('order_blocks')
        .values({ supplier_id: supplierId, buyer_id: buyerId, created_at: now })
        .onConflict((oc) => oc.columns(['supplier_id', 'buyer_id']).doNothing())
        .execute();
    },

    async unblock(supplierId: string, buyerId: string): Promise<void> {
      await db.deleteFrom('order_blocks').where('supplier_id', '=', supplierId).where('buyer_id', '=', buyerId).execute();
    },

    /** The supplier's received orders created in [from, to), oldest first, with their lines. */
    async receivedBetween(supplierId: string, from: number, to: number, limit: number) {
      return db
        .selectFrom('orders as o')
        .innerJoin('order_lines as l', 'l.order_id', 'o.id')
        .select([
          'o.id',
          'o.created_at as createdAt',
          'o.state',
          'o.buyer_name as buyerName',
          'o.list_name as listName',
          'o.note',
          'l.item',
          'l.unit',
          'l.quantity',
          'l.price',
          'l.currency',
        ])
        .select((eb) => eb.cast<string | null>('o.delivery_date', 'text').as('deliveryDate'))
        .where('o.supplier_id', '=', supplierId)
        .where('o.created_at', '>=', from)
        .where('o.created_at', '<', to)
        .orderBy('o.created_at')
        .orderBy('o.id')
        .orderBy('l.position')
        .limit(limit)
        .execute();
    },
  };
}
