import type { ChatFormInput } from '../../../core/chat-form';
import type { ManagedChatForm } from '../../../core/chat-form-api';
import { answerKeyFromText, isChoiceType, type QuestionType, uniqueAnswerKey } from '../../../core/chat-form-questions';

/** One question as the editor holds it: its text as one textarea, its settings as typed. */
export interface QuestionDraft {
  /** Stable across reorders, so React keeps each question's inputs (and focus) with it. */
  key: string;
  text: string;
  type: QuestionType;
  required: boolean;
  /** The answer key the owner typed under "Advanced"; ignored while `keyFollowsText`. */
  field: string;
  /** A new question's key is made from its text until the owner types one; a saved one keeps its key. */
  keyFollowsText: boolean;
  /** One option a line (choice kinds). */
  optionsText: string;
  min: string;
  max: string;
}

export interface FormDraft {
  title: string;
  description: string;
  questions: QuestionDraft[];
  thankYouMessage: string;
  /** A datetime-local value in the owner's time zone, or ''. */
  closesAt: string;
  maxResponses: string;
}

let nextKey = 0;
const newKey = () => `q${++nextKey}`;

export function emptyQuestion(): QuestionDraft {
  return {
    key: newKey(),
    text: '',
    type: 'text',
    required: true,
    field: '',
    keyFollowsText: true,
    optionsText: '',
    min: '',
    max: '',
  };
}

export function emptyDraft(): FormDraft {
  return { title: '', description: '', questions: [emptyQuestion()], thankYouMessage: '', closesAt: '', maxResponses: '' };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Epoch ms as a datetime-local value in this browser's time zone. */
export function localDateTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function draftOf(form: ManagedChatForm): FormDraft {
  return {
    title: form.title,
    description: form.description,
    questions: form.questions.map((q) => ({
      key: newKey(),
      text: q.lines.join('\n'),
      type: q.type,
      required: q.required,
      field: q.field,
      keyFollowsText: false,
      optionsText: q.options.join('\n'),
      min: q.min === null ? '' : String(q.min),
      max: q.max === null ? '' : String(q.max),
    })),
    thankYouMessage: form.thankYouMessage,
    closesAt: form.closesAt === null ? '' : localDateTime(form.closesAt),
    maxResponses: form.maxResponses === null ? '' : String(form.maxResponses),
  };
}

/**
 * Every question's answer key: the typed ones as they are, the others made from their text
 * ("Question 3" while it has none), numbered when another question has the same key already.
 */
export function answerKeys(questions: QuestionDraft[]): string[] {
  const taken = questions.filter((q) => !q.keyFollowsText).map((q) => q.field.trim());
  const keys: string[] = [];
  questions.forEach((q, i) => {
    if (!q.keyFollowsText) {
      keys.push(q.field);
      return;
    }
    const key = uniqueAnswerKey(answerKeyFromText(q.text) || `Question ${i + 1}`, [...taken, ...keys]);
    keys.push(key);
  });
  return keys;
}

/** '' is no value; anything else that is not a number stays NaN, which the rules refuse with a message. */
const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim().replace(',', '.')));

/** What the API takes: each line of a question's text is one bubble. */
export function inputOf(draft: FormDraft): ChatFormInput {
  const keys = answerKeys(draft.questions);
  return {
    title: draft.title,
    description: draft.description,
    questions: draft.questions.map((q, i) => ({
      field: keys[i] ?? '',
      lines: q.text.split(/\r\n?|\n/),
      type: q.type,
      required: q.required,
      options: isChoiceType(q.type) ? q.optionsText.split(/\r\n?|\n/) : [],
      min: q.type === 'number' ? numberOrNull(q.min) : null,
      max: q.type === 'number' ? numberOrNull(q.max) : null,
    })),
    thankYouMessage: draft.thankYouMessage,
    closesAt: draft.closesAt === '' ? null : new Date(draft.closesAt).getTime(),
    maxResponses: numberOrNull(draft.maxResponses),
  };
}

/** Moves the question at `from` to `to`; out of range changes nothing. */
export function moveQuestionTo(questions: QuestionDraft[], from: number, to: number): QuestionDraft[] {
  if (from === to || from < 0 || from >= questions.length || to < 0 || to >= questions.length) return questions;
  const next = [...questions];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/** Moves the question at `from` by `by` places (−1 up, +1 down). */
export const moveQuestion = (questions: QuestionDraft[], from: number, by: number) => moveQuestionTo(questions, from, from + by);
