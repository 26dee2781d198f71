import { isExpired, shortDate, validityLabel } from '../../../core/list-text';
import {
  button,
  escapeHtml,
  type MailContext,
  type MailSection,
  mail,
  oneLine,
  paragraph,
  type RenderedMail,
  url,
} from './layout';

/** A version of a list as a mail tells of it. */
export interface MailPost {
  id: number;
  url: string;
  description: string;
  createdAt: number;
  listName: string;
  listSlug: string;
  validFrom: string | null;
  validUntil: string | null;
  versions: number;
  /** A trade-only list the recipient may not read: its name and the way to ask, nothing else (ADR 0180). */
  locked?: boolean;
  /** What changed in its file (issue 30): "2 prices up, 1 new item", the biggest moves, the details. */
  changes?: { summary: string; moves: string[]; path: string } | undefined;
}

/** A business and its new lists. `logoUrl`: the logo's absolute address, when it has one. */
export interface HandlePosts {
  handle: string;
  displayName: string;
  logoUrl?: string | null;
  posts: MailPost[];
}

/** The day (YYYY-MM-DD, UTC) a mail is written on: what "Expired" is measured against. */
export const mailDay = (now: number) => new Date(now).toISOString().slice(0, 10);

const handlePath = (handle: string) => `/${encodeURIComponent(handle)}`;
const listPath = (handle: string, slug: string) => `${handlePath(handle)}/lists/${encodeURIComponent(slug)}`;
/** Open list: the direct address, always the newest file, counted (docs/decisions/0142). */
export const openListUrl = (ctx: MailContext, handle: string, post: MailPost) =>
  url(ctx, `${listPath(handle, post.listSlug)}/open`);

/** The business once, above its lists: logo, name, @handle, a link to its page. */
export function businessHeader(ctx: MailContext, group: HandlePosts): MailSection {
  const name = oneLine(group.displayName) || `@${group.handle}`;
  const profile = url(ctx, handlePath(group.handle));
  const logo = group.logoUrl
    ? `<td width="56" style="padding-right:12px;vertical-align:middle"><img src="${escapeHtml(group.logoUrl)}" width="48" height="48" alt="" style="display:block;border-radius:8px;border:0"></td>`
    : '';
  return {
    text: [`${name} (@${group.handle}) ${profile}`],
    html: `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0 8px"><tr>${logo}<td style="vertical-align:middle"><a href="${escapeHtml(profile)}" style="color:#1b1b1b;font-weight:700;font-size:18px;text-decoration:none">${escapeHtml(name)}</a><br><span style="color:#667085;font-size:13px">@${escapeHtml(group.handle)}</span></td></tr></table>`,
  };
}

/** What changed in a list's file, under its description (issue 30): the summary, the biggest moves, the details. */
function changesSection(ctx: MailContext, changes: NonNullable<MailPost['changes']>): MailSection {
  const details = url(ctx, changes.path);
  return {
    text: [`${changes.summary}: ${changes.moves.join('; ')}`.replace(/: $/, ''), `What changed: ${details}`],
    html: `<p style="margin:0 0 6px;font-size:14px;color:#344054"><strong>${escapeHtml(changes.summary)}</strong>${changes.moves
      .map((m) => `<br>${escapeHtml(m)}`)
      .join('')}<br><a href="${escapeHtml(details)}" style="color:#1f7a4d">See what changed</a></p>`,
  };
}

/** A trade-only list the recipient may not read: its name, and where to ask for access (ADR 0180). */
function lockedCard(ctx: MailContext, handle: string, post: MailPost): MailSection {
  const name = oneLine(post.listName) || 'Trade-only list';
  const ask = url(ctx, `${handlePath(handle)}#trade-access`);
  return {
    text: ['', `* ${name} (Trade only: ask for access)`, `  Ask for access: ${ask}`],
    html: `<div style="border:1px solid #e4e7ec;border-radius:10px;padding:12px 16px;margin:0 0 12px"><p style="margin:0 0 4px;font-weight:700;font-size:17px">${escapeHtml(name)}</p><p style="margin:0 0 6px;font-size:14px;color:#344054">Trade only: ask for access</p>${button(ask, 'Ask for access')}</div>`,
  };
}

/**
 * One list: its name, "Valid until …" or Expired, the version's description, what changed in its
 * file, and an Open list button. `extra` sections go under the rest (another kind's note).
 */
export function listCard(
  ctx: MailContext,
  handle: string,
  post: MailPost,
  today: string,
  extra: MailSection[] = [],
): MailSection {
  if (post.locked) return lockedCard(ctx, handle, post);
  if (post.changes) extra = [changesSection(ctx, post.changes), ...extra];
  const name = oneLine(post.listName) || oneLine(post.description) || 'New list';
  const title = post.versions > 1 ? `${name} · new version` : name;
  const expired = isExpired(post.validUntil, today);
  const validity =
    expired && post.validUntil
      ? `Expired (valid until ${shortDate(post.validUntil, today)})`
      : validityLabel(post.validFrom, post.validUntil, today);
  const description = oneLine(post.description);
  const open = openListUrl(ctx, handle, post);
  const page = url(ctx, listPath(handle, post.listSlug));
  return {
    text: [
      '',
      `* ${title}`,
      ...(validity ? [`  ${validity}`] : []),
      ...(description && description !== name ? [`  ${description}`] : []),
      ...extra.flatMap((s) => s.text.map((line) => `  ${line}`)),
      `  Open list: ${open}`,
    ],
    html: `<div style="border:1px solid #e4e7ec;border-radius:10px;padding:12px 16px;margin:0 0 12px"><p style="margin:0 0 4px;font-weight:700;font-size:17px"><a href="${escapeHtml(page)}" style="color:#1b1b1b;text-decoration:none">${escapeHtml(title)}</a></p>${
      validity
        ? `<p style="margin:0 0 6px;font-size:14px;${expired ? 'color:#b42318;font-weight:600' : 'color:#344054'}">${escapeHtml(validity)}</p>`
        : ''
    }${description && description !== name ? `<p style="margin:0 0 6px;color:#344054">${escapeHtml(description)}</p>` : ''}${extra
      .map((s) => s.html)
      .join('')}${button(open, 'Open list')}</div>`,
  };
}

function businessSections(ctx: MailContext, group: HandlePosts, today: string): MailSection[] {
  return [businessHeader(ctx, group), ...group.posts.map((p) => listCard(ctx, group.handle, p, today))];
}

/** Under every list mail: what it is about, and where to choose it per business (docs/decisions/0214). */
export function bellNote(ctx: MailContext): MailSection {
  const where = url(ctx, '/following');
  return {
    text: [
      '',
      `You hear of new lists and price changes from the businesses you follow. Choose what each one sends you, and how often: ${where}`,
    ],
    html: `<p style="margin:16px 0 0;font-size:14px;color:#344054">You hear of new lists and price changes from the businesses you follow. <a href="${escapeHtml(where)}" style="color:#1f7a4d">Choose what each one sends you, and how often</a>.</p>`,
  };
}

const listNames = (posts: MailPost[]) => posts.map((p) => oneLine(p.listName) || oneLine(p.description) || 'New list').join(', ');

/** Mail 4, instantly: a followed business shared new lists (or new versions of them). */
export function listUpdateMail(ctx: MailContext, data: HandlePosts, now: number): RenderedMail {
  const count = data.posts.length;
  const name = oneLine(data.displayName);
  return mail(ctx, {
    subject: `${name} (@${data.handle}) shared ${count === 1 ? 'a new list' : `${count} new lists`}`,
    preheader: listNames(data.posts),
    sections: [...businessSections(ctx, data, mailDay(now)), bellNote(ctx)],
  });
}

/** Mail 4, as a digest: each followed business's new lists of the day or week, and the lists updated (issue 29). */
export function listDigestMail(
  ctx: MailContext,
  data: {
    period: 'daily' | 'weekly';
    handles: HandlePosts[];
    /** Lists whose files changed in the period, an item of their own. */
    updated?: { count: number; text: string[]; html: string[] };
  },
  now: number,
): RenderedMail {
  const count = data.handles.reduce((n, h) => n + h.posts.length, 0);
  const changed = data.updated?.count ?? 0;
  const when = data.period === 'daily' ? 'today' : 'this week';
  const what = [
    ...(count > 0 ? [count === 1 ? '1 new list' : `${count} new lists`] : []),
    ...(changed > 0 ? [changed === 1 ? '1 updated list' : `${changed} updated lists`] : []),
  ].join(', ');
  const today = mailDay(now);
  const news =
    count > 0
      ? [
          paragraph(`New lists from businesses you follow, ${when}:`),
          ...data.handles.flatMap((h) => businessSections(ctx, h, today)),
        ]
      : [];
  const updates: MailSection[] =
    changed > 0 && data.updated
      ? [paragraph(`Lists updated ${when}:`), { text: data.updated.text, html: data.updated.html.join('') }]
      : [];
  return mail(ctx, {
    subject: `Freshlist ${data.period === 'daily' ? 'daily' : 'weekly'} digest: ${what}`,
    preheader: data.handles.map((h) => oneLine(h.displayName)).join(', '),
    sections: [...news, ...updates, bellNote(ctx)],
  });
}
