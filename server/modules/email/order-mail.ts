import type { DB } from '../../plugins/db';
import { emailRepository } from './repository';

/**
 * Queueing an order's mails in the order's own transaction (docs/decisions/0210): they exist
 * exactly when the order does. Each has a dedupe key, so nothing queues an order's mail twice.
 */

/** To each of the supplier's order addresses (or their account's address), and a copy to the buyer. */
export async function mailOrderSent(
  trx: DB,
  order: { orderId: number; supplierId: string; buyerId: string; addresses: string[] },
  now = Date.now(),
): Promise<void> {
  const repo = emailRepository(trx);
  const payload = { orderId: order.orderId };
  if (order.addresses.length === 0) {
    await repo.insert({
      kind: 'order-received',
      userId: order.supplierId,
      payload,
      dedupeKey: `order:${order.orderId}:supplier`,
      now,
    });
  }
  for (const address of order.addresses) {
    await repo.insert({
      kind: 'order-received',
      toAddress: address,
      payload,
      dedupeKey: `order:${order.orderId}:to:${address}`,
      now,
    });
  }
  await repo.insert({ kind: 'order-copy', userId: order.buyerId, payload, dedupeKey: `order:${order.orderId}:copy`, now });
}

/** The buyer hears the supplier's answer, once. */
export async function mailOrderDecision(trx: DB, order: { orderId: number; buyerId: string }, now = Date.now()): Promise<void> {
  await emailRepository(trx).insert({
    kind: 'order-decided',
    userId: order.buyerId,
    payload: { orderId: order.orderId },
    dedupeKey: `order:${order.orderId}:decided`,
    now,
  });
}

export interface EnquiryMail {
  fromUserId: string;
  supplierId: string;
  addresses: string[];
  listId: number;
  handle: string;
  slug: string;
  listName: string;
  text: string;
  sendKey: string;
}

/** An enquiry about a list (docs/decisions/0210): to each order address, else the supplier's own; once per send key. */
export async function mailOrderEnquiry(trx: DB, enquiry: EnquiryMail, now = Date.now()): Promise<void> {
  const repo = emailRepository(trx);
  const { addresses, supplierId, ...payload } = enquiry;
  const key = `enquiry:${enquiry.fromUserId}:${enquiry.sendKey}`;
  if (addresses.length === 0) {
    await repo.insert({ kind: 'order-enquiry', userId: supplierId, payload, dedupeKey: `${key}:supplier`, now });
  }
  for (const address of addresses) {
    await repo.insert({ kind: 'order-enquiry', toAddress: address, payload, dedupeKey: `${key}:to:${address}`, now });
  }
}

/** The send keys of the enquiries a buyer queued since `since`: the hourly limit counts them. */
export async function enquiriesSince(trx: DB, buyerId: string, since: number): Promise<Set<string>> {
  const rows = await trx
    .selectFrom('email_outbox')
    .select(({ ref }) =>
      ref('payload', '->>')
        .key('sendKey' as never)
        .as('sendKey'),
    )
    .where('kind', '=', 'order-enquiry')
    .where(({ ref }) => ref('payload', '->>').key('fromUserId' as never), '=', buyerId)
    .where('created_at', '>', since)
    .execute();
  return new Set(rows.map((r) => String(r.sendKey)));
}
