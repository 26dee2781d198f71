import { answerProblem, type ChatQuestion, normalizeAnswer } from '../../../core/chat-form';

/**
 * The answering state machine of spec 4: answering → awaiting submit → submitted, and Reset back
 * to the start. Pure, so every transition is unit-tested without a browser.
 */
export type ChatFormPhase = 'answering' | 'awaiting-submit' | 'submitted';

export interface ChatFormState {
  questions: ChatQuestion[];
  phase: ChatFormPhase;
  /** The question being answered (answering), or questions.length once all are answered. */
  index: number;
  /** Answers given so far, in question order. */
  answers: string[];
  /** What the visitor is typing. */
  draft: string;
  /** Why the last answer or submit was refused, shown beside the input or the button. */
  error: string | null;
  submitting: boolean;
  /** Sent with the submit so a double submit or a retry stores one response; new after Reset. */
  submissionKey: string;
}

export type ChatFormAction =
  | { type: 'type'; text: string }
  | { type: 'answer' }
  | { type: 'submit' }
  | { type: 'submit-succeeded' }
  | { type: 'submit-failed'; message: string }
  | { type: 'reset'; submissionKey: string };

export function initialChatFormState(questions: ChatQuestion[], submissionKey: string): ChatFormState {
  return {
    questions,
    phase: questions.length === 0 ? 'awaiting-submit' : 'answering',
    index: 0,
    answers: [],
    draft: '',
    error: null,
    submitting: false,
    submissionKey,
  };
}

export function chatFormReducer(state: ChatFormState, action: ChatFormAction): ChatFormState {
  switch (action.type) {
    case 'type':
      if (state.phase !== 'answering') return state;
      return { ...state, draft: action.text, error: null };

    case 'answer': {
      const question = state.questions[state.index];
      if (state.phase !== 'answering' || !question) return state;
      const answer = normalizeAnswer(state.draft);
      const problem = answerProblem(answer, question);
      if (problem) return { ...state, error: problem };
      const answers = [...state.answers, answer];
      const index = state.index + 1;
      return {
        ...state,
        answers,
        index,
        draft: '',
        error: null,
        phase: index >= state.questions.length ? 'awaiting-submit' : 'answering',
      };
    }

    case 'submit':
      if (state.phase !== 'awaiting-submit' || state.submitting) return state;
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

/** The answers as the API and the summary take them: field → answer. */
export function answersByField(state: ChatFormState): Record<string, string> {
  const record: Record<string, string> = {};
  state.questions.forEach((q, i) => {
    const answer = state.answers[i];
    if (answer !== undefined) record[q.field] = answer;
  });
  return record;
}

/** What screen readers hear when the state changes (the page puts it in an aria-live region). */
export function announcement(state: ChatFormState): string {
  if (state.phase === 'answering') {
    const question = state.questions[state.index];
    return `Question ${state.index + 1} of ${state.questions.length}: ${question?.lines.join(' ') ?? ''}`;
  }
  if (state.phase === 'awaiting-submit') return 'All questions answered. Submit your response, or reset to start again.';
  return 'Response submitted.';
}
