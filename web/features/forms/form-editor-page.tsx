import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  CHAT_FORM_TEXT,
  type ChatFormProblem,
  chatFormProblem,
  FORM_QUESTIONS_MAX,
  FORM_TITLE_MAX,
  type ManagedChatForm,
  normalizeChatForm,
} from '../../../core/chat-form';
import { pagePath } from '../../../core/pages';
import { errorMessage } from '../../lib/api-client';
import { RequireAuth } from '../../lib/require-auth';
import { useApiGet } from '../../lib/use-api';
import { ErrorAlert } from '../../ui/alert';
import { formsApi } from './api';
import { draftOf, emptyDraft, emptyQuestion, type FormDraft, inputOf, moveQuestion, type QuestionDraft } from './form-draft';
import { FormSharePanel } from './form-share-panel';
import { FormUnavailable } from './form-unavailable';
import { FieldError, QuestionCard } from './question-card';

interface SavedState {
  saved?: boolean;
}

function problemFor(problem: ChatFormProblem | null, part: ChatFormProblem['part'], question?: number): string | null {
  if (!problem || problem.part !== part) return null;
  if (question !== undefined && problem.question !== question) return null;
  return problem.message;
}

function FormEditor({ form }: { form: ManagedChatForm | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [draft, setDraft] = useState<FormDraft>(() => (form ? draftOf(form) : emptyDraft()));
  /** After the first save attempt the rules run as the owner types, so a fixed problem disappears at once. */
  const [attempted, setAttempted] = useState(false);
  const problem = attempted ? chatFormProblem(normalizeChatForm(inputOf(draft))) : null;
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(Boolean((location.state as SavedState | null)?.saved));
  /** What screen readers hear after a question is added, removed or moved. */
  const [status, setStatus] = useState('');
  /** Where focus goes after a question is added, removed or moved (a control id). */
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!focusTarget) return;
    document.getElementById(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const setQuestion = (key: string, change: Partial<QuestionDraft>) =>
    setDraft((d) => ({ ...d, questions: d.questions.map((q) => (q.key === key ? { ...q, ...change } : q)) }));

  function addQuestion() {
    const question = emptyQuestion();
    setDraft((d) => ({ ...d, questions: [...d.questions, question] }));
    setFocusTarget(`field-${question.key}`);
    setStatus(`Question ${draft.questions.length + 1} added.`);
  }

  function removeQuestion(index: number) {
    const remaining = draft.questions.filter((_, i) => i !== index);
    setDraft((d) => ({ ...d, questions: remaining }));
    const neighbour = remaining[Math.min(index, remaining.length - 1)];
    setFocusTarget(neighbour ? `field-${neighbour.key}` : 'add-question');
    setStatus(`Question ${index + 1} removed.`);
  }

  function move(index: number, by: number) {
    const question = draft.questions[index];
    if (!question) return;
    const to = index + by;
    setDraft((d) => ({ ...d, questions: moveQuestion(d.questions, index, by) }));
    // Focus follows the moved question; at the top or bottom the other arrow is the one still enabled.
    const atEnd = to === 0 || to === draft.questions.length - 1;
    const direction = by < 0 ? 'up' : 'down';
    const other = by < 0 ? 'down' : 'up';
    setFocusTarget(`move-${atEnd ? other : direction}-${question.key}`);
    setStatus(`Question moved to position ${to + 1} of ${draft.questions.length}.`);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setServerError(null);
    setSaved(false);
    const input = normalizeChatForm(inputOf(draft));
    const found = chatFormProblem(input);
    setAttempted(true);
    if (found) {
      const target =
        found.part === 'field' || found.part === 'lines'
          ? `${found.part}-${draft.questions[found.question ?? 0]?.key}`
          : found.part === 'questions'
            ? 'add-question'
            : `form-${found.part}`;
      document.getElementById(target)?.focus();
      return;
    }
    setSaving(true);
    try {
      if (form) {
        const { form: updated } = await formsApi.update(form.id, input);
        setDraft(draftOf(updated));
        setSaved(true);
      } else {
        const { form: created } = await formsApi.create(input);
        navigate(pagePath('chatFormEdit', { formId: created.id }), { state: { saved: true } satisfies SavedState });
      }
    } catch (err) {
      setServerError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    if (!form) return;
    if (!window.confirm(`Delete "${form.title}" and all its responses? This cannot be undone.`)) return;
    try {
      await formsApi.remove(form.id);
      navigate(pagePath('chatFormCreator'), { replace: true });
    } catch (err) {
      setServerError(errorMessage(err));
    }
  }

  const titleError = problemFor(problem, 'title');
  const descriptionError = problemFor(problem, 'description');
  const questionsError = problemFor(problem, 'questions');
  const thankYouError = problemFor(problem, 'thankYouMessage');
  const count = draft.questions.length;

  return (
    <main className="page form-editor">
      <p>
        <Link to={pagePath('chatFormCreator')}>← Your chat forms</Link>
      </p>
      <h1>{form ? 'Edit chat form' : 'New chat form'}</h1>
      <p className="visually-hidden" aria-live="polite">
        {status}
      </p>
      <div role="status">{saved && <p className="alert alert-success">Form saved.</p>}</div>

      {form && <FormSharePanel form={form} />}

      <form ref={formRef} onSubmit={save} noValidate>
        <label htmlFor="form-title">Title</label>
        <input
          id="form-title"
          value={draft.title}
          maxLength={FORM_TITLE_MAX * 2}
          onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))}
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? 'form-title-error' : undefined}
          required
        />
        <FieldError id="form-title-error" message={titleError} />

        <label htmlFor="form-description">Description</label>
        <textarea
          id="form-description"
          rows={2}
          value={draft.description}
          onChange={(e) => setDraft((d) => ({ ...d, description: e.target.value }))}
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={descriptionError ? 'form-description-error' : 'form-description-hint'}
        />
        <p id="form-description-hint" className="field-hint">
          Shown under the title before the first question.
        </p>
        <FieldError id="form-description-error" message={descriptionError} />

        <h2 id="questions-heading">Questions</h2>
        <p className="field-hint">Visitors see one question at a time, in this order. Each line of text is one chat bubble.</p>
        <ol className="question-list" aria-labelledby="questions-heading">
          {draft.questions.map((q, i) => {
            const fieldError = problemFor(problem, 'field', i);
            const linesError = problemFor(problem, 'lines', i);
            return (
              <QuestionCard
                key={q.key}
                question={q}
                index={i}
                count={count}
                fieldError={fieldError}
                linesError={linesError}
                onChange={(change) => setQuestion(q.key, change)}
                onMove={(by) => move(i, by)}
                onRemove={() => removeQuestion(i)}
              />
            );
          })}
        </ol>
        <button
          id="add-question"
          type="button"
          className="button"
          onClick={addQuestion}
          disabled={count >= FORM_QUESTIONS_MAX}
          aria-describedby={questionsError ? 'questions-error' : undefined}
        >
          + Add question
        </button>
        <FieldError id="questions-error" message={questionsError} />

        <label htmlFor="form-thankYouMessage">Thank-you message</label>
        <textarea
          id="form-thankYouMessage"
          rows={2}
          value={draft.thankYouMessage}
          onChange={(e) => setDraft((d) => ({ ...d, thankYouMessage: e.target.value }))}
          aria-invalid={thankYouError ? true : undefined}
          aria-describedby={`form-thankYouMessage-hint${thankYouError ? ' form-thankYouMessage-error' : ''}`}
        />
        <p id="form-thankYouMessage-hint" className="field-hint">
          Shown after the visitor submits, one bubble per line. Empty: "{CHAT_FORM_TEXT.defaultThankYou}"
        </p>
        <FieldError id="form-thankYouMessage-error" message={thankYouError} />

        <ErrorAlert message={serverError} />
        <div className="form-actions">
          <button type="submit" className="button button-primary" aria-disabled={saving}>
            {saving ? 'Saving...' : form ? 'Save changes' : 'Create form'}
          </button>
          {form && (
            <button type="button" className="button button-danger" onClick={remove}>
              Delete form
            </button>
          )}
        </div>
      </form>
    </main>
  );
}

function EditExistingForm({ formId }: { formId: string }) {
  const { data, error, loading } = useApiGet(() => formsApi.managed(formId), [formId]);
  if (loading || (!data && !error)) return <p className="page-status">{CHAT_FORM_TEXT.loading}</p>;
  if (error || !data) {
    return <FormUnavailable error={error} />;
  }
  return <FormEditor key={data.form.id} form={data.form} />;
}

/** /chat-form-creator/new and /chat-form-creator/{formId}. */
export function FormEditorPage() {
  const { formId } = useParams();
  return <RequireAuth>{() => (formId ? <EditExistingForm formId={formId} /> : <FormEditor form={null} />)}</RequireAuth>;
}
