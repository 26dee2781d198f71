import { readAnswer } from '../../../core/chat-form-answers';
import type { ChatQuestion } from '../../../core/chat-form-questions';
import { IDEMPOTENCY_KEY_PATTERN } from '../../../core/chat-form-visitor';
import { type ChatFormState, type GivenAnswer, stateWithAnswers } from './chat-form-machine';

/**
 * A visitor's unfinished response, kept on their device across reloads until they submit or
 * Reset (issue 19). Only in this browser's storage: nothing reaches the server before Submit.
 */
interface SavedDraft {
  v: 1;
  answers: Record<string, GivenAnswer>;
  /** What was typed into the box and not yet sent. */
  text: string;
  /** The submission key: a reload after a lost reply retries the same response, not a second one. */
  key: string;
}

const storageKey = (formId: string) => `freshlist-chat-form-draft:${formId}`;

/** What is worth keeping of a state; null when there is nothing to keep (nothing answered or typed). */
export function draftOf(state: ChatFormState): SavedDraft | null {
  if (state.phase === 'submitted') return null;
  const answers: Record<string, GivenAnswer> = {};
  state.questions.forEach((q, i) => {
    const answer = state.answers[i];
    if (answer !== undefined) answers[q.field] = answer;
  });
  const text = state.editing === null ? state.text : '';
  if (Object.keys(answers).length === 0 && text.trim() === '') return null;
  return { v: 1, answers, text, key: state.submissionKey };
}

/**
 * The state a saved draft gives for the form as it is now: answers are taken in question order
 * while they still fit their question (the owner may have edited the form since); the first that
 * does not, and everything after it, is asked again. Null when nothing could be taken.
 */
export function restoredState(questions: ChatQuestion[], saved: unknown): ChatFormState | null {
  if (!isSavedDraft(saved)) return null;
  const given: GivenAnswer[] = [];
  for (const q of questions) {
    if (!(q.field in saved.answers)) break;
    const read = readAnswer(q, saved.answers[q.field]);
    if ('problem' in read) break;
    given.push(read.value);
  }
  if (given.length === 0 && saved.text.trim() === '') return null;
  return stateWithAnswers(questions, given, saved.key, saved.text);
}

function isSavedDraft(value: unknown): value is SavedDraft {
  const v = value as Partial<SavedDraft> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    v.v === 1 &&
    typeof v.answers === 'object' &&
    v.answers !== null &&
    typeof v.text === 'string' &&
    typeof v.key === 'string' &&
    IDEMPOTENCY_KEY_PATTERN.test(v.key)
  );
}

// Storage can be missing or refuse (private mode, full, blocked): the form then works without keeping a draft.

export function loadDraft(formId: string): unknown {
  try {
    const text = window.localStorage.getItem(storageKey(formId));
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

export function saveDraft(formId: string, state: ChatFormState): void {
  try {
    const draft = draftOf(state);
    if (draft) window.localStorage.setItem(storageKey(formId), JSON.stringify(draft));
    else window.localStorage.removeItem(storageKey(formId));
  } catch {
    // Nothing to do: the draft is a convenience.
  }
}
