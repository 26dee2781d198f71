import type { FastifyRequest } from 'fastify';
import { type PublicProfile, profileUrl, QR_CARD_HEIGHT, QR_CARD_WIDTH, sharingPaths } from '../../../core/sharing';
import { printableText } from '../../../core/text';
import type { PublicProfilesService } from './public-service';

/** At most `max` characters, cut at a word, with an ellipsis. */
export function clip(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

export const escapeHtml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[c] ?? c);

/** Which page of a handle a path is: its profile (/{handle}) or its connect page (/follow/{handle}). */
function handlePage(path: string): { handle: string; kind: 'profile' | 'connect' } | null {
  const parts = path.split('/');
  if (parts.length === 2 && parts[1]) return { handle: parts[1], kind: 'profile' };
  if (parts.length === 3 && parts[1] === 'follow' && parts[2]) return { handle: parts[2], kind: 'connect' };
  return null;
}

/**
 * The head of /{handle} and /follow/{handle}: title, description (the bio, when there is one), canonical URL, Open Graph and
 * Twitter card tags, the Atom feed and the home-screen manifest. Chat apps read these from the HTML; they run no script.
 */
export function linkPreviewTags(profile: PublicProfile, kind: 'profile' | 'connect', publicUrl: string): string {
  const who = `${printableText(profile.displayName).trim() || profile.handle} (@${profile.handle})`;
  const title = kind === 'profile' ? `${who} on Freshlist` : `Follow ${who} on Freshlist`;
  // The tab's title, as the web app sets it once running (web/lib/current-page.ts); a preview shows `title`.
  const documentTitle = `${kind === 'profile' ? '' : 'Follow '}@${profile.handle} · Freshlist`;
  // The owner's own words first (issue 15 §3), where they wrote some.
  const bio = clip(printableText(profile.business.bio).trim(), 200);
  const area = printableText(profile.business.area ?? '').trim();
  const description =
    kind === 'profile'
      ? bio
        ? `${bio}${area ? ` (${area})` : ''}: the latest lists from ${who} on Freshlist.`
        : `The latest lists from ${who}: menus, price lists and catalogues, always up to date on Freshlist.`
      : `Scan or tap to follow ${who} on Freshlist and always see their latest list.`;
  const url = kind === 'profile' ? profileUrl(publicUrl, profile.handle) : `${publicUrl}/follow/${profile.handle}`;
  const image = `${publicUrl}${sharingPaths.card(profile.handle)}`;
  // A summary card shows a small square: the logo fits it better than the tall QR card.
  const squareImage = profile.business.logo ? `${publicUrl}${profile.business.logo.url}` : image;

  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(documentTitle)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<link rel="manifest" href="${escapeHtml(sharingPaths.manifest(profile.handle))}" />`,
    `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(`${who} on Freshlist`)}" href="${escapeHtml(`${publicUrl}${sharingPaths.feed(profile.handle)}`)}" />`,
    meta('property', 'og:site_name', 'Freshlist'),
    meta('property', 'og:type', 'profile'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(QR_CARD_WIDTH)),
    meta('property', 'og:image:height', String(QR_CARD_HEIGHT)),
    meta('property', 'og:image:alt', `QR code card for @${profile.handle}`),
    meta('property', 'profile:username', profile.handle),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', squareImage),
  ].join('\n    ');
}

/** The link preview tags of a path that is a handle's page, looked up by its handle. */
export function linkPreviewHead(service: PublicProfilesService, publicUrl: string) {
  return async (request: FastifyRequest): Promise<string | null> => {
    let path: string;
    try {
      path = decodeURIComponent(request.url.split('?')[0] ?? '/');
    } catch {
      return null;
    }
    const page = handlePage(path);
    if (!page) return null;
    const profile = await service.face(page.handle);
    return profile ? linkPreviewTags(profile, page.kind, publicUrl) : null;
  };
}
