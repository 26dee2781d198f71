import type { ListPage } from '../../../core/list-page';
import { isExpired, listPaths, shortDate, validityLabel } from '../../../core/list-text';
import { listUrl, QR_CARD_HEIGHT, QR_CARD_WIDTH } from '../../../core/sharing';
import { printableText } from '../../../core/text';
import { clip, escapeHtml } from '../profiles/link-preview';

/**
 * The head of a list's own page (issue 31, docs/decisions/0142): what a chat app shows when the
 * list's stable address is shared, the list and its business rather than Freshlist's own line.
 * Built from the visitor's view, so a trade-only list gives its name and nothing of its contents.
 * `today` (YYYY-MM-DD, the server's calendar, as the rendered cards read it) says whether it has expired.
 */
export function listLinkPreviewTags(page: ListPage, publicUrl: string, today: string): string {
  const { profile, list } = page;
  const business = printableText(profile.displayName).trim() || `@${profile.handle}`;
  const name = printableText(list.name).trim();
  const title = `${name} from ${business} on Freshlist`;
  // The tab's title, as the web app sets it once running (web/lib/current-page.ts).
  const documentTitle = `A list of @${profile.handle} · Freshlist`;
  const validity =
    list.validUntil && isExpired(list.validUntil, today)
      ? `Expired: valid until ${shortDate(list.validUntil, today)}`
      : validityLabel(list.validFrom, list.validUntil, today);
  const said = clip(printableText(list.description).trim(), 200);
  const description =
    [validity, said].filter(Boolean).join(' · ') ||
    `The newest version of ${name} from ${business}, always up to date on Freshlist.`;
  const url = listUrl(publicUrl, profile.handle, list.slug);
  const card = `${publicUrl}${listPaths.card(profile.handle, list.slug)}`;
  // A summary card shows a small square: the logo fits it better than the tall QR card.
  const squareImage = profile.business.logo ? `${publicUrl}${profile.business.logo.url}` : card;
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(documentTitle)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:site_name', 'Freshlist'),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', card),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(QR_CARD_WIDTH)),
    meta('property', 'og:image:height', String(QR_CARD_HEIGHT)),
    meta('property', 'og:image:alt', `QR code card for ${name} of @${profile.handle}`),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', squareImage),
  ].join('\n    ');
}
