import { answerText } from '../../../core/chat-form-answers';
import type { ChatQuestion } from '../../../core/chat-form-questions';
import type { StoredAnswer } from '../../../db/schema';

/**
 * The cells of the responses' downloads as small pure functions (#31), so wherever the export runs
 * (the request, a worker) it writes the same cells.
 */

/** What a spreadsheet would run as a formula (CSV injection): such a cell gets a leading '. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A phone answer as the form stores it (digits, spaces, an optional + first): never a formula. */
const PHONE_ANSWER = /^\+?[0-9][0-9 ]*$/;

export function csvTextCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * An answer's CSV cell. A phone answer keeps its + without the apostrophe the formula rule would
 * add (#31): the form's phone rule already made it digits and spaces, which no spreadsheet runs.
 */
export function csvAnswerCell(value: StoredAnswer | undefined, question: Pick<ChatQuestion, 'type'> | undefined): string {
  const text = answerText(value);
  return question?.type === 'phone' && PHONE_ANSWER.test(text) ? text : csvTextCell(text);
}

/** The time zone a download is written in: a name the runtime knows (Europe/London), else UTC. */
export function exportTimeZone(name: string | undefined): string {
  if (!name) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

/** When a response came, as people read it in their own time zone and a spreadsheet still sorts it: '2026-11-25 14:30'. */
export function submittedAtText(ms: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** The same moment as a Date whose UTC fields read as the wall clock in `timeZone` (an .xlsx date cell has no zone). */
export function wallClock(ms: number, timeZone: string): Date {
  const [day, time] = submittedAtText(ms, timeZone).split(' ');
  const seconds = new Date(ms).getUTCSeconds();
  return new Date(`${day}T${time}:${String(seconds).padStart(2, '0')}Z`);
}
