import type { AlertHit } from '../../../core/item-alert';
import type { DB } from '../../plugins/db';
import { alertLists } from './alert-lists-repository';
import { type AlertCrossing, itemAlertMail } from './alert-templates';
import type { MailContext, RenderedMail } from './layout';
import type { ClaimedMail } from './repository';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * An item alert's mail at delivery (docs/decisions/0209): the crossings as they were read, each list
 * only while the recipient may still read it; or why it is not sent.
 */
export async function itemAlertBody(db: DB, mail: ClaimedMail, ctx: MailContext): Promise<RenderedMail | string> {
  const p = mail.payload;
  const hits = Array.isArray(p.hits) ? (p.hits as Array<AlertHit & { listId: number }>) : [];
  if (!mail.userId) return 'The recipient is gone.';
  const lists = await alertLists(db, hits.map((h) => Number(h.listId)).filter(Number.isSafeInteger), mail.userId);
  const crossings: AlertCrossing[] = hits.flatMap((hit) => {
    const list = lists.get(Number(hit.listId));
    return list ? [{ list, hit }] : [];
  });
  if (crossings.length === 0) return 'The alert’s lists are no longer readable.';
  const unit = p.unit === 'kg' || p.unit === 'l' || p.unit === 'piece' ? p.unit : null;
  const kind = p.kind === 'under' || p.kind === 'moves' ? p.kind : 'back';
  const threshold = typeof p.threshold === 'number' ? p.threshold : null;
  return itemAlertMail(ctx, {
    item: str(p.item),
    rule: { kind, threshold, unit, currency: typeof p.currency === 'string' ? p.currency : null },
    crossings,
  });
}
