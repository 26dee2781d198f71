import { z } from 'zod';
import { characterCount } from './link';
import { hasControlCharacters, TEXT_MESSAGES } from './text';

/** Chat forms (spec 2 /form/{formId}, 3 chatFormCreator and chat form submission, 4 chat form states). */

export const FORM_TITLE_MAX = 120;
export const FORM_DESCRIPTION_MAX = 1000;
export const FORM_QUESTIONS_MAX = 50;
export const FIELD_MAX = 60;
export const QUESTION_LINES_MAX = 10;
export const QUESTION_LINE_MAX = 500;
export const THANK_YOU_MAX = 2000;
/** A one-line answer; a question marked long (Shift+Enter for a new line) allows more. */
export const ANSWER_MAX = 500;
export const LONG_ANSWER_MAX = 5000;
/** Ids are made by the server; this is also the database CHECK. */
export const FORM_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;
/** The owner's table shows this many newest responses; the CSV export has them all. */
export const RESPONSES_PAGE_MAX = 500;
export const SUBMITTED_AT_COLUMN = 'Submitted at';

/** Words the visitor sees, letter for letter from the spec where it gives them. */
export const CHAT_FORM_TEXT = {
  loading: 'Loading form...',
  notFoundHeading: 'Form not found',
  notFound: 'Form not found.',
  notFoundHelp: 'This form does not exist or was removed. Check the link you were given.',
  submit: 'Submit my response',
  submitting: 'Submitting...',
  reset: 'Reset',
  defaultThankYou: 'Thank you!',
  copy: 'Copy',
  copied: 'Copied to the clipboard.',
  tryIt: 'Did you like this style of form? Try it!',
  tryChatForm: 'Try Chat Form',
} as const;

export const CHAT_FORM_MESSAGES = {
  titleRequired: 'Title is required.',
  titleTooLong: `Title can be at most ${FORM_TITLE_MAX} characters.`,
  descriptionTooLong: `Description can be at most ${FORM_DESCRIPTION_MAX} characters.`,
  questionsRequired: 'Add at least one question.',
  tooManyQuestions: `A form can have at most ${FORM_QUESTIONS_MAX} questions.`,
  fieldRequired: 'Every question needs a field name.',
  fieldTooLong: `Field names can be at most ${FIELD_MAX} characters.`,
  fieldDuplicate: (field: string) => `Field names must be different: "${field}" is used twice.`,
  linesRequired: 'Every question needs some text to show.',
  tooManyLines: `A question can have at most ${QUESTION_LINES_MAX} lines.`,
  lineTooLong: `Each line of a question can be at most ${QUESTION_LINE_MAX} characters.`,
  thankYouTooLong: `The thank-you message can be at most ${THANK_YOU_MAX} characters.`,
  answerRequired: 'Please type an answer.',
  answerTooLong: (max: number) => `Answers can be at most ${max} characters.`,
  answerOneLine: 'This answer must be one line.',
  unknownField: (field: string) => `"${field}" is not a question of this form.`,
  missingAnswer: (field: string) => `Please answer "${field}".`,
  idempotencyKey: 'A submission key of 16 to 100 letters, digits, - or _ is required.',
  notManager: "Only the form's owner or an admin can do that.",
} as const;

export interface ChatQuestion {
  field: string;
  /** The text lines shown as system bubbles. */
  lines: string[];
  /** Long answers may span several lines (Shift+Enter). */
  long: boolean;
}

export interface ChatFormInput {
  title: string;
  description: string;
  questions: ChatQuestion[];
  thankYouMessage: string;
}

/** Which part of the form a problem belongs to, so the editor can show it beside that input. */
export type ChatFormPart = 'title' | 'description' | 'questions' | 'field' | 'lines' | 'thankYouMessage';

export interface ChatFormProblem {
  part: ChatFormPart;
  /** Index of the question, for `field` and `lines`. */
  question?: number;
  message: string;
}

const lineBreaks = /\r\n?/g;

/** Trims what a person typed and drops empty lines, as stored. */
export function normalizeChatForm(input: ChatFormInput): ChatFormInput {
  return {
    title: input.title.trim(),
    description: input.description.replace(lineBreaks, '\n').trim(),
    questions: input.questions.map((q) => ({
      field: q.field.trim(),
      lines: q.lines.map((line) => line.trim()).filter((line) => line.length > 0),
      long: q.long,
    })),
    thankYouMessage: input.thankYouMessage.replace(lineBreaks, '\n').trim(),
  };
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
  for (const [question, q] of form.questions.entries()) {
    if (q.field.length === 0) return { part: 'field', question, message: CHAT_FORM_MESSAGES.fieldRequired };
    if (characterCount(q.field) > FIELD_MAX) return { part: 'field', question, message: CHAT_FORM_MESSAGES.fieldTooLong };
    if (hasControlCharacters(q.field)) {
      return { part: 'field', question, message: TEXT_MESSAGES.controlCharacters('A field name') };
    }
    // Fields are the answer keys and the CSV columns: two that differ only in case would look the same.
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
  }
  if (characterCount(form.thankYouMessage) > THANK_YOU_MAX) {
    return { part: 'thankYouMessage', message: CHAT_FORM_MESSAGES.thankYouTooLong };
  }
  if (hasControlCharacters(form.thankYouMessage, { multiline: true })) {
    return { part: 'thankYouMessage', message: TEXT_MESSAGES.controlCharacters('The thank-you message') };
  }
  return null;
}

// Generous outer bounds keep a hostile payload small before the rules above give the precise message.
const boundedText = (max: number) => z.string().max(max * 4);

const chatQuestionInputSchema = z.object({
  field: boundedText(FIELD_MAX),
  lines: z.array(boundedText(QUESTION_LINE_MAX)).max(QUESTION_LINES_MAX * 4),
  long: z.boolean().default(false),
});

/** What the creator sends to create or replace a form; parsing normalizes it and applies the rules. */
export const chatFormInputSchema = z
  .object({
    title: boundedText(FORM_TITLE_MAX),
    description: boundedText(FORM_DESCRIPTION_MAX).default(''),
    questions: z.array(chatQuestionInputSchema).max(FORM_QUESTIONS_MAX * 2),
    thankYouMessage: boundedText(THANK_YOU_MAX).default(''),
  })
  .transform(normalizeChatForm)
  .superRefine((form, ctx) => {
    const problem = chatFormProblem(form);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message });
  });

export function answerLimit(question: Pick<ChatQuestion, 'long'>): number {
  return question.long ? LONG_ANSWER_MAX : ANSWER_MAX;
}

/** An answer as stored: ends trimmed, line breaks as \n. */
export function normalizeAnswer(raw: string): string {
  return raw.replace(lineBreaks, '\n').trim();
}

/** Why a normalized answer cannot be taken for this question, or null. */
export function answerProblem(answer: string, question: Pick<ChatQuestion, 'long'>): string | null {
  if (answer.length === 0) return CHAT_FORM_MESSAGES.answerRequired;
  if (!question.long && answer.includes('\n')) return CHAT_FORM_MESSAGES.answerOneLine;
  const max = answerLimit(question);
  if (characterCount(answer) > max) return CHAT_FORM_MESSAGES.answerTooLong(max);
  if (hasControlCharacters(answer, { multiline: true })) return TEXT_MESSAGES.controlCharacters('An answer');
  return null;
}

/**
 * Checks a visitor's answers against the form's own questions: every field must be a question
 * of this form and every question needs a valid answer. Returns the stored answers or the problem.
 */
export function checkSubmission(
  questions: ChatQuestion[],
  answers: Record<string, string>,
): { answers: Record<string, string> } | { problem: string } {
  const byField = new Map(questions.map((q) => [q.field, q]));
  for (const field of Object.keys(answers)) {
    if (!byField.has(field)) return { problem: CHAT_FORM_MESSAGES.unknownField(field) };
  }
  const stored: Record<string, string> = {};
  for (const q of questions) {
    const raw = answers[q.field];
    if (raw === undefined) return { problem: CHAT_FORM_MESSAGES.missingAnswer(q.field) };
    const answer = normalizeAnswer(raw);
    const problem = answerProblem(answer, q);
    if (problem)
      return { problem: problem === CHAT_FORM_MESSAGES.answerRequired ? CHAT_FORM_MESSAGES.missingAnswer(q.field) : problem };
    stored[q.field] = answer;
  }
  return { answers: stored };
}

export const submissionInputSchema = z.object({
  answers: z
    .record(z.string().max(FIELD_MAX * 4), z.string().max(LONG_ANSWER_MAX * 4))
    .refine((answers) => Object.keys(answers).length <= FORM_QUESTIONS_MAX * 2, {
      message: CHAT_FORM_MESSAGES.tooManyQuestions,
    }),
  idempotencyKey: z
    .string({ error: CHAT_FORM_MESSAGES.idempotencyKey })
    .refine((key) => IDEMPOTENCY_KEY_PATTERN.test(key), { message: CHAT_FORM_MESSAGES.idempotencyKey }),
});
export type SubmissionInput = z.infer<typeof submissionInputSchema>;

/** The thank-you message as lines (spec: lines separated by newlines), or 'Thank you!'. */
export function thankYouLines(message: string): string[] {
  const lines = message
    .split(/\r\n?|\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  return lines.length > 0 ? lines : [CHAT_FORM_TEXT.defaultThankYou];
}

/** The answer summary shown after submit, one 'field: answer' line per question. */
export function summaryLines(questions: Pick<ChatQuestion, 'field'>[], answers: Record<string, string>): string[] {
  return questions.map((q) => `${q.field}: ${answers[q.field] ?? ''}`);
}

/**
 * Columns of the owner's table and CSV: the form's fields in order, then fields that only older
 * responses have (the form was edited since), so no answer is ever hidden.
 */
export function responseColumns(questionFields: string[], answerFields: string[]): string[] {
  const current = new Set(questionFields);
  const older = [...new Set(answerFields)].filter((f) => !current.has(f)).sort((a, b) => a.localeCompare(b));
  return [...questionFields, ...older];
}

// API shapes, shared by the routes (response schemas) and the web app.

const questionSchema = z.object({ field: z.string(), lines: z.array(z.string()), long: z.boolean() });

export const publicChatFormSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  questions: z.array(questionSchema),
  thankYouMessage: z.string(),
});
export type PublicChatForm = z.infer<typeof publicChatFormSchema>;

export const managedChatFormSchema = publicChatFormSchema.extend({
  ownerId: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  responseCount: z.number(),
});
export type ManagedChatForm = z.infer<typeof managedChatFormSchema>;

export const chatFormListItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  questionCount: z.number(),
  responseCount: z.number(),
  updatedAt: z.number(),
  /** Who made it (shown to admins looking at every form); null once that account is gone. */
  ownerName: z.string().nullable(),
  mine: z.boolean(),
});
export type ChatFormListItem = z.infer<typeof chatFormListItemSchema>;

export const chatFormListSchema = z.object({ forms: z.array(chatFormListItemSchema) });
export type ChatFormList = z.infer<typeof chatFormListSchema>;

export const chatFormResponseSchema = z.object({
  id: z.number(),
  answers: z.record(z.string(), z.string()),
  submittedAt: z.number(),
});
export type ChatFormResponse = z.infer<typeof chatFormResponseSchema>;

export const chatFormResponsesSchema = z.object({
  form: managedChatFormSchema,
  columns: z.array(z.string()),
  total: z.number(),
  responses: z.array(chatFormResponseSchema),
});
export type ChatFormResponses = z.infer<typeof chatFormResponsesSchema>;

export const submissionResultSchema = z.object({ id: z.number(), submittedAt: z.number() });
export type SubmissionResult = z.infer<typeof submissionResultSchema>;
