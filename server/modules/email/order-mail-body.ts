import { newAnswerLink } from '../../order-desk-store';
import { orderForMail } from '../../order-store';
import type { DB } from '../../plugins/db';
import { enquiryMailBody } from './enquiry-mail';
import type { MailContext, RenderedMail } from './layout';
import { orderCopyMail, orderDecisionMail, orderReceivedMail } from './order-templates';
import type { ClaimedMail } from './repository';

/**
 * An order's mails, rendered at delivery from the order as stored (docs/decisions/0210), with the
 * buyer's address as it is now; or why it is not sent.
 */
export async function orderMailBody(db: DB, mail: ClaimedMail, ctx: MailContext): Promise<RenderedMail | string> {
  if (mail.kind === 'order-enquiry') return enquiryMailBody(db, mail, ctx);
  const found = await orderForMail(db, Number(mail.payload.orderId ?? 0));
  if (!found) return 'The order is gone.';
  if (mail.kind === 'order-copy') return orderCopyMail(ctx, found.order);
  if (mail.kind === 'order-decided') return orderDecisionMail(ctx, found.order);
  if (!found.buyer) return 'The buyer is gone.';
  // An undecided order's mail carries its own one-time answer link (docs/decisions/0210).
  const open = found.order.state === 'new' || found.order.state === 'seen';
  const token = open ? await newAnswerLink(db, found.order.id) : null;
  return orderReceivedMail(ctx, found.order, { buyer: found.buyer, answerPath: token && `/orders/answer/${token}` });
}
