/**
 * The notices Freshlist sends (invites, handles, accounts), as pure functions: data in, subject +
 * text + HTML out, in the shared layout (layout.ts). Names and texts are escaped in the HTML part
 * and stripped of control characters everywhere; links are built from PUBLIC_URL. The transport
 * adds the headers (Message-ID, List-Unsubscribe). List mails: list-templates.ts; form responses:
 * form-templates.ts.
 */
import {
  button,
  buttonSection,
  escapeHtml,
  link,
  type MailContext,
  type MailSection,
  mail,
  oneLine,
  paragraph,
  type RenderedMail,
  textBlock,
  url,
} from './layout';

export const handlePath = (handle: string) => `/${encodeURIComponent(handle)}`;

export type { MailContext, RenderedMail } from './layout';
// The layout's parts, for the other modules' templates written against this file (trade-templates.ts).
export { button, escapeHtml, mail, oneLine, para, textBlock, url } from './layout';

const hello = (name: string): MailSection => paragraph(`Hello ${oneLine(name)},`);
const strongHandle = (before: string, handle: string, after: string): MailSection => ({
  text: [`${before}@${handle}${after}`],
  html: `<p style="margin:0 0 12px">${escapeHtml(before)}<strong>@${escapeHtml(handle)}</strong>${escapeHtml(after)}</p>`,
});
const quote = (label: string, body: string): MailSection => {
  const block = textBlock(body);
  return {
    text: ['', `${label}:`, block, ''],
    html: `<p style="margin:0 0 4px">${escapeHtml(label)}:</p><blockquote style="margin:0 0 12px;padding:8px 12px;border-left:3px solid #d0d5dd;white-space:pre-wrap;color:#344054">${escapeHtml(block)}</blockquote>`,
  };
};

/** What Freshlist is, for an invite to someone who may never have heard of it (#31). */
const ABOUT_FRESHLIST =
  'Freshlist is where suppliers, restaurants and small businesses share their latest menu, price list or catalogue: you post one link to the list you already keep on Google Drive or Dropbox, and the people you work with follow you and always see the newest version.';

/** Mails 1 and 3: an invite to take a handle, saying who sent it (their public name) and what Freshlist is. */
export function inviteMail(
  ctx: MailContext,
  data: { handle: string; displayName: string; invitedBy?: string | null },
): RenderedMail {
  const accept = url(ctx, `/invite${handlePath(data.handle)}`);
  const inviter = data.invitedBy ? oneLine(data.invitedBy) : null;
  return mail(ctx, {
    subject: inviter
      ? `${inviter} invited you to Freshlist as @${data.handle}`
      : `You're invited to Freshlist as @${data.handle}`,
    sections: [
      hello(data.displayName),
      strongHandle(
        `${inviter ? `${inviter} invited you` : 'You are invited'} to share your lists on Freshlist under the handle `,
        data.handle,
        '.',
      ),
      paragraph(ABOUT_FRESHLIST),
      {
        text: [`Accept the invite here: ${accept}`],
        html: `${button(accept, 'Accept the invite')}<p style="margin:0;color:#667085;font-size:13px">Or open ${link(accept, accept)}</p>`,
      },
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
  return mail(ctx, {
    subject: `Handle request: @${data.handle} from ${name}`,
    sections: [
      {
        text: [`${name} <${oneLine(data.email)}> asks for the handle @${data.handle}.`],
        html: `<p style="margin:0 0 12px">${escapeHtml(name)} &lt;${escapeHtml(oneLine(data.email))}&gt; asks for the handle <strong>@${escapeHtml(data.handle)}</strong>.</p>`,
      },
      quote('What they will share', data.usageDescription),
      { text: [`Approve or reject it: ${admin}`], html: button(admin, 'Review handle requests') },
    ],
  });
}

/** Admins: someone asked for an invite (issue 31). */
export function inviteRequestedMail(ctx: MailContext, data: { name: string; email: string; handle: string }): RenderedMail {
  const review = url(ctx, '/admin/invite-requests');
  const name = oneLine(data.name);
  return mail(ctx, {
    subject: `Invite request: @${data.handle} from ${name}`,
    preheader: `${name} would like to share lists on Freshlist.`,
    sections: [
      {
        text: [`${name} <${oneLine(data.email)}> asks for an invite, with the handle @${data.handle}.`],
        html: `<p style="margin:0 0 12px">${escapeHtml(name)} &lt;${escapeHtml(oneLine(data.email))}&gt; asks for an invite, with the handle <strong>@${escapeHtml(data.handle)}</strong>.</p>`,
      },
      buttonSection(review, 'Review invite requests'),
    ],
  });
}

/** Mail 2, to the requester: the request was approved. */
export function handleApprovedMail(ctx: MailContext, data: { handle: string; displayName: string }): RenderedMail {
  const profile = url(ctx, handlePath(data.handle));
  const upload = url(ctx, '/upload');
  return mail(ctx, {
    subject: `Your handle @${data.handle} is ready`,
    sections: [
      hello(data.displayName),
      strongHandle('Your request was approved: ', data.handle, ' is yours.'),
      buttonSection(upload, 'Share a list'),
      { text: [`Your page: ${profile}`], html: `<p style="margin:0">Your page: ${link(profile, profile)}</p>` },
    ],
  });
}

/**
 * Mail 2, to the requester: the request was rejected, with the owner's reason when they gave one,
 * and what the person can do next (issue 31).
 */
export function handleRejectedMail(
  ctx: MailContext,
  data: { handle: string; displayName: string; reason?: string | null | undefined },
): RenderedMail {
  const reason = data.reason ? textBlock(data.reason).trim() : '';
  return mail(ctx, {
    subject: `Your request for @${data.handle}`,
    sections: [
      hello(data.displayName),
      strongHandle('Your request for the handle ', data.handle, ' was not approved.'),
      ...(reason ? [quote('The Freshlist team says', reason)] : []),
      paragraph('What you can do next:'),
      {
        text: [
          `- Ask for another handle: ${url(ctx, '/request-handle')}`,
          `- Or ask for an invite, telling us more about your business: ${url(ctx, '/request-invite')}`,
          `- Meanwhile, follow suppliers and restaurants and read their lists: ${url(ctx, '/explore')}`,
        ],
        html: `<ul style="margin:0 0 12px;padding-left:20px"><li>${link(url(ctx, '/request-handle'), 'Ask for another handle')}</li><li>Or ${link(url(ctx, '/request-invite'), 'ask for an invite')}, telling us more about your business</li><li>Meanwhile, ${link(url(ctx, '/explore'), 'follow suppliers and restaurants')} and read their lists</li></ul>`,
      },
    ],
  });
}

/** Mail 2, to a holder: their handle was removed. */
export function handleRemovedMail(ctx: MailContext, data: { handle: string }): RenderedMail {
  return mail(ctx, {
    subject: `Your handle @${data.handle} was removed`,
    sections: [strongHandle('Your handle ', data.handle, ' was removed from Freshlist by its team, and you were signed out.')],
  });
}

const day = (ms: number) =>
  new Date(ms).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** To the person: their account was deleted (by them or by an admin) and can be restored until a day (issue 31). */
export function accountDeletedMail(
  ctx: MailContext,
  data: { displayName: string; bySelf: boolean; restorableUntil: number },
): RenderedMail {
  return mail(ctx, {
    subject: 'Your Freshlist account was deleted',
    sections: [
      hello(data.displayName),
      paragraph(
        data.bySelf
          ? 'You deleted your Freshlist account: your handle, lists and follows are gone from Freshlist.'
          : 'The Freshlist team deleted your account: your handle, lists and follows are gone from Freshlist.',
      ),
      paragraph(
        `A backup is kept until ${day(data.restorableUntil)}. If this was a mistake, ask the Freshlist team to restore it before then${
          ctx.supportEmail ? ` (write to ${ctx.supportEmail} or reply to this mail)` : ''
        }; after that day it is gone for good.`,
      ),
    ],
  });
}

/** To the person: their account is back (issue 31). */
export function accountRestoredMail(ctx: MailContext, data: { displayName: string }): RenderedMail {
  const login = url(ctx, '/login');
  return mail(ctx, {
    subject: 'Your Freshlist account is back',
    sections: [
      hello(data.displayName),
      paragraph('The Freshlist team restored your account: your handle, lists and follows are back as they were.'),
      buttonSection(login, 'Sign in'),
    ],
  });
}
