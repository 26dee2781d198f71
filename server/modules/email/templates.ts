/**
 * Every mail Freshlist sends, as pure functions: data in, subject + text + HTML out. Names and
 * texts are escaped in the HTML part and stripped of control characters everywhere; links are
 * built from PUBLIC_URL. The transport adds the headers (Message-ID, List-Unsubscribe).
 */

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface MailContext {
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  /** The one-click unsubscribe page for this mail's category; absent on direct answers to the person's own action. */
  unsubscribeUrl?: string | undefined;
  /** A member's /settings, where every kind of mail can be chosen; absent for people without an account. */
  settingsUrl?: string | undefined;
}

export interface MailPost {
  id: number;
  url: string;
  description: string;
  createdAt: number;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Control characters (CR, LF, NUL, bidi overrides…) never reach a header or a line of text. */
const CONTROL = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]+/gu;
export const oneLine = (s: string) => s.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();

/** Multi-line text (a usage description): line breaks kept, other control characters dropped. */
const textBlock = (s: string) => s.replace(/\r\n?/g, '\n').replace(/(?!\n)[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu, '');

const MAX_SUBJECT = 150;
const subjectLine = (s: string) => {
  const line = oneLine(s);
  return line.length > MAX_SUBJECT ? `${line.slice(0, MAX_SUBJECT - 1)}…` : line;
};

const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
const button = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="display:inline-block;background:#1f7a4d;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`;
const para = (s: string) => `<p>${escapeHtml(s)}</p>`;

/** Wraps the body in the one layout every mail shares; adds the unsubscribe footer when there is one. */
function mail(ctx: MailContext, parts: { subject: string; text: string[]; html: string[] }): RenderedMail {
  const subject = subjectLine(parts.subject);
  const settings = ctx.unsubscribeUrl && ctx.settingsUrl ? ctx.settingsUrl : undefined;
  const footerText = ctx.unsubscribeUrl
    ? ['', '--', ...(settings ? [`Choose which mail you get: ${settings}`] : []), `Unsubscribe: ${ctx.unsubscribeUrl}`]
    : [];
  const footerHtml = ctx.unsubscribeUrl
    ? `<hr style="border:0;border-top:1px solid #ddd"><p style="color:#666;font-size:12px">You get this mail from Freshlist. ${
        settings ? `${link(settings, 'Choose which mail you get')} · ` : ''
      }${link(ctx.unsubscribeUrl, 'Unsubscribe')}</p>`
    : '';
  return {
    subject,
    text: `${[...parts.text, ...footerText].join('\n')}\n`,
    html: `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:system-ui,sans-serif;color:#1b1b1b;max-width:560px">${parts.html.join('')}${footerHtml}</body></html>`,
  };
}

const url = (ctx: MailContext, path: string) => `${ctx.publicUrl}${path}`;
const handlePath = (handle: string) => `/${encodeURIComponent(handle)}`;
const postOpenUrl = (ctx: MailContext, post: MailPost) => url(ctx, `/api/posts/${post.id}/open`);

/** Mails 1 and 3: an invite to take a handle. */
export function inviteMail(ctx: MailContext, data: { handle: string; displayName: string }): RenderedMail {
  const name = oneLine(data.displayName);
  const link_ = url(ctx, `/invite${handlePath(data.handle)}`);
  return mail(ctx, {
    subject: `You're invited to Freshlist as @${data.handle}`,
    text: [
      `Hello ${name},`,
      '',
      `You are invited to share your lists on Freshlist under the handle @${data.handle}.`,
      `Accept the invite here: ${link_}`,
    ],
    html: [
      para(`Hello ${name},`),
      `<p>You are invited to share your lists on Freshlist under the handle <strong>@${escapeHtml(data.handle)}</strong>.</p>`,
      button(link_, 'Accept the invite'),
      `<p style="color:#666;font-size:12px">Or open ${link(link_, link_)}</p>`,
    ],
  });
}

/** Mail 2, to the owner: a handle request waits. */
export function handleRequestedMail(
  ctx: MailContext,
  data: { handle: string; displayName: string; email: string; usageDescription: string },
): RenderedMail {
  const admin = url(ctx, '/admin/handles');
  const name = oneLine(data.displayName);
  const usage = textBlock(data.usageDescription);
  return mail(ctx, {
    subject: `Handle request: @${data.handle} from ${name}`,
    text: [
      `${name} <${oneLine(data.email)}> asks for the handle @${data.handle}.`,
      '',
      'What they will share:',
      usage,
      '',
      `Approve or reject it: ${admin}`,
    ],
    html: [
      `<p>${escapeHtml(name)} &lt;${escapeHtml(oneLine(data.email))}&gt; asks for the handle <strong>@${escapeHtml(data.handle)}</strong>.</p>`,
      `<p>What they will share:</p><blockquote style="white-space:pre-wrap">${escapeHtml(usage)}</blockquote>`,
      button(admin, 'Review handle requests'),
    ],
  });
}

/** Mail 2, to the requester: the request was approved. */
export function handleApprovedMail(ctx: MailContext, data: { handle: string; displayName: string }): RenderedMail {
  const profile = url(ctx, handlePath(data.handle));
  const upload = url(ctx, '/upload');
  const name = oneLine(data.displayName);
  return mail(ctx, {
    subject: `Your handle @${data.handle} is ready`,
    text: [
      `Hello ${name},`,
      '',
      `Your request was approved: @${data.handle} is yours.`,
      `Your page: ${profile}`,
      `Share a list: ${upload}`,
    ],
    html: [
      para(`Hello ${name},`),
      `<p>Your request was approved: <strong>@${escapeHtml(data.handle)}</strong> is yours.</p>`,
      button(upload, 'Share a list'),
      `<p>Your page: ${link(profile, profile)}</p>`,
    ],
  });
}

/** Mail 2, to the requester: the request was rejected. */
export function handleRejectedMail(ctx: MailContext, data: { handle: string; displayName: string }): RenderedMail {
  const name = oneLine(data.displayName);
  return mail(ctx, {
    subject: `Your request for @${data.handle}`,
    text: [`Hello ${name},`, '', `Your request for the handle @${data.handle} was not approved.`],
    html: [
      para(`Hello ${name},`),
      `<p>Your request for the handle <strong>@${escapeHtml(data.handle)}</strong> was not approved.</p>`,
    ],
  });
}

/** Mail 2, to a holder: their handle was removed. */
export function handleRemovedMail(ctx: MailContext, data: { handle: string }): RenderedMail {
  return mail(ctx, {
    subject: `Your handle @${data.handle} was removed`,
    text: [`Your handle @${data.handle} was removed from Freshlist by its team, and you were signed out.`],
    html: [
      `<p>Your handle <strong>@${escapeHtml(data.handle)}</strong> was removed from Freshlist by its team, and you were signed out.</p>`,
    ],
  });
}

export interface HandlePosts {
  handle: string;
  displayName: string;
  posts: MailPost[];
}

function postsText(ctx: MailContext, group: HandlePosts): string[] {
  return [
    `${oneLine(group.displayName)} (@${group.handle}) ${url(ctx, handlePath(group.handle))}`,
    ...group.posts.map((p) => `- ${oneLine(p.description) || 'New list'}: ${postOpenUrl(ctx, p)}`),
  ];
}

function postsHtml(ctx: MailContext, group: HandlePosts): string {
  const items = group.posts.map((p) => `<li>${link(postOpenUrl(ctx, p), oneLine(p.description) || 'New list')}</li>`).join('');
  return `<h2 style="font-size:16px;margin:16px 0 4px">${link(url(ctx, handlePath(group.handle)), `${oneLine(group.displayName)} (@${group.handle})`)}</h2><ul>${items}</ul>`;
}

/** Mail 4, instantly: a followed handle shared new lists. */
export function listUpdateMail(ctx: MailContext, data: HandlePosts): RenderedMail {
  const count = data.posts.length;
  return mail(ctx, {
    subject: `${oneLine(data.displayName)} (@${data.handle}) shared ${count === 1 ? 'a new list' : `${count} new lists`}`,
    text: [...postsText(ctx, data)],
    html: [postsHtml(ctx, data)],
  });
}

/** Mail 4, as a digest: each followed handle's new lists of the day or week. */
export function listDigestMail(ctx: MailContext, data: { period: 'daily' | 'weekly'; handles: HandlePosts[] }): RenderedMail {
  const count = data.handles.reduce((n, h) => n + h.posts.length, 0);
  const when = data.period === 'daily' ? 'today' : 'this week';
  const lists = count === 1 ? '1 new list' : `${count} new lists`;
  return mail(ctx, {
    subject: `Freshlist ${data.period === 'daily' ? 'daily' : 'weekly'} digest: ${lists}`,
    text: [`New lists from handles you follow, ${when}:`, ...data.handles.flatMap((h) => ['', ...postsText(ctx, h)])],
    html: [para(`New lists from handles you follow, ${when}:`), ...data.handles.map((h) => postsHtml(ctx, h))],
  });
}

export interface FormResponses {
  formId: string;
  title: string;
  count: number;
}

/** Mail 5: a chat form got responses (instantly, or in the daily digest). */
export function formResponsesMail(ctx: MailContext, data: { daily: boolean; forms: FormResponses[] }): RenderedMail {
  const total = data.forms.reduce((n, f) => n + f.count, 0);
  const responses = (n: number) => (n === 1 ? '1 new response' : `${n} new responses`);
  const only = data.forms.length === 1 ? data.forms[0] : undefined;
  const subject = only ? `${oneLine(only.title)}: ${responses(only.count)}` : `Your chat forms: ${responses(total)}`;
  const responsesUrl = (f: FormResponses) => url(ctx, `/chat-form-creator/${encodeURIComponent(f.formId)}/responses`);
  return mail(ctx, {
    subject: data.daily ? `Daily: ${subject}` : subject,
    text: data.forms.map((f) => `${oneLine(f.title)}: ${responses(f.count)} ${responsesUrl(f)}`),
    html: [
      `<ul>${data.forms.map((f) => `<li>${link(responsesUrl(f), oneLine(f.title))}: ${responses(f.count)}</li>`).join('')}</ul>`,
    ],
  });
}
