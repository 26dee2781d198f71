import type { ChatFormInput, ManagedChatForm } from '../../../core/chat-form';

/** One question as the editor holds it: its text lines as one textarea value. */
export interface QuestionDraft {
  /** Stable across reorders, so React keeps each question's inputs (and focus) with it. */
  key: string;
  field: string;
  text: string;
  long: boolean;
}

export interface FormDraft {
  title: string;
  description: string;
  questions: QuestionDraft[];
  thankYouMessage: string;
}

let nextKey = 0;
const newKey = () => `q${++nextKey}`;

export function emptyQuestion(): QuestionDraft {
  return { key: newKey(), field: '', text: '', long: false };
}

export function emptyDraft(): FormDraft {
  return { title: '', description: '', questions: [emptyQuestion()], thankYouMessage: '' };
}

export function draftOf(form: ManagedChatForm): FormDraft {
  return {
    title: form.title,
    description: form.description,
    questions: form.questions.map((q) => ({ key: newKey(), field: q.field, text: q.lines.join('\n'), long: q.long })),
    thankYouMessage: form.thankYouMessage,
  };
}

/** What the API takes: each line of a question's text is one bubble. */
export function inputOf(draft: FormDraft): ChatFormInput {
  return {
    title: draft.title,
    description: draft.description,
    questions: draft.questions.map((q) => ({ field: q.field, lines: q.text.split(/\r\n?|\n/), long: q.long })),
    thankYouMessage: draft.thankYouMessage,
  };
}

/** Moves the question at `from` by `by` places (−1 up, +1 down); out of range changes nothing. */
export function moveQuestion(questions: QuestionDraft[], from: number, by: number): QuestionDraft[] {
  const to = from + by;
  if (from < 0 || from >= questions.length || to < 0 || to >= questions.length) return questions;
  const next = [...questions];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}
