import type { ChatQuestion, QuestionType } from './chat-form-questions';
import { NUMBER_LIMIT } from './chat-form-questions';
import { characterCount, hasControlCharacters, TEXT_MESSAGES } from './text-rules';

/**
 * The answer rules of each question kind (issue 19): one function reads what a visitor typed in
 * the browser and what the API received, so both say the same thing in the same words.
 */

/** A stored answer: text kinds and one choice are strings, a number a number, yes/no a boolean, several choices a list. */
export type AnswerValue = string | number | boolean | string[];

/** A one-line answer; a long-text question allows more. */
export const ANSWER_MAX = 500;
export const LONG_ANSWER_MAX = 5000;
export const EMAIL_MAX = 254;
/** E.164 numbers have at most 15 digits; fewer than 5 is no phone number anywhere. */
const PHONE_DIGITS = { min: 5, max: 15 };

export const ANSWER_MESSAGES = {
  typeAnswer: 'Please type an answer.',
  chooseOne: 'Please choose an answer.',
  chooseSome: 'Please choose at least one option.',
  pickDate: 'Please pick a date.',
  yesOrNo: 'Please answer yes or no.',
  tooLong: (max: number) => `Answers can be at most ${max} characters.`,
  oneLine: 'This answer must be one line.',
  email: 'Please enter an email address like name@example.com.',
  phone: 'Please enter a phone number: digits, spaces and an optional + at the start.',
  number: 'Please enter a number, like 12 or 4.5.',
  numberBetween: (min: number, max: number) => `Please enter a number from ${min} to ${max}.`,
  numberAtLeast: (min: number) => `Please enter a number of at least ${min}.`,
  numberAtMost: (max: number) => `Please enter a number of at most ${max}.`,
  date: 'Please enter a real date as year-month-day, like 2026-03-14.',
  notAnOption: 'Please choose one of the options.',
  notOptions: 'Please choose only from the options.',
  unknownField: (field: string) => `"${field}" is not a question of this form.`,
  missingAnswer: (field: string) => `Please answer "${field}".`,
  answerTo: (field: string, problem: string) => `Answer to "${field}": ${problem}`,
  text: 'Please answer with text.',
} as const;

const EMPTY_MESSAGE: Record<QuestionType, string> = {
  text: ANSWER_MESSAGES.typeAnswer,
  'long-text': ANSWER_MESSAGES.typeAnswer,
  email: ANSWER_MESSAGES.typeAnswer,
  phone: ANSWER_MESSAGES.typeAnswer,
  number: ANSWER_MESSAGES.typeAnswer,
  choice: ANSWER_MESSAGES.chooseOne,
  choices: ANSWER_MESSAGES.chooseSome,
  date: ANSWER_MESSAGES.pickDate,
  'yes-no': ANSWER_MESSAGES.yesOrNo,
};

/** What an answer of another kind (a number for a text question, a list for one choice) is told. */
const WRONG_KIND_MESSAGE: Record<QuestionType, string> = {
  text: ANSWER_MESSAGES.text,
  'long-text': ANSWER_MESSAGES.text,
  email: ANSWER_MESSAGES.email,
  phone: ANSWER_MESSAGES.phone,
  number: ANSWER_MESSAGES.number,
  choice: ANSWER_MESSAGES.notAnOption,
  choices: ANSWER_MESSAGES.notOptions,
  date: ANSWER_MESSAGES.date,
  'yes-no': ANSWER_MESSAGES.yesOrNo,
};

/** null: the question was skipped (allowed when it is optional). `empty`: the problem is that nothing was given. */
export type ReadAnswer = { value: AnswerValue | null } | { problem: string; empty?: true };

const nothing = (question: ChatQuestion): ReadAnswer =>
  question.required ? { problem: EMPTY_MESSAGE[question.type], empty: true } : { value: null };

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const PHONE = /^\+?[0-9 ().\-/]+$/;
const NUMBER = /^[+-]?(\d+([.,]\d+)?|[.,]\d+)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function answerLimit(question: Pick<ChatQuestion, 'type'>): number {
  return question.type === 'long-text' ? LONG_ANSWER_MAX : ANSWER_MAX;
}

/** An answer as stored: ends trimmed, line breaks as \n. */
export function normalizeAnswer(raw: string): string {
  return raw.replace(/\r\n?/g, '\n').trim();
}

function textProblem(text: string, question: ChatQuestion): string | null {
  if (question.type !== 'long-text' && text.includes('\n')) return ANSWER_MESSAGES.oneLine;
  const max = answerLimit(question);
  if (characterCount(text) > max) return ANSWER_MESSAGES.tooLong(max);
  if (hasControlCharacters(text, { multiline: true })) return TEXT_MESSAGES.controlCharacters('An answer');
  return null;
}

function readNumber(raw: string | number, question: ChatQuestion): ReadAnswer {
  let value: number;
  if (typeof raw === 'number') value = raw;
  else {
    const compact = raw.replace(/[\s\u00a0\u202f]/g, '');
    if (!NUMBER.test(compact)) return { problem: ANSWER_MESSAGES.number };
    value = Number(compact.replace(',', '.'));
  }
  if (!Number.isFinite(value) || Math.abs(value) > NUMBER_LIMIT) return { problem: ANSWER_MESSAGES.number };
  const { min, max } = question;
  const below = min !== null && value < min;
  const above = max !== null && value > max;
  if (below || above) {
    if (min !== null && max !== null) return { problem: ANSWER_MESSAGES.numberBetween(min, max) };
    return { problem: min !== null ? ANSWER_MESSAGES.numberAtLeast(min) : ANSWER_MESSAGES.numberAtMost(max as number) };
  }
  // -0 reads back as 0 in JSON anyway; store it that way.
  return { value: value === 0 ? 0 : value };
}

function isRealDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1000 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function readText(raw: string, question: ChatQuestion): ReadAnswer {
  const text = normalizeAnswer(raw);
  if (text.length === 0) return nothing(question);
  const problem = textProblem(text, question);
  if (problem) return { problem };
  switch (question.type) {
    case 'email':
      return characterCount(text) <= EMAIL_MAX && EMAIL.test(text) ? { value: text } : { problem: ANSWER_MESSAGES.email };
    case 'phone': {
      const phone = text.replace(/\s+/g, ' ');
      const digits = phone.replace(/\D/g, '').length;
      const fits = PHONE.test(phone) && digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
      return fits ? { value: phone } : { problem: ANSWER_MESSAGES.phone };
    }
    case 'number':
      return readNumber(text, question);
    case 'date':
      return isRealDate(text) ? { value: text } : { problem: ANSWER_MESSAGES.date };
    case 'choice': {
      const option = question.options.find((o) => o.toLowerCase() === text.toLowerCase());
      return option === undefined ? { problem: ANSWER_MESSAGES.notAnOption } : { value: option };
    }
    case 'yes-no': {
      const word = text.toLowerCase();
      if (word === 'yes' || word === 'no') return { value: word === 'yes' };
      return { problem: ANSWER_MESSAGES.yesOrNo };
    }
    default:
      return { value: text };
  }
}

function readChoices(raw: string[], question: ChatQuestion): ReadAnswer {
  const picked = new Set<string>();
  for (const item of raw) {
    const option = question.options.find((o) => o.toLowerCase() === item.trim().toLowerCase());
    if (option === undefined) return { problem: ANSWER_MESSAGES.notOptions };
    picked.add(option);
  }
  if (picked.size === 0) return nothing(question);
  return { value: question.options.filter((o) => picked.has(o)) };
}

/**
 * Reads one answer for its question: what the browser collected (a string, the picked options, a
 * boolean) or what the API received. A required question refuses an empty answer; an optional one
 * reads it as skipped (null). Returns the value as stored, or the visitor-facing problem.
 */
export function readAnswer(question: ChatQuestion, raw: unknown): ReadAnswer {
  if (raw === null || raw === undefined) return nothing(question);
  if (question.type === 'choices') {
    return Array.isArray(raw) && raw.every((item) => typeof item === 'string')
      ? readChoices(raw, question)
      : { problem: ANSWER_MESSAGES.notOptions };
  }
  if (question.type === 'yes-no' && typeof raw === 'boolean') return { value: raw };
  if (question.type === 'number' && typeof raw === 'number') return readNumber(raw, question);
  if (typeof raw !== 'string') return { problem: WRONG_KIND_MESSAGE[question.type] };
  return readText(raw, question);
}

/**
 * Checks a visitor's answers against the form's own questions: every field must be a question of
 * this form, every required question needs a valid answer, and a skipped optional one is left out.
 */
export function checkSubmission(
  questions: ChatQuestion[],
  answers: Record<string, unknown>,
): { answers: Record<string, AnswerValue> } | { problem: string } {
  const byField = new Map(questions.map((q) => [q.field, q]));
  for (const field of Object.keys(answers)) {
    if (!byField.has(field)) return { problem: ANSWER_MESSAGES.unknownField(field) };
  }
  const stored: Record<string, AnswerValue> = {};
  for (const q of questions) {
    const raw = answers[q.field];
    if (q.required && (raw === undefined || raw === null)) return { problem: ANSWER_MESSAGES.missingAnswer(q.field) };
    const read = readAnswer(q, raw);
    if ('problem' in read) {
      return {
        problem: read.empty ? ANSWER_MESSAGES.missingAnswer(q.field) : ANSWER_MESSAGES.answerTo(q.field, read.problem),
      };
    }
    if (read.value !== null) stored[q.field] = read.value;
  }
  return { answers: stored };
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A date answer (stored as 2026-03-14) as people write it: '14 March 2026' (#31). */
export function dateAnswerText(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const month = match ? MONTH_NAMES[Number(match[2]) - 1] : undefined;
  return match && month ? `${Number(match[3])} ${month} ${match[1]}` : day;
}

/**
 * An answer as a person reads it: in the chat's bubbles, the summary, the responses and the CSV.
 * With its question's type, a date reads as people write it (the CSV keeps 2026-03-14, which sorts).
 */
export function answerText(value: AnswerValue | null | undefined, type?: QuestionType): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join(', ');
  if (type === 'date' && typeof value === 'string') return dateAnswerText(value);
  return String(value);
}

export const SKIPPED_TEXT = '(skipped)';

/** The answer summary shown after submit, one 'field: answer' line per question. */
export function summaryLines(
  questions: Pick<ChatQuestion, 'field' | 'type'>[],
  answers: Record<string, AnswerValue | null>,
): string[] {
  return questions.map((q) => {
    const value = answers[q.field];
    return `${q.field}: ${value === null || value === undefined ? SKIPPED_TEXT : answerText(value, q.type)}`;
  });
}
