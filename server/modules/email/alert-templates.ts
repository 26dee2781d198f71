import { comparePath } from '../../../core/compare-link';
import { type AlertHit, type AlertRule, alertHeadline, alertSentence, conditionText, itemTitle } from '../../../core/item-alert';
import type { AlertList } from './alert-lists-repository';
import { link, type MailSection, muted, paragraph } from './layout';
import { button, escapeHtml, handlePath, type MailContext, mail, oneLine, type RenderedMail, url } from './templates';

/** One crossing of an item alert, with the list it happened on. */
export interface AlertCrossing {
  list: AlertList;
  hit: AlertHit;
}

const listUrl = (ctx: MailContext, list: AlertList) =>
  url(ctx, `${handlePath(list.handle)}/lists/${encodeURIComponent(list.slug)}`);

function crossingSection(ctx: MailContext, item: string, rule: AlertRule, crossing: AlertCrossing): MailSection {
  const { list, hit } = crossing;
  const sentence = oneLine(alertSentence(item, rule, oneLine(list.displayName), hit));
  const page = listUrl(ctx, list);
  return {
    text: ['', sentence, `${oneLine(list.listName)}: ${page}`],
    html: `<p style="margin:0 0 4px"><strong>${escapeHtml(sentence)}</strong></p><p style="margin:0 0 12px">${link(page, oneLine(list.listName))}</p>`,
  };
}

/**
 * The person's item alert crossed (docs/decisions/0209): "Burrata is under 30.00 €/kg at Green Valley
 * Farm: 28.00 €/kg, Burrata 125g at 3.50 €", each list's page, and the item compared across suppliers.
 */
export function itemAlertMail(
  ctx: MailContext,
  data: { item: string; rule: AlertRule; crossings: AlertCrossing[] },
): RenderedMail {
  const item = itemTitle(oneLine(data.item));
  const [first] = data.crossings;
  const more = data.crossings.length - 1;
  const subject =
    first && more === 0
      ? alertHeadline(item, data.rule, oneLine(first.list.displayName), first.hit)
      : `${item} ${conditionText(data.rule, data.rule.currency ?? first?.hit.currency ?? null)} at ${data.crossings.length} businesses`;
  const compare = url(ctx, comparePath(data.item));
  const settings = url(ctx, '/settings#item-alerts');
  return mail(ctx, {
    subject,
    preheader: first ? alertSentence(item, data.rule, oneLine(first.list.displayName), first.hit) : subject,
    sections: [
      paragraph(`Your item alert: ${item} ${conditionText(data.rule)}.`),
      ...data.crossings.map((c) => crossingSection(ctx, item, data.rule, c)),
      { text: ['', `Compare ${item} across suppliers: ${compare}`], html: button(compare, `Compare ${item}`) },
      {
        text: [`Pause or remove this alert: ${settings}`],
        html:
          muted('You asked Freshlist to tell you of this.') +
          `<p style="margin:0 0 8px">${link(settings, 'Pause or remove this alert')}</p>`,
      },
    ],
  });
}
