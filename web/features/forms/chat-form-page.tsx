import { useEffect, useReducer, useRef } from 'react';
import { useParams } from 'react-router';
import { summaryLines } from '../../../core/chat-form-answers';
import type { PublicChatForm } from '../../../core/chat-form-api';
import { CHAT_FORM_TEXT } from '../../../core/chat-form-visitor';
import { pagePath } from '../../../core/pages';
import { ApiRequestError, errorMessage } from '../../lib/api-client';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { useApiGet } from '../../lib/use-api';
import { ErrorAlert } from '../../ui/alert';
import { CopyButton } from '../../ui/copy-button';
import { Link } from '../../ui/link';
import { AnswerComposer } from './answer-composer';
import { formsApi } from './api';
import {
  announcement,
  answersByField,
  chatFormReducer,
  currentQuestion,
  initialChatFormState,
  progress,
} from './chat-form-machine';
import { ChatLog } from './chat-log';
import { FormAsker } from './form-asker';
import { FormClosed } from './form-closed';
import { loadDraft, restoredState, saveDraft } from './visitor-draft';
import './forms.css';

function ChatForm({ form, onClosed }: { form: PublicChatForm; onClosed(): void }) {
  const [state, dispatch] = useReducer(
    chatFormReducer,
    form,
    (f) => restoredState(f.questions, loadDraft(f.id)) ?? initialChatFormState(f.questions, newIdempotencyKey()),
  );
  // Shown once, for a visitor who comes back to answers kept on this device.
  const restored = useRef(state.answers.some((a) => a !== undefined) || state.text !== '');
  const submitRef = useRef<HTMLButtonElement>(null);
  const summaryRef = useRef<HTMLHeadingElement>(null);
  const inFlight = useRef(false);
  const current = currentQuestion(state);
  const question = current === null ? undefined : state.questions[current];
  const { current: at, total, answered } = progress(state);

  // Submit, then the summary, take the focus; the composer focuses its own first control.
  useEffect(() => {
    if (state.phase === 'awaiting-submit' && state.editing === null) submitRef.current?.focus();
    else if (state.phase === 'submitted') summaryRef.current?.focus();
  }, [state.phase, state.editing]);

  useEffect(() => {
    saveDraft(form.id, state);
  }, [form.id, state]);

  // The question in hand stays in sight above the composer, which sticks to the bottom of the screen.
  useEffect(() => {
    if (current === null) return;
    const turn = document.querySelector<HTMLElement>('.chat-turn[data-current]');
    const composer = document.querySelector<HTMLElement>('.chat-composer');
    if (!turn) return;
    turn.style.scrollMarginBottom = `${(composer?.offsetHeight ?? 0) + 16}px`;
    turn.scrollIntoView({ block: 'nearest' });
  }, [current]);

  async function submit() {
    if (inFlight.current || state.phase !== 'awaiting-submit') return;
    inFlight.current = true;
    dispatch({ type: 'submit' });
    try {
      await formsApi.submit(form.id, { answers: answersByField(state), idempotencyKey: state.submissionKey });
      dispatch({ type: 'submit-succeeded' });
    } catch (err) {
      dispatch({ type: 'submit-failed', message: errorMessage(err) });
      // The form closed meanwhile: the page says so (the answers stay on the device, should it open again).
      if (err instanceof ApiRequestError && err.status === 409) onClosed();
    } finally {
      inFlight.current = false;
    }
  }

  function reset() {
    restored.current = false;
    dispatch({ type: 'reset', submissionKey: newIdempotencyKey() });
  }

  const summary = summaryLines(state.questions, answersByField(state));

  return (
    <main className="page chat-page">
      <header className="chat-header">
        <FormAsker owner={form.owner} />
        <h1>{form.title}</h1>
        {form.description && <p className="lead chat-description">{form.description}</p>}
      </header>

      {state.phase !== 'submitted' && total > 0 && (
        <div className="chat-progress">
          <p className="chat-progress-text">
            {at} of {total}
          </p>
          <progress max={total} value={answered} aria-label="Questions answered" />
        </div>
      )}

      {restored.current && state.phase === 'answering' && (
        <p className="chat-restored">
          {CHAT_FORM_TEXT.draftKept}{' '}
          <button type="button" className="link-button" onClick={reset}>
            {CHAT_FORM_TEXT.reset}
          </button>
        </p>
      )}

      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement(state)}
      </p>

      <ChatLog state={state} thankYouMessage={form.thankYouMessage} dispatch={dispatch} />

      {question && current !== null && (
        <AnswerComposer
          key={`${current}-${state.editing}`}
          state={state}
          question={question}
          index={current}
          dispatch={dispatch}
        />
      )}

      {state.phase === 'awaiting-submit' && state.editing === null && (
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
          <button type="button" className="link-button" onClick={reset}>
            {CHAT_FORM_TEXT.reset}
          </button>
          <p className="field-hint chat-actions-hint">Tap an answer to change it.</p>
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
              {summary.map((line, l) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: one line per question, in order.
                <li key={l}>{line}</li>
              ))}
            </ul>
            <CopyButton
              text={summary.join('\n')}
              label={CHAT_FORM_TEXT.copy}
              copiedLabel="Copied!"
              confirmation={CHAT_FORM_TEXT.copied}
            />
          </section>
          {/* The visitor's next step is the business that asked (issue 43); the seed's own prompt stays, quieter. */}
          {form.owner?.handle && (
            <p>
              <Link className="button button-primary" to={pagePath('profile', { handle: form.owner.handle })}>
                Back to {form.owner.displayName || `@${form.owner.handle}`}
              </Link>
            </p>
          )}
          <p className="chat-try muted">
            {CHAT_FORM_TEXT.tryIt} <Link to={pagePath('chatFormCreator')}>{CHAT_FORM_TEXT.tryChatForm}</Link>
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

  useEffect(() => {
    if (data) document.title = `${data.form.title} · Freshlist`;
  }, [data]);

  if (!data && (loading || !error)) {
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
  if (data.form.closed) return <FormClosed form={data.form} />;
  return <ChatForm key={data.form.id} form={data.form} onClosed={reload} />;
}
