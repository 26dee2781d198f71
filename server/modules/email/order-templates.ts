import { shortDate } from '../../../core/delivery-terms';
import { ANSWER_LINK_DAYS } from '../../../core/order-desk';
import { money, quantityText } from '../../../core/order-rules';
import { type Order, orderCsv } from '../../../core/orders';
import { button, escapeHtml, type MailContext, mail, oneLine, para, type RenderedMail, textBlock, url } from './templates';

/**
 * The mails of orders (docs/decisions/0210): the supplier gets the order with its CSV and the
 * buyer as Reply-To; the buyer gets a copy, then the supplier's answer. All are direct answers to
 * someone's own action: no unsubscribe link.
 */

type MailOrder = Omit<Order, 'role'>;
export interface OrderParties {
  buyer: { name: string; address: string };
  /** The one-time answer link's path (docs/decisions/0210); null once the order is answered. */
  answerPath?: string | null;
}

const orderPath = (id: number) => `/orders/${id}`;
export const versionPath = (o: Pick<MailOrder, 'handle' | 'listSlug'>) =>
  `/${encodeURIComponent(o.handle)}/lists/${encodeURIComponent(o.listSlug)}`;

function linesPart(order: MailOrder) {
  const text = order.lines.map(
    (l) =>
      `${quantityText(l.quantity)} × ${l.item}${l.unit ? ` (${l.unit})` : ''} at ${money(l.price, l.currency)} = ${money(l.lineTotal, l.currency)}`,
  );
  const rows = order.lines
    .map(
      (l) =>
        `<tr><td style="padding:4px 8px 4px 0">${escapeHtml(quantityText(l.quantity))} ×</td><td style="padding:4px 8px">${escapeHtml(l.item)}${
          l.unit ? ` <span style="color:#667085">(${escapeHtml(l.unit)})</span>` : ''
        }</td><td style="padding:4px 0;text-align:right">${escapeHtml(money(l.lineTotal, l.currency))}</td></tr>`,
    )
    .join('');
  const total =
    order.total !== null
      ? `Total as read: ${money(order.total, order.currency)}`
      : 'No total: the lines are in more than one currency.';
  const when = order.deliveryDate ? `Delivery: ${shortDate(order.deliveryDate)}` : 'Delivery: not chosen';
  const note = textBlock(order.note).trim();
  return {
    text: [...text, '', total, when, ...(note ? ['', 'Note:', note] : [])],
    html: [
      `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse;margin:0 0 12px">${rows}</table>`,
      para(total),
      para(when),
      ...(note
        ? [
            `<p style="margin:0 0 4px">Note:</p><blockquote style="white-space:pre-wrap;margin:0 0 12px">${escapeHtml(note)}</blockquote>`,
          ]
        : []),
    ],
  };
}

/** To the supplier's order addresses: the order, its CSV, and the buyer to answer. */
export function orderReceivedMail(ctx: MailContext, order: MailOrder, parties: OrderParties): RenderedMail {
  const filename = `order-${order.id}.csv`;
  const buyer = oneLine(order.buyerName || parties.buyer.name || 'A buyer');
  const lines = linesPart(order);
  const desk = url(ctx, orderPath(order.id));
  const answer = parties.answerPath ? url(ctx, parties.answerPath) : null;
  const rendered = mail(ctx, {
    subject: `Order ${order.id} from ${buyer}: ${order.listName}`,
    preheader: `${order.lineCount} lines from ${order.listName}`,
    text: [
      `${buyer} ordered from your list "${oneLine(order.listName)}", at the prices Freshlist read from it.`,
      '',
      ...lines.text,
      '',
      `The order is attached as ${filename}. Answer this mail to reach ${buyer}.`,
      ...(answer ? [`Confirm or decline (this link works once, for ${ANSWER_LINK_DAYS} days): ${answer}`] : []),
      `The order on Freshlist: ${desk}`,
    ],
    html: [
      para(`${buyer} ordered from your list "${oneLine(order.listName)}", at the prices Freshlist read from it.`),
      ...lines.html,
      para(`The order is attached as ${filename}. Answer this mail to reach ${buyer}.`),
      ...(answer ? [button(answer, 'Confirm or decline'), para(`The button works once, for ${ANSWER_LINK_DAYS} days.`)] : []),
      para(`The order on Freshlist: ${desk}`),
    ],
  });
  return {
    ...rendered,
    attachments: [
      { filename, content: orderCsv(order.lines, url(ctx, versionPath(order))), contentType: 'text/csv; charset=utf-8' },
    ],
    replyTo: { name: buyer, address: parties.buyer.address },
  };
}

/** To the buyer: what they sent, as the supplier got it. */
export function orderCopyMail(ctx: MailContext, order: MailOrder): RenderedMail {
  const business = oneLine(order.businessName || `@${order.handle}`);
  const lines = linesPart(order);
  const page = url(ctx, orderPath(order.id));
  return mail(ctx, {
    subject: `Your order ${order.id} to ${business}`,
    text: [
      `You sent this order to ${business}, from "${oneLine(order.listName)}".`,
      '',
      ...lines.text,
      '',
      `Your order: ${page}`,
    ],
    html: [
      para(`You sent this order to ${business}, from "${oneLine(order.listName)}".`),
      ...lines.html,
      button(page, 'See your order'),
    ],
  });
}

/** To the buyer: the supplier confirmed or declined. */
export function orderDecisionMail(ctx: MailContext, order: MailOrder): RenderedMail {
  const business = oneLine(order.businessName || `@${order.handle}`);
  const page = url(ctx, orderPath(order.id));
  const confirmed = order.state === 'confirmed';
  const said = confirmed
    ? `${business} confirmed your order ${order.id}.`
    : `${business} declined your order ${order.id}: ${oneLine(order.declineReason ?? '')}`;
  return mail(ctx, {
    subject: confirmed ? `${business} confirmed your order ${order.id}` : `${business} declined your order ${order.id}`,
    text: [said, '', `Your order: ${page}`],
    html: [para(said), button(page, 'See your order')],
  });
}
