import { answerText, SKIPPED_TEXT } from '../../../core/chat-form-answers';
import type { QuestionType } from '../../../core/chat-form-questions';
import {
  buttonSection,
  escapeHtml,
  type MailContext,
  type MailSection,
  mail,
  oneLine,
  type RenderedMail,
  textBlock,
  url,
} from './layout';

/** One response as the mail shows it: when, and each question's answer. */
export interface MailResponse {
  submittedAt: number;
  /** `type`: the question's kind, so a date answer reads as people write it, as on the form's pages. */
  answers: Array<{ field: string; type?: QuestionType; answer: string | number | boolean | string[] | null }>;
}

export interface FormResponses {
  formId: string;
  title: string;
  count: number;
  /** The newest responses, newest first: at most a few, with their answers (issue 31). */
  latest: MailResponse[];
}

const when = (ms: number) =>
  new Date(ms).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

/** A response's answers: "Name: Ada" lines, and a small table in the HTML part. */
function responseSection(response: MailResponse): MailSection {
  const rows = response.answers.map(({ field, type, answer }) => ({
    field: oneLine(field),
    text: answer === null || answer === undefined ? SKIPPED_TEXT : textBlock(answerText(answer, type)),
  }));
  return {
    text: ['', `  ${when(response.submittedAt)} (UTC)`, ...rows.map((r) => `  ${r.field}: ${r.text.replace(/\n/g, '\n    ')}`)],
    html: `<table role="presentation" cellpadding="0" cellspacing="0" width="100%" style="margin:0 0 12px;border:1px solid #e4e7ec;border-radius:8px;border-collapse:separate"><tr><td colspan="2" style="padding:6px 10px;color:#667085;font-size:13px">${escapeHtml(when(response.submittedAt))} (UTC)</td></tr>${rows
      .map(
        (r) =>
          `<tr><td width="35%" style="width:35%;padding:4px 10px;vertical-align:top;font-weight:600;word-break:break-word">${escapeHtml(r.field)}</td><td style="padding:4px 10px;white-space:pre-wrap;word-break:break-word">${escapeHtml(r.text)}</td></tr>`,
      )
      .join('')}</table>`,
  };
}

const responsesWord = (n: number) => (n === 1 ? '1 new response' : `${n} new responses`);

function formSection(ctx: MailContext, form: FormResponses): MailSection[] {
  const all = url(ctx, `/chat-form-creator/${encodeURIComponent(form.formId)}/responses`);
  const title = oneLine(form.title);
  const more = form.count - form.latest.length;
  return [
    {
      text: ['', `${title}: ${responsesWord(form.count)}`],
      html: `<h2 style="font-size:18px;margin:16px 0 8px">${escapeHtml(title)}: ${escapeHtml(responsesWord(form.count))}</h2>`,
    },
    ...form.latest.map(responseSection),
    ...(more > 0
      ? [{ text: [`  … and ${more} more`], html: `<p style="margin:0 0 8px;color:#667085">… and ${more} more</p>` }]
      : []),
    buttonSection(all, 'See all responses'),
  ];
}

/** Mail 5: a chat form got responses (instantly, or in the daily digest), with their answers. */
export function formResponsesMail(ctx: MailContext, data: { daily: boolean; forms: FormResponses[] }): RenderedMail {
  const total = data.forms.reduce((n, f) => n + f.count, 0);
  const only = data.forms.length === 1 ? data.forms[0] : undefined;
  const subject = only ? `${oneLine(only.title)}: ${responsesWord(only.count)}` : `Your chat forms: ${responsesWord(total)}`;
  return mail(ctx, {
    subject: data.daily ? `Daily: ${subject}` : subject,
    sections: data.forms.flatMap((f) => formSection(ctx, f)),
  });
}
