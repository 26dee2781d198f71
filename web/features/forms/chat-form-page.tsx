import { type KeyboardEvent, useEffect, useReducer, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { CHAT_FORM_TEXT, type PublicChatForm, summaryLines, thankYouLines } from '../../../core/chat-form';
import { pagePath } from '../../../core/pages';
import { errorMessage } from '../../lib/api-client';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { useApiGet } from '../../lib/use-api';
import { ErrorAlert } from '../../ui/alert';
import { CopyButton } from '../../ui/copy-button';
import { formsApi } from './api';
import { announcement, answersByField, chatFormReducer, initialChatFormState } from './chat-form-machine';

function ChatForm({ form }: { form: PublicChatForm }) {
  const [state, dispatch] = useReducer(chatFormReducer, form.questions, (questions) =>
    initialChatFormState(questions, newIdempotencyKey()),
  );
  const inputRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const summaryRef = useRef<HTMLHeadingElement>(null);
  const inFlight = useRef(false);
  const question = state.phase === 'answering' ? state.questions[state.index] : undefined;
  const long = question?.long === true;

  // Focus stays where the visitor works: the answer input, then Submit, then the summary.
  // biome-ignore lint/correctness/useExhaustiveDependencies: index and long are the triggers (a new question, or the input kind changed).
  useEffect(() => {
    if (state.phase === 'answering') inputRef.current?.focus();
    else if (state.phase === 'awaiting-submit') submitRef.current?.focus();
    else summaryRef.current?.focus();
  }, [state.phase, state.index, long]);

  useEffect(() => {
    document.title = `${form.title} · Freshlist`;
  }, [form.title]);

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter is a new line; Enter while an input method composes a word is not ours.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      dispatch({ type: 'answer' });
    }
  }

  async function submit() {
    if (inFlight.current || state.phase !== 'awaiting-submit') return;
    inFlight.current = true;
    dispatch({ type: 'submit' });
    try {
      await formsApi.submit(form.id, {
        answers: answersByField(state),
        idempotencyKey: state.submissionKey,
      });
      dispatch({ type: 'submit-succeeded' });
    } catch (err) {
      const message = errorMessage(err);
      dispatch({ type: 'submit-failed', message });
    } finally {
      inFlight.current = false;
    }
  }

  const shown = state.phase === 'answering' ? state.index + 1 : state.questions.length;
  const answers = answersByField(state);
  const hintId = 'chat-answer-hint';
  const errorId = 'chat-answer-error';

  return (
    <main className="page chat-page">
      <header className="chat-header">
        <h1>{form.title}</h1>
        {form.description && <p className="lead chat-description">{form.description}</p>}
      </header>

      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement(state)}
      </p>

      <ol className="chat-log" aria-label="Conversation">
        {state.questions.slice(0, shown).map((q, i) => (
          <li key={q.field} className="chat-turn">
            <div className="chat-question" id={`chat-question-${i}`}>
              {q.lines.map((line, l) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a question's lines are fixed text; two may be equal.
                <p key={l} className="bubble bubble-system">
                  {line}
                </p>
              ))}
            </div>
            {state.answers[i] !== undefined && (
              <p className="bubble bubble-user">
                <span className="visually-hidden">Your answer: </span>
                {state.answers[i]}
              </p>
            )}
          </li>
        ))}
        {state.phase === 'submitted' && (
          <li className="chat-turn">
            {thankYouLines(form.thankYouMessage).map((line, l) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed text lines.
              <p key={l} className="bubble bubble-system">
                {line}
              </p>
            ))}
          </li>
        )}
      </ol>

      {state.phase === 'answering' && (
        <form
          className="chat-composer"
          onSubmit={(event) => {
            event.preventDefault();
            dispatch({ type: 'answer' });
          }}
        >
          <label htmlFor="chat-answer" className="visually-hidden">
            Your answer
          </label>
          <div className="chat-composer-row">
            {long ? (
              <textarea
                id="chat-answer"
                ref={inputRef}
                rows={3}
                value={state.draft}
                onChange={(e) => dispatch({ type: 'type', text: e.target.value })}
                onKeyDown={onKeyDown}
                aria-describedby={`chat-question-${state.index} ${hintId}${state.error ? ` ${errorId}` : ''}`}
                aria-invalid={state.error ? true : undefined}
              />
            ) : (
              <input
                id="chat-answer"
                ref={inputRef}
                type="text"
                autoComplete="off"
                enterKeyHint="send"
                value={state.draft}
                onChange={(e) => dispatch({ type: 'type', text: e.target.value })}
                aria-describedby={`chat-question-${state.index} ${hintId}${state.error ? ` ${errorId}` : ''}`}
                aria-invalid={state.error ? true : undefined}
              />
            )}
            <button type="submit" className="button button-primary">
              Send
            </button>
          </div>
          <p id={hintId} className="field-hint">
            {long ? 'Press Enter to send, Shift+Enter for a new line.' : 'Press Enter to send.'}
          </p>
          {state.error && (
            <p id={errorId} className="field-error" role="alert">
              {state.error}
            </p>
          )}
        </form>
      )}

      {state.phase === 'awaiting-submit' && (
        <div className="chat-actions">
          {/* aria-disabled, not disabled: the button keeps focus while the response is sent. */}
          <button
            ref={submitRef}
            type="button"
            className="button button-primary"
            aria-disabled={state.submitting}
            onClick={submit}
          >
            {state.submitting ? CHAT_FORM_TEXT.submitting : CHAT_FORM_TEXT.submit}
          </button>
          <button
            type="button"
            className="link-button"
            onClick={() => dispatch({ type: 'reset', submissionKey: newIdempotencyKey() })}
          >
            {CHAT_FORM_TEXT.reset}
          </button>
          <ErrorAlert message={state.error} />
        </div>
      )}

      {state.phase === 'submitted' && (
        <>
          <section className="card" aria-labelledby="summary-heading">
            <h2 id="summary-heading" ref={summaryRef} tabIndex={-1}>
              Your answers
            </h2>
            <ul className="answer-summary">
              {summaryLines(state.questions, answers).map((line, l) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: one line per question, in order.
                <li key={l}>{line}</li>
              ))}
            </ul>
            <CopyButton
              text={summaryLines(state.questions, answers).join('\n')}
              label={CHAT_FORM_TEXT.copy}
              copiedLabel="Copied!"
              confirmation={CHAT_FORM_TEXT.copied}
            />
          </section>
          <p className="chat-try">
            {CHAT_FORM_TEXT.tryIt}{' '}
            <Link className="button" to={pagePath('chatFormCreator')}>
              {CHAT_FORM_TEXT.tryChatForm}
            </Link>
          </p>
        </>
      )}
    </main>
  );
}

/** /form/{formId}: the public chat form. */
export function ChatFormPage() {
  const { formId = '' } = useParams();
  const { data, error, loading, reload } = useApiGet(() => formsApi.publicForm(formId), [formId]);

  if (loading || (!data && !error)) {
    return (
      <p className="page-status" role="status">
        {CHAT_FORM_TEXT.loading}
      </p>
    );
  }
  if (error?.status === 404) {
    // ADR 0040: an unknown id says so, instead of the earlier build's endless 'Loading form...'.
    return (
      <main className="page page-narrow center">
        <h1>{CHAT_FORM_TEXT.notFoundHeading}</h1>
        <p>{CHAT_FORM_TEXT.notFoundHelp}</p>
        <p>
          <Link to={pagePath('home')}>Go to Freshlist</Link>
        </p>
      </main>
    );
  }
  if (error || !data) {
    return (
      <main className="page page-narrow center">
        <p className="alert alert-error" role="alert">
          {error?.message}
        </p>
        <button type="button" className="button" onClick={reload}>
          Try again
        </button>
      </main>
    );
  }
  return <ChatForm key={data.form.id} form={data.form} />;
}
