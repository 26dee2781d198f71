import { Feed } from 'feed';
import type { PublicPost } from '../../../core/feed';
import { LIST_MESSAGES } from '../../../core/list-messages';
import { listPaths } from '../../../core/list-text';
import { postOpenPath } from '../../../core/post-text';
import type { PublicProfile } from '../../../core/sharing';
import { printableText } from '../../../core/text';
import { TRADE_MESSAGES } from '../../../core/trade';

/** Readers treat type="html" text as markup: a description is text, so its markup characters are escaped. */
const escapeHtml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[c] ?? c);

/**
 * An entry needs a title. A new version names its list ("Weekly prices · new version"); otherwise a
 * post has none, so its description's first line stands in.
 */
function entryTitle(post: PublicPost): string {
  // A trade-only list shows its name and that it is trade only, nothing of its contents (docs/decisions/0180).
  if (post.locked) return `${printableText(post.list.name).trim()} · ${TRADE_MESSAGES.tradeOnly}`;
  if (post.list.versions > 1) return `${printableText(post.list.name).trim()} · ${LIST_MESSAGES.newVersion}`;
  const firstLine = post.description.split('\n')[0]?.trim() ?? '';
  if (!firstLine) return `New list from @${post.handle}`;
  const chars = [...firstLine];
  return chars.length > 80 ? `${chars.slice(0, 79).join('')}…` : firstLine;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '31 Oct 2026': a feed is read at any time, so the year is always written. */
const fullDate = (date: string) => {
  const [year, month, day] = date.split('-');
  return `${Number(day)} ${MONTHS[Number(month) - 1] ?? ''} ${year}`;
};

/** The validity dates in words, for people ("Valid from 1 Oct 2026 until 31 Oct 2026."). */
export function validityText(post: Pick<PublicPost, 'validFrom' | 'validUntil'>): string | null {
  const { validFrom, validUntil } = post;
  if (validFrom && validUntil) return `Valid from ${fullDate(validFrom)} until ${fullDate(validUntil)}.`;
  if (validUntil) return `Valid until ${fullDate(validUntil)}.`;
  if (validFrom) return `Valid from ${fullDate(validFrom)}.`;
  return null;
}

const DCTERMS = 'http://purl.org/dc/terms/';

/**
 * The validity dates for programs: a Dublin Core `dcterms:valid` period (DCMI Period encoding, W3C
 * dates) in each entry that has them. The `feed` package writes no extension elements, so they go in
 * after its own output, each behind its entry's unique id.
 */
function withValidity(xml: string, entries: Array<{ id: string; post: PublicPost }>): string {
  const dated = entries.filter(({ post }) => post.validFrom || post.validUntil);
  if (dated.length === 0) return xml;
  let out = xml.replace(
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:dcterms="${DCTERMS}">`,
  );
  for (const { id, post } of dated) {
    const period = [post.validFrom && `start=${post.validFrom};`, post.validUntil && `end=${post.validUntil};`, 'scheme=W3C-DTF;']
      .filter(Boolean)
      .join(' ');
    out = out.replace(`<id>${id}</id>`, (tag) => `${tag}\n        <dcterms:valid>${period}</dcterms:valid>`);
  }
  return out;
}

export interface AtomInput {
  publicUrl: string;
  profile: PublicProfile;
  /** Newest first. */
  posts: PublicPost[];
  /** The feed's `updated` when it has no entries. */
  now: number;
}

/**
 * An Atom 1.0 feed (RFC 4287) of a handle's lists, each by its newest version. Entries link through
 * the counted 'go to page' redirect, which only ever sends a reader to a link that passes the link
 * rules; an edited description moves the entry's `updated`, validity dates are in its summary and
 * in `dcterms:valid`.
 */
export function atomFeed({ publicUrl, profile, posts, now }: AtomInput): string {
  const profileUrl = `${publicUrl}/${profile.handle}`;
  // XML forbids control characters: text stored before the rule of core/text.ts loses them here.
  const name = printableText(profile.displayName).trim();
  const who = `${name || `@${profile.handle}`} (@${profile.handle})`;
  const updatedOf = (post: PublicPost) => Math.max(post.createdAt, post.editedAt ?? 0);
  const feed = new Feed({
    id: profileUrl,
    title: `${who} on Freshlist`,
    description: `The latest lists from ${who}.`,
    link: profileUrl,
    language: 'en',
    updated: new Date(posts.length > 0 ? Math.max(...posts.map(updatedOf)) : now),
    generator: 'Freshlist',
    feedLinks: { atom: `${profileUrl}/feed.atom` },
    author: { name: name || `@${profile.handle}`, link: profileUrl },
    copyright: `© ${name || profile.handle}`,
  });
  const entries = posts.map((stored) => {
    const post = { ...stored, description: printableText(stored.description, { multiline: true }) };
    // A trade-only list leads to where a reader asks for access; its own link is never in the feed (docs/decisions/0180).
    const link = post.locked ? `${profileUrl}#trade-access` : `${publicUrl}${postOpenPath(post.id)}`;
    const id = post.locked ? `${publicUrl}${listPaths.stable(post.handle, post.list.slug)}#${post.id}` : link;
    const validity = validityText(post);
    feed.addItem({
      id,
      link,
      title: escapeHtml(entryTitle(post)),
      ...(validity ? { description: escapeHtml(validity) } : {}),
      content: escapeHtml(
        post.locked ? TRADE_MESSAGES.askForAccess : [post.description || post.url, validity].filter(Boolean).join('\n\n'),
      ),
      date: new Date(updatedOf(post)),
      published: new Date(post.createdAt),
    });
    return { id, post };
  });
  return withValidity(feed.atom1(), entries);
}
