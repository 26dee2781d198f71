import { z } from 'zod';
import { LONG_ANSWER_MAX } from './chat-form-answers';
import {
  type ChatQuestion,
  FIELD_MAX,
  normalizeQuestion,
  OPTION_MAX,
  OPTIONS_MAX,
  QUESTION_TYPES,
  questionSettingsProblem,
} from './chat-form-questions';
import { IDEMPOTENCY_KEY_PATTERN } from './chat-form-visitor';
import { characterCount } from './link';
import { hasControlCharacters, TEXT_MESSAGES } from './text';

/** Chat forms (spec 2 /form/{formId}, 3 chatFormCreator and chat form submission, 4 chat form states). */

export const FORM_TITLE_MAX = 120;
export const FORM_DESCRIPTION_MAX = 1000;
export const FORM_QUESTIONS_MAX = 50;
export const QUESTION_LINES_MAX = 10;
export const QUESTION_LINE_MAX = 500;
export const THANK_YOU_MAX = 2000;
export const MAX_RESPONSES_LIMIT = 1_000_000;
/** The last millisecond of year 9999: later closing dates are typing mistakes. */
const LATEST_TIME = 253_402_300_799_999;
/** Ids are made by the server; this is also the database CHECK. */
export const FORM_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** The owner's page shows this many newest responses; the downloads have them all. */
export const RESPONSES_PAGE_MAX = 500;
export const SUBMITTED_AT_COLUMN = 'Submitted at';

export const CHAT_FORM_MESSAGES = {
  titleRequired: 'Title is required.',
  titleTooLong: `Title can be at most ${FORM_TITLE_MAX} characters.`,
  descriptionTooLong: `Description can be at most ${FORM_DESCRIPTION_MAX} characters.`,
  questionsRequired: 'Add at least one question.',
  tooManyQuestions: `A form can have at most ${FORM_QUESTIONS_MAX} questions.`,
  fieldRequired: 'Every question needs an answer key.',
  fieldTooLong: `Answer keys can be at most ${FIELD_MAX} characters.`,
  fieldDuplicate: (field: string) => `Answer keys must be different: "${field}" is used twice.`,
  linesRequired: 'Every question needs some text to show.',
  tooManyLines: `A question can have at most ${QUESTION_LINES_MAX} lines.`,
  lineTooLong: `Each line of a question can be at most ${QUESTION_LINE_MAX} characters.`,
  thankYouTooLong: `The thank-you message can be at most ${THANK_YOU_MAX} characters.`,
  maxResponses: `The number of responses must be a whole number from 1 to ${MAX_RESPONSES_LIMIT}.`,
  closesAt: 'The closing date is not a date this form can use.',
  idempotencyKey: 'A submission key of 16 to 100 letters, digits, - or _ is required.',
  notManager: "Only the form's owner or an admin can do that.",
} as const;

export interface ChatFormInput {
  title: string;
  description: string;
  questions: ChatQuestion[];
  thankYouMessage: string;
  /** When the form stops taking responses (epoch ms); null: never. */
  closesAt: number | null;
  /** How many responses the form takes at most; null: no limit. */
  maxResponses: number | null;
}

/** Which part of the form a problem belongs to, so the editor can show it beside that input. */
export type ChatFormPart =
  | 'title'
  | 'description'
  | 'questions'
  | 'field'
  | 'lines'
  | 'options'
  | 'limits'
  | 'thankYouMessage'
  | 'closesAt'
  | 'maxResponses';

export interface ChatFormProblem {
  part: ChatFormPart;
  /** Index of the question, for `field`, `lines`, `options` and `limits`. */
  question?: number;
  message: string;
}

const lineBreaks = /\r\n?/g;

/** A form as sent: questions may lack what an older client does not know (their kind, whether required). */
export type ChatFormSent = Omit<ChatFormInput, 'questions'> & { questions: Parameters<typeof normalizeQuestion>[0][] };

/** Trims what a person typed and drops empty lines and settings a question's kind does not use, as stored. */
export function normalizeChatForm(input: ChatFormSent): ChatFormInput {
  return {
    title: input.title.trim(),
    description: input.description.replace(lineBreaks, '\n').trim(),
    questions: input.questions.map(normalizeQuestion),
    thankYouMessage: input.thankYouMessage.replace(lineBreaks, '\n').trim(),
    closesAt: input.closesAt,
    maxResponses: input.maxResponses,
  };
}

function questionProblem(q: ChatQuestion, question: number, seen: Set<string>): ChatFormProblem | null {
  if (q.field.length === 0) return { part: 'field', question, message: CHAT_FORM_MESSAGES.fieldRequired };
  if (characterCount(q.field) > FIELD_MAX) return { part: 'field', question, message: CHAT_FORM_MESSAGES.fieldTooLong };
  if (hasControlCharacters(q.field))
    return { part: 'field', question, message: TEXT_MESSAGES.controlCharacters('An answer key') };
  // Keys are the CSV columns: two that differ only in case would look the same.
  const key = q.field.toLowerCase();
  if (seen.has(key)) return { part: 'field', question, message: CHAT_FORM_MESSAGES.fieldDuplicate(q.field) };
  seen.add(key);
  if (q.lines.length === 0) return { part: 'lines', question, message: CHAT_FORM_MESSAGES.linesRequired };
  if (q.lines.length > QUESTION_LINES_MAX) return { part: 'lines', question, message: CHAT_FORM_MESSAGES.tooManyLines };
  if (q.lines.some((line) => characterCount(line) > QUESTION_LINE_MAX)) {
    return { part: 'lines', question, message: CHAT_FORM_MESSAGES.lineTooLong };
  }
  if (q.lines.some((line) => hasControlCharacters(line))) {
    return { part: 'lines', question, message: TEXT_MESSAGES.controlCharacters('A question') };
  }
  const settings = questionSettingsProblem(q);
  return settings ? { ...settings, question } : null;
}

/** The first rule a normalized form breaks, or null. */
export function chatFormProblem(form: ChatFormInput): ChatFormProblem | null {
  if (form.title.length === 0) return { part: 'title', message: CHAT_FORM_MESSAGES.titleRequired };
  if (characterCount(form.title) > FORM_TITLE_MAX) return { part: 'title', message: CHAT_FORM_MESSAGES.titleTooLong };
  if (hasControlCharacters(form.title)) return { part: 'title', message: TEXT_MESSAGES.controlCharacters('Title') };
  if (characterCount(form.description) > FORM_DESCRIPTION_MAX) {
    return { part: 'description', message: CHAT_FORM_MESSAGES.descriptionTooLong };
  }
  if (hasControlCharacters(form.description, { multiline: true })) {
    return { part: 'description', message: TEXT_MESSAGES.controlCharacters('Description') };
  }
  if (form.questions.length === 0) return { part: 'questions', message: CHAT_FORM_MESSAGES.questionsRequired };
  if (form.questions.length > FORM_QUESTIONS_MAX) return { part: 'questions', message: CHAT_FORM_MESSAGES.tooManyQuestions };
  const seen = new Set<string>();
  for (const [index, q] of form.questions.entries()) {
    const problem = questionProblem(q, index, seen);
    if (problem) return problem;
  }
  if (characterCount(form.thankYouMessage) > THANK_YOU_MAX) {
    return { part: 'thankYouMessage', message: CHAT_FORM_MESSAGES.thankYouTooLong };
  }
  if (hasControlCharacters(form.thankYouMessage, { multiline: true })) {
    return { part: 'thankYouMessage', message: TEXT_MESSAGES.controlCharacters('The thank-you message') };
  }
  const { closesAt, maxResponses } = form;
  if (closesAt !== null && !(Number.isInteger(closesAt) && closesAt >= 0 && closesAt <= LATEST_TIME)) {
    return { part: 'closesAt', message: CHAT_FORM_MESSAGES.closesAt };
  }
  if (maxResponses !== null && !(Number.isInteger(maxResponses) && maxResponses >= 1 && maxResponses <= MAX_RESPONSES_LIMIT)) {
    return { part: 'maxResponses', message: CHAT_FORM_MESSAGES.maxResponses };
  }
  return null;
}

// Generous outer bounds keep a hostile payload small before the rules above give the precise message.
const boundedText = (max: number) => z.string().max(max * 4);
const limit = z.number().nullable().default(null);

const chatQuestionInputSchema = z.object({
  field: boundedText(FIELD_MAX),
  lines: z.array(boundedText(QUESTION_LINE_MAX)).max(QUESTION_LINES_MAX * 4),
  /** Absent (an older client): `long` picks long text, else short text. */
  type: z.enum(QUESTION_TYPES).optional(),
  long: z.boolean().optional(),
  required: z.boolean().default(true),
  options: z
    .array(boundedText(OPTION_MAX))
    .max(OPTIONS_MAX * 2)
    .default([]),
  min: limit,
  max: limit,
});

/** What the creator sends to create or replace a form; parsing normalizes it and applies the rules. */
export const chatFormInputSchema = z
  .object({
    title: boundedText(FORM_TITLE_MAX),
    description: boundedText(FORM_DESCRIPTION_MAX).default(''),
    questions: z.array(chatQuestionInputSchema).max(FORM_QUESTIONS_MAX * 2),
    thankYouMessage: boundedText(THANK_YOU_MAX).default(''),
    closesAt: z.number().nullable().default(null),
    maxResponses: z.number().nullable().default(null),
  })
  .transform(normalizeChatForm)
  .superRefine((form, ctx) => {
    const problem = chatFormProblem(form);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message });
  });

/** Why a form takes no more responses now, or null while it is open. */
export function closedReason(
  form: { closesAt: number | null; maxResponses: number | null },
  responseCount: number,
  now: number,
): 'date' | 'full' | null {
  if (form.closesAt !== null && now >= form.closesAt) return 'date';
  if (form.maxResponses !== null && responseCount >= form.maxResponses) return 'full';
  return null;
}

/**
 * Columns of the owner's table and downloads: the form's fields in order, then fields that only
 * older responses have (the form was edited since), so no answer is ever hidden.
 */
export function responseColumns(questionFields: string[], answerFields: string[]): string[] {
  const current = new Set(questionFields);
  const older = [...new Set(answerFields)].filter((f) => !current.has(f)).sort((a, b) => a.localeCompare(b));
  return [...questionFields, ...older];
}

export const submissionInputSchema = z.object({
  answers: z
    .record(
      z.string().max(FIELD_MAX * 4),
      z.union([
        z.string().max(LONG_ANSWER_MAX * 4),
        z.number(),
        z.boolean(),
        z.array(z.string().max(OPTION_MAX * 4)).max(OPTIONS_MAX * 2),
        z.null(),
      ]),
    )
    .refine((answers) => Object.keys(answers).length <= FORM_QUESTIONS_MAX * 2, {
      message: CHAT_FORM_MESSAGES.tooManyQuestions,
    }),
  idempotencyKey: z
    .string({ error: CHAT_FORM_MESSAGES.idempotencyKey })
    .refine((key) => IDEMPOTENCY_KEY_PATTERN.test(key), { message: CHAT_FORM_MESSAGES.idempotencyKey }),
});
export type SubmissionInput = z.infer<typeof submissionInputSchema>;
