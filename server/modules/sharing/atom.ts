import { Feed } from 'feed';
import type { PublicPost } from '../../../core/feed';
import { postOpenPath } from '../../../core/post-text';
import type { PublicProfile } from '../../../core/sharing';
import { printableText } from '../../../core/text';

/** Readers treat type="html" text as markup: a description is text, so its markup characters are escaped. */
const escapeHtml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[c] ?? c);

/** An entry needs a title; a post has none, so its description's first line stands in. */
function entryTitle(post: PublicPost): string {
  const firstLine = post.description.split('\n')[0]?.trim() ?? '';
  if (!firstLine) return `New list from @${post.handle}`;
  const chars = [...firstLine];
  return chars.length > 80 ? `${chars.slice(0, 79).join('')}…` : firstLine;
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
 * An Atom 1.0 feed (RFC 4287) of a handle's newest posts. Entries link through the counted
 * 'go to page' redirect, which only ever sends a reader to a link that passes the link rules.
 */
export function atomFeed({ publicUrl, profile, posts, now }: AtomInput): string {
  const profileUrl = `${publicUrl}/${profile.handle}`;
  // XML forbids control characters: text stored before the rule of core/text.ts loses them here.
  const name = printableText(profile.displayName).trim();
  const who = `${name || `@${profile.handle}`} (@${profile.handle})`;
  const feed = new Feed({
    id: profileUrl,
    title: `${who} on Freshlist`,
    description: `The latest lists from ${who}.`,
    link: profileUrl,
    language: 'en',
    updated: new Date(posts[0]?.createdAt ?? now),
    generator: 'Freshlist',
    feedLinks: { atom: `${profileUrl}/feed.atom` },
    author: { name: name || `@${profile.handle}`, link: profileUrl },
    copyright: `© ${name || profile.handle}`,
  });
  for (const stored of posts) {
    const post = { ...stored, description: printableText(stored.description, { multiline: true }) };
    const link = `${publicUrl}${postOpenPath(post.id)}`;
    feed.addItem({
      id: link,
      link,
      title: escapeHtml(entryTitle(post)),
      content: escapeHtml(post.description || post.url),
      date: new Date(post.createdAt),
      published: new Date(post.createdAt),
    });
  }
  return feed.atom1();
}
