import type { SessionUser } from '../../../core/api';
import {
  type AnswerLink,
  type AnswerLinkState,
  exportRangeProblem,
  ORDER_DESK_MESSAGES,
  type OrderBlock,
} from '../../../core/order-desk';
import { lineTotal, ORDER_MESSAGES, quantityText } from '../../../core/order-rules';
import { csvCell, orderSummarySchema } from '../../../core/orders';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http-errors';
import { orderDeskRepository } from '../../order-desk-store';
import { ordersRepository } from '../../order-store';
import type { DB } from '../../plugins/db';
import { mailOrderDecision } from '../email/order-mail';

const gone = (message: string) => new HttpError(410, message, 'Gone');
/** A CSV export holds at most this many lines; a wider range is refused with a message. */
export const EXPORT_MAX_LINES = 50_000;
const DAY_MS = 86_400_000;

function linkState(link: { usedAt: number | null; expiresAt: number; state: string }, now: number): AnswerLinkState {
  if (link.usedAt !== null) return 'used';
  if (link.state === 'confirmed' || link.state === 'declined') return 'decided';
  if (link.expiresAt <= now) return 'expired';
  return 'open';
}
const STATE_MESSAGES: Record<AnswerLinkState, string | null> = {
  open: null,
  used: ORDER_DESK_MESSAGES.linkUsed,
  expired: ORDER_DESK_MESSAGES.linkExpired,
  decided: ORDER_MESSAGES.decided,
};

/**
 * The rest of the order desk (issue 40 §3, docs/decisions/0210): answering from the mail through a
 * one-time link, blocking an order's buyer, and the CSV of the orders received in a date range.
 */
export function orderDeskService(db: DB) {
  async function view(token: string, now: number, trx: DB = db): Promise<AnswerLink> {
    const link = await orderDeskRepository(trx).link(token);
    if (!link) throw notFound(ORDER_DESK_MESSAGES.linkUnknown);
    const order = await ordersRepository(trx).byId(link.orderId, null);
    if (!order) throw notFound(ORDER_DESK_MESSAGES.linkUnknown);
    const state = linkState({ ...link, state: order.state }, now);
    return { state, message: STATE_MESSAGES[state], order: orderSummarySchema.parse(order), expiresAt: link.expiresAt };
  }

  /** The supplier of an order the viewer may see; the buyer is refused, a stranger gets 404. */
  async function supplierOrder(orderId: number, viewer: SessionUser) {
    const order = await ordersRepository(db).byId(orderId, viewer.id);
    if (!order) throw notFound(ORDER_MESSAGES.notFound);
    if (order.supplierId !== viewer.id) throw forbidden(ORDER_MESSAGES.notYours);
    return order;
  }

  return {
    /** What the link's page shows: nothing changes on reading it (a mail scanner may open it). */
    answerLink: (token: string, now = Date.now()) => view(token, now),

    /** Confirms or declines through the link, once: used, expired or decided since is refused. */
    async answer(
      token: string,
      decision: { decision: 'confirm' | 'decline'; reason?: string | undefined },
      now = Date.now(),
    ): Promise<AnswerLink> {
      const reason = decision.reason?.trim() ?? '';
      if (decision.decision === 'decline' && !reason) throw badRequest(ORDER_MESSAGES.reasonNeeded);
      const state = decision.decision === 'confirm' ? 'confirmed' : 'declined';
      return db.transaction().execute(async (trx) => {
        const desk = orderDeskRepository(trx);
        const link = await desk.link(token, true);
        if (!link) throw notFound(ORDER_DESK_MESSAGES.linkUnknown);
        if (link.usedAt !== null) throw gone(ORDER_DESK_MESSAGES.linkUsed);
        if (link.expiresAt <= now) throw gone(ORDER_DESK_MESSAGES.linkExpired);
        const orders = ordersRepository(trx);
        const decided = await orders.decide(link.orderId, link.supplierId, state, state === 'declined' ? reason : null, now);
        if (!decided) throw conflict(ORDER_MESSAGES.decided);
        await desk.useLink(link.tokenHash, now);
        const order = await orders.byId(link.orderId, null);
        await mailOrderDecision(trx, { orderId: link.orderId, buyerId: order!.buyerId }, now);
        return view(token, now, trx);
      });
    },

    async blockOf(orderId: number, viewer: SessionUser): Promise<OrderBlock> {
      const order = await supplierOrder(orderId, viewer);
      return { blocked: await orderDeskRepository(db).isBlocked(viewer.id, order.buyerId) };
    },

    /** Blocks or unblocks the order's buyer from ordering from the viewer (idempotent). */
    async setBlock(orderId: number, viewer: SessionUser, blocked: boolean, now = Date.now()): Promise<OrderBlock> {
      const order = await supplierOrder(orderId, viewer);
      const desk = orderDeskRepository(db);
      if (blocked) await desk.block(viewer.id, order.buyerId, now);
      else await desk.unblock(viewer.id, order.buyerId);
      return { blocked };
    },

    /** The orders the viewer received from `from` to `to` (whole UTC days), one row a line. */
    async exportCsv(viewer: SessionUser, from: string, to: string): Promise<string> {
      const problem = exportRangeProblem(from, to);
      if (problem) throw badRequest(problem);
      const start = Date.parse(`${from}T00:00:00Z`);
      const end = Date.parse(`${to}T00:00:00Z`) + DAY_MS;
      const rows = await orderDeskRepository(db).receivedBetween(viewer.id, start, end, EXPORT_MAX_LINES + 1);
      if (rows.length > EXPORT_MAX_LINES) {
        throw badRequest(`More than ${EXPORT_MAX_LINES.toLocaleString('en-GB')} lines in that range: choose a shorter one.`);
      }
      const header = ['Order', 'Received (UTC)', 'State', 'Buyer', 'List', 'Delivery', 'Item', 'Pack', 'Quantity'];
      const out = [[...header, 'Price as read', 'Currency', 'Line total', 'Note']];
      for (const r of rows) {
        const price = Number(r.price);
        const quantity = Number(r.quantity);
        out.push([
          String(r.id),
          new Date(Number(r.createdAt)).toISOString(),
          r.state,
          r.buyerName,
          r.listName,
          r.deliveryDate ?? '',
          r.item,
          r.unit ?? '',
          quantityText(quantity),
          price.toFixed(2),
          r.currency ?? '',
          lineTotal(price, quantity).toFixed(2),
          r.note,
        ]);
      }
      return `${out.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
    },
  };
}
