import type { SessionUser } from '../../../core/api';
import { normalizeHandle } from '../../../core/handle';
import { LIST_MESSAGES } from '../../../core/list-messages';
import { ENQUIRIES_PER_HOUR, type Enquiry, ORDER_DESK_MESSAGES } from '../../../core/order-desk';
import { ORDER_MESSAGES } from '../../../core/order-rules';
import { TRADE_MESSAGES } from '../../../core/trade-text';
import { badRequest, forbidden, HttpError, notFound } from '../../http-errors';
import { orderDeskRepository } from '../../order-desk-store';
import { HOUR_MS, ordersRepository } from '../../order-store';
import type { DB } from '../../plugins/db';
import { contentsReadRepository } from '../contents/read-repository';
import { enquiriesSince, mailOrderEnquiry } from '../email/order-mail';
import { termsOfHandle } from '../profiles/terms-service';
import { versionLinesRepository } from './version-lines';

/**
 * An enquiry about a list Freshlist cannot read prices from (issue 40 §2, docs/decisions/0210): free
 * text mailed to the supplier's order addresses with the buyer as Reply-To, queued in one
 * transaction; a send key makes a double click one enquiry, and a buyer sends a few an hour.
 */
export async function sendEnquiry(db: DB, buyer: SessionUser, input: Enquiry, now = Date.now()): Promise<{ sent: true }> {
  const handle = normalizeHandle(input.handle);
  const list = await contentsReadRepository(db).listAt(handle, input.slug.toLowerCase(), buyer.id);
  if (!list) throw notFound(LIST_MESSAGES.listGone);
  if (list.userId === buyer.id) throw badRequest(ORDER_MESSAGES.ownList);
  if (!list.readable) throw forbidden(TRADE_MESSAGES.locked);
  if (await orderDeskRepository(db).isBlocked(list.userId, buyer.id)) throw forbidden(ORDER_DESK_MESSAGES.blocked);
  const text = input.text.trim();
  if (!text) throw badRequest(ORDER_DESK_MESSAGES.enquiryEmpty);
  const versions = versionLinesRepository(db);
  const newest = await versions.newestRead(list.id);
  if (newest && (await versions.pricedLines(list.id, newest.id)).length > 0)
    throw badRequest(ORDER_DESK_MESSAGES.enquiryReadable);

  const terms = await termsOfHandle(db, handle);
  await db.transaction().execute(async (trx) => {
    await ordersRepository(trx).lockBuyer(buyer.id);
    const sent = await enquiriesSince(trx, buyer.id, now - HOUR_MS);
    if (sent.has(input.sendKey)) return;
    if (sent.size >= ENQUIRIES_PER_HOUR) throw new HttpError(429, ORDER_DESK_MESSAGES.enquiryTooMany, 'Too Many Requests');
    await mailOrderEnquiry(
      trx,
      {
        fromUserId: buyer.id,
        supplierId: list.userId,
        addresses: terms?.orderTo.emails ?? [],
        listId: list.id,
        handle: list.handle,
        slug: list.slug,
        listName: list.name.slice(0, 300),
        text,
        sendKey: input.sendKey,
      },
      now,
    );
  });
  return { sent: true };
}
