import type { SessionUser } from '../../../core/api';
import { itemKey } from '../../../core/list-lines';
import { LIST_MESSAGES } from '../../../core/list-messages';
import { ORDER_DESK_MESSAGES, type OrderAgain } from '../../../core/order-desk';
import { ORDER_MESSAGES } from '../../../core/order-rules';
import type { OrderMove } from '../../../core/orders';
import { TRADE_MESSAGES } from '../../../core/trade-text';
import { badRequest, forbidden, notFound } from '../../http-errors';
import { orderDeskRepository } from '../../order-desk-store';
import { ordersRepository } from '../../order-store';
import type { DB } from '../../plugins/db';
import { contentsReadRepository } from '../contents/read-repository';
import { versionLinesRepository } from './version-lines';

const keyOf = (line: { item?: string | undefined; unit?: string | null | undefined }) =>
  itemKey(`${line.item ?? ''} ${line.unit ?? ''}`);

/**
 * "Order again" (issue 40 §2, docs/decisions/0210): the buyer's past order as a basket on the
 * newest version of its list, matched by item and pack as the 409 of a changed list is, with every
 * line whose price changed or that is gone. Nothing is sent: the basket shows the moves first.
 */
export async function orderAgain(db: DB, orderId: number, buyer: SessionUser): Promise<OrderAgain> {
  const order = await ordersRepository(db).byId(orderId, buyer.id);
  if (!order) throw notFound(ORDER_MESSAGES.notFound);
  if (order.buyerId !== buyer.id) throw forbidden(ORDER_DESK_MESSAGES.againOwnOnly);
  const list = await contentsReadRepository(db).listAt(order.handle, order.listSlug, buyer.id);
  if (!list || list.userId !== order.supplierId) throw notFound(LIST_MESSAGES.listGone);
  if (!list.readable) throw forbidden(TRADE_MESSAGES.locked);
  if (await orderDeskRepository(db).isBlocked(list.userId, buyer.id)) throw forbidden(ORDER_DESK_MESSAGES.blocked);
  const versions = versionLinesRepository(db);
  const newest = await versions.newestRead(list.id);
  if (!newest) throw badRequest(ORDER_MESSAGES.notRead);

  const now = new Map<string, { index: number; price: number; currency: string | null; unit: string | null }>();
  for (const line of await versions.pricedLines(list.id, newest.id)) {
    const key = keyOf(line);
    if (!now.has(key))
      now.set(key, { index: line.index, price: line.price!, currency: line.currency ?? null, unit: line.unit ?? null });
  }
  const lines: OrderAgain['lines'] = [];
  const moves: OrderMove[] = [];
  const taken = new Set<number>();
  for (const line of order.lines) {
    const found = now.get(keyOf(line));
    if (!found || taken.has(found.index)) {
      moves.push({ index: line.index, item: line.item, before: line.price, after: null, newIndex: null });
      continue;
    }
    taken.add(found.index);
    if (found.price !== line.price || found.currency !== line.currency) {
      moves.push({ index: line.index, item: line.item, before: line.price, after: found.price, newIndex: found.index });
    }
    lines.push({
      index: found.index,
      item: line.item,
      unit: found.unit,
      price: found.price,
      currency: found.currency,
      quantity: line.quantity,
    });
  }
  if (lines.length === 0) throw badRequest(ORDER_DESK_MESSAGES.againNothing);
  return {
    handle: list.handle,
    slug: list.slug,
    versionId: newest.id,
    lines,
    moves,
    message: moves.length > 0 ? ORDER_DESK_MESSAGES.againFlagged(moves.length) : null,
  };
}
