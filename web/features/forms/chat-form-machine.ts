import { type AnswerValue, readAnswer } from '../../../core/chat-form-answers';
import type { ChatQuestion } from '../../../core/chat-form-questions';

/**
 * The answering state machine of spec 4: answering → awaiting submit → submitted, and Reset back
 * to the start. Issue 19 adds going back: any given answer can be changed, and the conversation
 * then carries on at the first question still unanswered. Pure, so every transition is unit-tested.
 */
export type ChatFormPhase = 'answering' | 'awaiting-submit' | 'submitted';

/** A given answer; null when the visitor skipped an optional question. */
export type GivenAnswer = AnswerValue | null;

export interface ChatFormState {
  questions: ChatQuestion[];
  phase: ChatFormPhase;
  /** One slot a question: undefined until answered. Always a run of answers from the first question. */
  answers: (GivenAnswer | undefined)[];
  /** The first unanswered question, or questions.length once all are answered. */
  index: number;
  /** The earlier question whose answer is being changed, or null. */
  editing: number | null;
  /** What the visitor is typing (text kinds). */
  text: string;
  /** The options ticked so far (several choices). */
  picked: string[];
  /** Why the last answer or submit was refused, shown beside the input or the button. */
  error: string | null;
  submitting: boolean;
  /** Sent with the submit so a double submit or a retry stores one response; new after Reset. */
  submissionKey: string;
}

export type ChatFormAction =
  | { type: 'type'; text: string }
  | { type: 'toggle'; option: string }
  | { type: 'send' }
  | { type: 'choose'; value: string | boolean }
  | { type: 'skip' }
  | { type: 'edit'; question: number }
  | { type: 'cancel-edit' }
  | { type: 'submit' }
  | { type: 'submit-succeeded' }
  | { type: 'submit-failed'; message: string }
  | { type: 'reset'; submissionKey: string };

const firstUnanswered = (answers: (GivenAnswer | undefined)[]) => {
  const i = answers.indexOf(undefined);
  return i === -1 ? answers.length : i;
};

/** A state with these answers (a run from the first question), continuing at the first unanswered one. */
export function stateWithAnswers(
  questions: ChatQuestion[],
  given: GivenAnswer[],
  submissionKey: string,
  text = '',
): ChatFormState {
  const answers = questions.map((_, i) => given[i]);
  const index = firstUnanswered(answers);
  return {
    questions,
    phase: index >= questions.length ? 'awaiting-submit' : 'answering',
    answers,
    index,
    editing: null,
    text: index >= questions.length ? '' : text,
    picked: [],
    error: null,
    submitting: false,
    submissionKey,
  };
}

export function initialChatFormState(questions: ChatQuestion[], submissionKey: string): ChatFormState {
  return stateWithAnswers(questions, [], submissionKey);
}

/** The question the composer is for: the one being changed, else the next unanswered one; null when none. */
export function currentQuestion(state: ChatFormState): number | null {
  if (state.phase === 'submitted') return null;
  if (state.editing !== null) return state.editing;
  return state.phase === 'answering' ? state.index : null;
}

function commit(state: ChatFormState, question: number, value: GivenAnswer): ChatFormState {
  const answers = state.answers.map((a, i) => (i === question ? value : a));
  return stateWithAnswers(state.questions, answers as GivenAnswer[], state.submissionKey);
}

/** What the composer starts with when an answer is changed: the answer as it was typed or picked. */
function draftOf(value: GivenAnswer | undefined): { text: string; picked: string[] } {
  if (Array.isArray(value)) return { text: '', picked: value };
  if (typeof value === 'string' || typeof value === 'number') return { text: String(value), picked: [] };
  return { text: '', picked: [] };
}

function take(state: ChatFormState, raw: unknown): ChatFormState {
  const i = currentQuestion(state);
  const question = i === null ? undefined : state.questions[i];
  if (i === null || !question || state.submitting) return state;
  const read = readAnswer(question, raw);
  if ('problem' in read) return { ...state, error: read.problem };
  return commit(state, i, read.value);
}

export function chatFormReducer(state: ChatFormState, action: ChatFormAction): ChatFormState {
  const question = currentQuestion(state);
  switch (action.type) {
    case 'type':
      return question === null ? state : { ...state, text: action.text, error: null };

    case 'toggle': {
      if (question === null) return state;
      const picked = state.picked.includes(action.option)
        ? state.picked.filter((o) => o !== action.option)
        : [...state.picked, action.option];
      return { ...state, picked, error: null };
    }

    case 'send': {
      const kind = question === null ? undefined : state.questions[question]?.type;
      return take(state, kind === 'choices' ? state.picked : state.text);
    }

    case 'choose':
      return take(state, action.value);

    case 'skip':
      if (question === null || state.questions[question]?.required !== false) return state;
      return take(state, null);

    case 'edit': {
      const answer = state.answers[action.question];
      if (state.phase === 'submitted' || state.submitting || answer === undefined) return state;
      return { ...state, editing: action.question, ...draftOf(answer), error: null };
    }

    case 'cancel-edit':
      if (state.editing === null) return state;
      return { ...state, editing: null, text: '', picked: [], error: null };

    case 'submit':
      if (state.phase !== 'awaiting-submit' || state.editing !== null || state.submitting) return state;
      return { ...state, submitting: true, error: null };

    case 'submit-succeeded':
      if (state.phase !== 'awaiting-submit' || !state.submitting) return state;
      return { ...state, phase: 'submitted', submitting: false, error: null };

    case 'submit-failed':
      if (!state.submitting) return state;
      return { ...state, submitting: false, error: action.message };

    case 'reset':
      // A response in flight decides its own outcome; Reset waits for it.
      if (state.submitting) return state;
      return initialChatFormState(state.questions, action.submissionKey);
  }
}

/** The answers as the API and the summary take them: field → answer (null: skipped). */
export function answersByField(state: ChatFormState): Record<string, GivenAnswer> {
  const record: Record<string, GivenAnswer> = {};
  state.questions.forEach((q, i) => {
    const answer = state.answers[i];
    if (answer !== undefined) record[q.field] = answer;
  });
  return record;
}

/** "2 of 5": the question in hand (or the last, once all are answered), and how many are answered. */
export function progress(state: ChatFormState): { current: number; total: number; answered: number } {
  const total = state.questions.length;
  const answered = state.answers.filter((a) => a !== undefined).length;
  const current = currentQuestion(state);
  return { current: current === null ? total : current + 1, total, answered };
}

/** What screen readers hear when the state changes (the page puts it in an aria-live region). */
export function announcement(state: ChatFormState): string {
  const current = currentQuestion(state);
  if (current !== null) {
    const text = state.questions[current]?.lines.join(' ') ?? '';
    const where = `question ${current + 1} of ${state.questions.length}`;
    return state.editing !== null
      ? `Changing your answer to ${where}: ${text}`
      : `Question ${current + 1} of ${state.questions.length}: ${text}`;
  }
  if (state.phase === 'awaiting-submit') return 'All questions answered. Submit your response, or reset to start again.';
  return 'Response submitted.';
}
