import {
  button,
  escapeHtml,
  handlePath,
  type MailContext,
  mail,
  oneLine,
  para,
  type RenderedMail,
  textBlock,
  url,
} from './templates';

/**
 * The mails of trade-only lists (docs/decisions/0180): a supplier hears of a request for access, and
 * the member hears the supplier's answer. Neither carries a list's contents.
 */

/** To the supplier: a business asks for access to their trade-only lists. */
export function tradeRequestMail(
  ctx: MailContext,
  data: { handle: string; businessName: string; displayName: string; note: string },
): RenderedMail {
  const requests = url(ctx, '/dashboard#trade-requests');
  const business = oneLine(data.businessName);
  const who = `${business} (${oneLine(data.displayName)})`;
  const note = textBlock(data.note).trim();
  return mail(ctx, {
    subject: `${business} asks for access to your trade-only lists`,
    text: [
      `${who} asks for access to the trade-only lists of @${data.handle}.`,
      ...(note ? ['', 'Their note:', note] : []),
      '',
      `Approve or decline: ${requests}`,
    ],
    html: [
      `<p><strong>${escapeHtml(who)}</strong> asks for access to the trade-only lists of <strong>@${escapeHtml(data.handle)}</strong>.</p>`,
      ...(note ? [`<p>Their note:</p><blockquote style="white-space:pre-wrap">${escapeHtml(note)}</blockquote>`] : []),
      button(requests, 'Approve or decline'),
    ],
  });
}

/** To the member: the supplier approved or declined their request. */
export function tradeDecisionMail(
  ctx: MailContext,
  data: { approved: boolean; handle: string; displayName: string; reason?: string },
): RenderedMail {
  const profile = url(ctx, handlePath(data.handle));
  const supplier = `${oneLine(data.displayName)} (@${data.handle})`;
  if (!data.approved) {
    const reason = textBlock(data.reason ?? '').trim();
    const declined = `${supplier} declined your request for access to their trade-only lists.`;
    const next = 'To talk it over, contact them with the details on their page. You can ask again there at any time.';
    return mail(ctx, {
      subject: `${supplier} declined your request`,
      text: [declined, ...(reason ? ['', 'Their reason:', reason] : []), '', next, `Their page: ${profile}`],
      html: [
        para(declined),
        ...(reason ? [`<p>Their reason:</p><blockquote style="white-space:pre-wrap">${escapeHtml(reason)}</blockquote>`] : []),
        para(next),
        button(profile, 'Contact them'),
      ],
    });
  }
  return mail(ctx, {
    subject: `${supplier} gave you trade access`,
    text: [`${supplier} approved your request: you can now open their trade-only lists.`, `Their lists: ${profile}`],
    html: [
      para(`${supplier} approved your request: you can now open their trade-only lists.`),
      button(profile, 'See their lists'),
    ],
  });
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** A trade request's mails, from their payload (render.ts hands them here by kind). */
export function tradeMailBody(mail: { kind: string; payload: Record<string, unknown> }, ctx: MailContext): RenderedMail {
  const p = mail.payload;
  if (mail.kind === 'trade-request') {
    return tradeRequestMail(ctx, {
      handle: text(p.handle),
      businessName: text(p.businessName),
      displayName: text(p.displayName),
      note: text(p.note),
    });
  }
  return tradeDecisionMail(ctx, {
    approved: mail.kind === 'trade-approved',
    handle: text(p.handle),
    displayName: text(p.displayName),
    reason: text(p.reason),
  });
}
