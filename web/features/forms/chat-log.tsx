import type { Dispatch } from 'react';
import { answerText, SKIPPED_TEXT } from '../../../core/chat-form-answers';
import { thankYouLines } from '../../../core/chat-form-visitor';
import { type ChatFormAction, type ChatFormState, currentQuestion } from './chat-form-machine';

/** Fixed text lines as system bubbles; two lines may be equal, so their place is their key. */
function Bubbles({ lines }: { lines: string[] }) {
  return lines.map((line, l) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: fixed text lines.
    <p key={l} className="bubble bubble-system">
      {line}
    </p>
  ));
}

/**
 * The conversation so far: each question asked, and the visitor's answer as a bubble they can tap
 * to change it (issue 19). System bubbles appear one question at a time, as the spec says.
 */
export function ChatLog({
  state,
  thankYouMessage,
  dispatch,
}: {
  state: ChatFormState;
  thankYouMessage: string;
  dispatch: Dispatch<ChatFormAction>;
}) {
  const current = currentQuestion(state);
  // Questions up to the first unanswered one are on screen; all of them once every one is answered.
  const shown = Math.min(state.index + 1, state.questions.length);
  const canChange = state.phase !== 'submitted' && !state.submitting;
  return (
    <ol className="chat-log" aria-label="Conversation">
      {state.questions.slice(0, shown).map((q, i) => {
        const answer = state.answers[i];
        const text = answer === null ? SKIPPED_TEXT : answerText(answer, q.type);
        return (
          <li key={q.field} className="chat-turn" data-current={current === i || undefined}>
            <div className="chat-question" id={`chat-question-${i}`}>
              <Bubbles lines={q.lines} />
            </div>
            {answer !== undefined &&
              (canChange ? (
                <button
                  type="button"
                  className="bubble bubble-user bubble-button"
                  onClick={() => dispatch({ type: 'edit', question: i })}
                >
                  <span className="visually-hidden">Your answer: </span>
                  {text}
                  <span className="bubble-change">{state.editing === i ? 'Changing…' : 'Change'}</span>
                </button>
              ) : (
                <p className="bubble bubble-user">
                  <span className="visually-hidden">Your answer: </span>
                  {text}
                </p>
              ))}
          </li>
        );
      })}
      {state.phase === 'submitted' && (
        <li className="chat-turn">
          <Bubbles lines={thankYouLines(thankYouMessage)} />
        </li>
      )}
    </ol>
  );
}
