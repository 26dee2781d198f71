import type { SessionUser } from '../../../core/api';
import { addDays, cutoffAt, type DeliveryTerms, dateInZone, isCalendarDate } from '../../../core/delivery-terms';
import { normalizeHandle } from '../../../core/handle';
import { itemKey } from '../../../core/list-lines';
import { LIST_MESSAGES } from '../../../core/list-messages';
import { ORDER_DESK_MESSAGES } from '../../../core/order-desk';
import {
  MAX_DAYS_AHEAD,
  MAX_ORDER_LINES,
  money,
  ORDER_MESSAGES,
  ORDERS_PAGE,
  ORDERS_PER_HOUR,
  orderTotal,
  quantityProblem,
} from '../../../core/order-rules';
import {
  type Order,
  type OrderChanged,
  type OrderMove,
  type OrdersPage,
  orderAsText,
  orderCursor,
  type SendOrder,
  type SentOrder,
  whatsappUrl,
} from '../../../core/orders';
import { TRADE_MESSAGES } from '../../../core/trade-text';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http-errors';
import { orderDeskRepository } from '../../order-desk-store';
import { HOUR_MS, ordersRepository } from '../../order-store';
import type { DB } from '../../plugins/db';
import { contentsReadRepository } from '../contents/read-repository';
import { mailOrderDecision, mailOrderSent } from '../email/order-mail';
import { profilesService } from '../profiles/service';
import { termsOfHandle } from '../profiles/terms-service';
import { versionLinesRepository } from './version-lines';

/** The 409 a basket of an older version gets, with what moved (the route sends it as is). */
export class OrderChangedError extends HttpError {
  constructor(readonly body: OrderChanged) {
    super(409, body.message, 'Conflict');
  }
}

export const tooManyOrders = () => new HttpError(429, ORDER_MESSAGES.tooMany, 'Too Many Requests');

/** A date the terms deliver on whose cut-off is still ahead; without terms, today to MAX_DAYS_AHEAD ahead. */
function deliveryDateProblem(date: string, terms: DeliveryTerms | null, now: number): string | null {
  if (!isCalendarDate(date)) return ORDER_MESSAGES.deliveryDate;
  const today = dateInZone(now, terms?.timeZone ?? 'UTC');
  // Without terms a date of yesterday in UTC may be today somewhere: one day of slack.
  if (date < addDays(today, terms ? 0 : -1) || date > addDays(today, terms ? 400 : MAX_DAYS_AHEAD))
    return ORDER_MESSAGES.deliveryDate;
  if (!terms) return null;
  const closes = cutoffAt(terms, date);
  return closes === null || closes <= now ? ORDER_MESSAGES.notADeliveryDay : null;
}

/** Orders from a list version (issue 40 §2-3, docs/decisions/0210). */
export function ordersService(db: DB, settings: { publicUrl: string }) {
  const repo = ordersRepository(db);
  const versions = versionLinesRepository(db);

  async function orderFor(id: number, viewerId: string): Promise<Order> {
    const found = await repo.byId(id, viewerId);
    if (!found) throw notFound(ORDER_MESSAGES.notFound);
    const { buyerId: _b, supplierId, ...order } = found;
    return { ...order, role: supplierId === viewerId ? 'supplier' : 'buyer' };
  }

  /** The basket's lines on its version, compared with the newest version: what changed or is gone. */
  async function movesSince(
    listId: number,
    versionId: number,
    newest: { id: number },
    input: SendOrder['lines'],
  ): Promise<OrderMove[]> {
    const old = await versions.readVersion(listId, versionId);
    if (!old) return [];
    const lines = await versions.linesAt(
      listId,
      old.lineIds,
      input.map((l) => l.index),
    );
    const now = new Map<string, { index: number; price: number }>();
    for (const line of await versions.pricedLines(listId, newest.id)) {
      const key = itemKey(`${line.item} ${line.unit ?? ''}`);
      if (!now.has(key)) now.set(key, { index: line.index, price: line.price! });
    }
    const moves: OrderMove[] = [];
    for (const { index } of input) {
      const line = lines.get(index);
      if (!line?.item || line.price === undefined) continue;
      const found = now.get(itemKey(`${line.item} ${line.unit ?? ''}`));
      if (!found) moves.push({ index, item: line.item, before: line.price, after: null, newIndex: null });
      else if (found.price !== line.price || found.index !== index) {
        moves.push({ index, item: line.item, before: line.price, after: found.price, newIndex: found.index });
      }
    }
    return moves;
  }

  return {
    async send(buyer: SessionUser, input: SendOrder & { note: string }, now = Date.now()): Promise<SentOrder> {
      // The same send key again (a double click, a retry after a lost answer): the order it made.
      const sent = await repo.idBySendKey(buyer.id, input.sendKey);
      if (sent !== undefined) return this.answer(await orderFor(sent, buyer.id), null);

      const handle = normalizeHandle(input.handle);
      const list = await contentsReadRepository(db).listAt(handle, input.slug.toLowerCase(), buyer.id);
      if (!list) throw notFound(LIST_MESSAGES.listGone);
      if (list.userId === buyer.id) throw badRequest(ORDER_MESSAGES.ownList);
      if (!list.readable) throw forbidden(TRADE_MESSAGES.locked);
      if (await orderDeskRepository(db).isBlocked(list.userId, buyer.id)) throw forbidden(ORDER_DESK_MESSAGES.blocked);

      if (input.lines.length === 0) throw badRequest(ORDER_MESSAGES.empty);
      if (input.lines.length > MAX_ORDER_LINES) throw badRequest(ORDER_MESSAGES.tooManyLines);
      const seen = new Set<number>();
      for (const { index } of input.lines) {
        if (seen.has(index)) throw badRequest(ORDER_MESSAGES.lineTwice(index + 1));
        seen.add(index);
      }

      const newest = await versions.newestRead(list.id);
      if (!newest) throw badRequest(ORDER_MESSAGES.notRead);
      if (newest.id !== input.versionId) {
        throw new OrderChangedError({
          error: 'Conflict',
          message: ORDER_MESSAGES.changed,
          versionId: newest.id,
          moves: await movesSince(list.id, input.versionId, newest, input.lines),
        });
      }

      // Item, pack and price from the version, never from the request.
      const read = await versions.linesAt(
        list.id,
        newest.lineIds,
        input.lines.map((l) => l.index),
      );
      const lines = input.lines.map(({ index, quantity }) => {
        const line = read.get(index);
        if (!line || line.price === undefined || !line.item) throw badRequest(ORDER_MESSAGES.notPriced(index + 1));
        const problem = quantityProblem(quantity, line);
        if (problem) throw badRequest(problem);
        return {
          index,
          raw: line.raw,
          item: line.item,
          unit: line.unit ?? null,
          quantity,
          price: line.price,
          currency: line.currency ?? null,
        };
      });

      const terms = await termsOfHandle(db, handle);
      const deliveryDate = input.deliveryDate?.trim() || null;
      if (deliveryDate) {
        const problem = deliveryDateProblem(deliveryDate, terms, now);
        if (problem) throw badRequest(problem);
      }
      const total = orderTotal(lines);
      const minimum = terms?.minimumOrder;
      if (
        minimum?.kind === 'rule' &&
        total &&
        (total.currency ?? minimum.currency) === minimum.currency &&
        total.amount < minimum.amount
      ) {
        throw badRequest(ORDER_MESSAGES.minimum(money(minimum.amount, minimum.currency)));
      }

      const supplier = await profilesService(db).publicProfile(handle);
      const businessName = (supplier?.displayName ?? '').slice(0, 300);

      const id = await db.transaction().execute(async (trx) => {
        const orders = ordersRepository(trx);
        await orders.lockBuyer(buyer.id);
        const again = await orders.idBySendKey(buyer.id, input.sendKey);
        if (again !== undefined) return again;
        // Checked under the buyer's lock, in the order's transaction: a block never lets one through.
        if (await orderDeskRepository(trx).isBlocked(list.userId, buyer.id)) throw forbidden(ORDER_DESK_MESSAGES.blocked);
        if ((await orders.sentSince(buyer.id, now - HOUR_MS)) >= ORDERS_PER_HOUR) throw tooManyOrders();
        const orderId = await orders.insert({
          buyerId: buyer.id,
          supplierId: list.userId,
          listId: list.id,
          versionId: newest.id,
          handle: list.handle,
          listSlug: list.slug,
          listName: list.name.slice(0, 300),
          businessName,
          buyerName: buyer.displayName.slice(0, 300),
          deliveryDate,
          note: input.note,
          total: total?.amount ?? null,
          currency: total?.currency ?? null,
          sendKey: input.sendKey,
          now,
          lines,
        });
        if (orderId === undefined) throw conflict(ORDER_MESSAGES.sendKey);
        await mailOrderSent(
          trx,
          { orderId, supplierId: list.userId, buyerId: buyer.id, addresses: terms?.orderTo.emails ?? [] },
          now,
        );
        return orderId;
      });
      const order = await orderFor(id, buyer.id);
      const phone = terms?.orderTo.whatsapp ? terms.orderTo.phone : null;
      return this.answer(order, phone);
    },

    answer(order: Order, phone: string | null): SentOrder {
      const text = phone ? orderAsText(order, `${settings.publicUrl}/orders/${order.id}`) : null;
      return { order, whatsappUrl: phone && text ? whatsappUrl(phone, text) : null };
    },

    /** An order its buyer or supplier opens; the supplier's first look marks it seen. */
    async open(id: number, viewer: SessionUser): Promise<Order> {
      const order = await orderFor(id, viewer.id);
      if (order.role === 'supplier' && order.state === 'new') {
        await repo.markSeen(id, viewer.id);
        return { ...order, state: 'seen' };
      }
      return order;
    },

    async page(
      role: 'buyer' | 'supplier',
      viewer: SessionUser,
      cursor: { createdAt: number; id: number } | null,
    ): Promise<OrdersPage> {
      const rows = await repo.page(role, viewer.id, cursor, ORDERS_PAGE);
      const orders = rows.slice(0, ORDERS_PAGE);
      const last = orders.at(-1);
      return { orders, nextCursor: rows.length > ORDERS_PAGE && last ? orderCursor.encode(last) : null };
    },

    async decide(
      id: number,
      viewer: SessionUser,
      decision: { decision: 'confirm' | 'decline'; reason?: string | undefined },
      now = Date.now(),
    ) {
      const order = await orderFor(id, viewer.id);
      if (order.role !== 'supplier') throw forbidden(ORDER_MESSAGES.notYours);
      const reason = decision.reason?.trim() ?? '';
      if (decision.decision === 'decline' && !reason) throw badRequest(ORDER_MESSAGES.reasonNeeded);
      const state = decision.decision === 'confirm' ? 'confirmed' : 'declined';
      const decided = await db.transaction().execute(async (trx) => {
        const ok = await ordersRepository(trx).decide(id, viewer.id, state, state === 'declined' ? reason : null, now);
        if (ok) {
          const found = await ordersRepository(trx).byId(id, null);
          await mailOrderDecision(trx, { orderId: id, buyerId: found!.buyerId }, now);
        }
        return ok;
      });
      if (!decided) throw conflict(ORDER_MESSAGES.decided);
      return orderFor(id, viewer.id);
    },
  };
}
