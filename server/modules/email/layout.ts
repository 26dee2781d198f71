/**
 * The one layout every mail shares, and its parts (docs/decisions/0143). A mail is a subject, a
 * preheader and a list of sections; each section brings its text lines and its HTML, so a new kind
 * of mail, or a new section in one (a change summary, a "list updated" note), is one more function.
 * The HTML is what Gmail and phones read well: one centred 600 px column, inline styles only (Gmail
 * drops most style sheets), a table for the frame (Outlook), system fonts, buttons as styled links.
 */

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Files the mail carries (an order's CSV, docs/decisions/0210), made at delivery like the body. */
  attachments?: MailAttachment[];
  /** Where an answer goes when it is not Freshlist's address (an order's buyer). */
  replyTo?: { name: string; address: string };
}

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface MailContext {
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  /** The one-click unsubscribe page for this mail's category; absent on direct answers to the person's own action. */
  unsubscribeUrl?: string | undefined;
  /** A member's /settings, where every kind of mail can be chosen; absent for people without an account. */
  settingsUrl?: string | undefined;
  /** SUPPORT_EMAIL, when set: the address a mail gives for help. */
  supportEmail?: string | undefined;
}

/** What rendering takes of the configuration. */
export interface RenderSettings {
  publicUrl: string;
  ownerEmail: string | undefined;
  /** SUPPORT_EMAIL: the Reply-To of mails that name no one else (issue 43). */
  supportEmail?: string | undefined;
}

/** Answers go to SUPPORT_EMAIL, unless the mail names someone else (spread before the mail: an order's buyer wins). */
export const supportReplyTo = (address: string | undefined): Pick<RenderedMail, 'replyTo'> =>
  address ? { replyTo: { name: 'Freshlist support', address } } : {};

/** A part of a mail: its plain-text lines and its HTML, written together so they say the same. */
export interface MailSection {
  text: string[];
  html: string;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Control characters (CR, LF, NUL, bidi overrides…) never reach a header or a line of text. */
const CONTROL = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]+/gu;
export const oneLine = (s: string) => s.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();

/** Multi-line text (a usage description, an answer): line breaks kept, other control characters dropped. */
export const textBlock = (s: string) =>
  s.replace(/\r\n?/g, '\n').replace(/(?!\n)[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu, '');

const MAX_SUBJECT = 150;
const subjectLine = (s: string) => {
  const line = oneLine(s);
  return line.length > MAX_SUBJECT ? `${line.slice(0, MAX_SUBJECT - 1)}…` : line;
};

const GREEN = '#1f7a4d';
const MUTED = 'color:#667085;font-size:13px';

export const link = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="color:${GREEN}">${escapeHtml(label)}</a>`;
/** A button as Gmail and phones show it: a padded link, big enough to tap (its HTML). */
export const button = (href: string, label: string) =>
  `<p style="margin:12px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:${GREEN};color:#ffffff;padding:12px 22px;border-radius:8px;text-decoration:none;font-weight:600;font-size:16px">${escapeHtml(label)}</a></p>`;
export const para = (s: string) => `<p style="margin:0 0 12px">${escapeHtml(s)}</p>`;
export const muted = (s: string) => `<p style="margin:0 0 8px;${MUTED}">${escapeHtml(s)}</p>`;

/** A section of one paragraph. */
export const paragraph = (s: string): MailSection => ({ text: [s], html: para(s) });
/** A section with a button (its address on its own line in the text part). */
export const buttonSection = (href: string, label: string): MailSection => ({
  text: [`${label}: ${href}`],
  html: button(href, label),
});

export const url = (ctx: MailContext, path: string) => `${ctx.publicUrl}${path}`;

function footer(ctx: MailContext): MailSection | null {
  if (!ctx.unsubscribeUrl) return null;
  const settings = ctx.settingsUrl;
  return {
    text: ['', '--', ...(settings ? [`Choose which mail you get: ${settings}`] : []), `Unsubscribe: ${ctx.unsubscribeUrl}`],
    html: `<p style="margin:24px 0 0;padding-top:12px;border-top:1px solid #e4e7ec;${MUTED}">You get this mail from Freshlist. ${
      settings ? `${link(settings, 'Choose which mail you get')} · ` : ''
    }${link(ctx.unsubscribeUrl, 'Unsubscribe')}</p>`,
  };
}

/**
 * A whole mail: the subject, a preheader (the line inboxes show after the subject), the sections,
 * and the unsubscribe footer when the mail has one.
 */
export function mail(
  ctx: MailContext,
  parts: { subject: string; preheader?: string } & ({ sections: MailSection[] } | { text: string[]; html: string[] }),
): RenderedMail {
  const subject = subjectLine(parts.subject);
  // Text lines and HTML parts given apart (the first templates' form) make one section.
  const own = 'sections' in parts ? parts.sections : [{ text: parts.text, html: parts.html.join('') }];
  const end = footer(ctx);
  const sections = end ? [...own, end] : own;
  const preheader = parts.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${escapeHtml(oneLine(parts.preheader))}</div>`
    : '';
  const body = sections.map((s) => s.html).join('');
  return {
    subject,
    text: `${sections.flatMap((s) => s.text).join('\n')}\n`,
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(subject)}</title></head><body style="margin:0;padding:0;background:#f4f6f3">${preheader}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f3"><tr><td align="center" style="padding:16px 8px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px"><tr><td style="padding:20px 20px 24px;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#1b1b1b"><p style="margin:0 0 16px;font-weight:700;color:${GREEN}">Freshlist</p>${body}</td></tr></table></td></tr></table></body></html>`,
  };
}
