import { ordersRepository } from '../../order-store';
import type { DB } from '../../plugins/db';
import type { ClaimedMail } from './repository';
import { escapeHtml, type MailContext, mail, oneLine, para, type RenderedMail, textBlock, url } from './templates';

/**
 * An enquiry about a list Freshlist cannot read prices from (docs/decisions/0210), rendered at
 * delivery: the buyer's words, the list's address, the buyer as Reply-To (their address as it is now).
 */
export async function enquiryMailBody(db: DB, claimed: ClaimedMail, ctx: MailContext): Promise<RenderedMail | string> {
  const p = claimed.payload as Record<string, unknown>;
  const buyer = await ordersRepository(db).person(String(p.fromUserId ?? ''));
  if (!buyer) return 'The buyer is gone.';
  const name = oneLine(buyer.name || 'A buyer');
  const listName = oneLine(String(p.listName ?? ''));
  const listUrl = url(ctx, `/${encodeURIComponent(String(p.handle ?? ''))}/lists/${encodeURIComponent(String(p.slug ?? ''))}`);
  const words = textBlock(String(p.text ?? '')).trim();
  const rendered = mail(ctx, {
    subject: `Enquiry from ${name} about ${listName}`,
    preheader: words.slice(0, 100),
    text: [
      `${name} asks about your list "${listName}" (${listUrl}):`,
      '',
      words,
      '',
      `Answer this mail to reach ${name}. Freshlist could not read prices from this list, so they could not order from it.`,
    ],
    html: [
      para(`${name} asks about your list "${listName}":`),
      `<blockquote style="white-space:pre-wrap;margin:0 0 12px">${escapeHtml(words)}</blockquote>`,
      para(`Answer this mail to reach ${name}. Freshlist could not read prices from this list, so they could not order from it.`),
      para(listUrl),
    ],
  });
  return { ...rendered, replyTo: { name, address: buyer.address } };
}
