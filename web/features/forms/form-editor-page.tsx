import { type FormEvent, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { type ChatFormProblem, chatFormProblem, FORM_TITLE_MAX, normalizeChatForm } from '../../../core/chat-form';
import type { ManagedChatForm } from '../../../core/chat-form-api';
import { CHAT_FORM_TEXT } from '../../../core/chat-form-visitor';
import { pagePath } from '../../../core/pages';
import { RequireAuth } from '../../lib/require-auth';
import { useApiGet } from '../../lib/use-api';
import { useApiAction } from '../../lib/use-api-action';
import { ErrorAlert } from '../../ui/alert';
import { ConfirmButton } from '../../ui/confirm-button';
import { Link } from '../../ui/link';
import { formsApi } from './api';
import { FormClosingFields } from './form-closing-fields';
import { draftOf, emptyDraft, type FormDraft, inputOf } from './form-draft';
import { FormPreview } from './form-preview';
import { FormSharePanel } from './form-share-panel';
import { FormUnavailable } from './form-unavailable';
import { FieldError } from './question-card';
import { QuestionList } from './question-list';
import { LeaveDialog, useUnsavedChanges } from './unsaved-changes';
import './forms.css';

interface SavedState {
  saved?: boolean;
}

function problemFor(problem: ChatFormProblem | null, part: ChatFormProblem['part']): string | null {
  return problem?.part === part ? problem.message : null;
}

/** The control a problem is about, to put the focus there. */
function targetOf(problem: ChatFormProblem, draft: FormDraft): string {
  const key = draft.questions[problem.question ?? 0]?.key;
  switch (problem.part) {
    case 'field':
    case 'lines':
    case 'options':
      return `${problem.part}-${key}`;
    case 'limits':
      return `min-${key}`;
    case 'questions':
      return 'add-question';
    default:
      return `form-${problem.part}`;
  }
}

const snapshot = (draft: FormDraft) => JSON.stringify(normalizeChatForm(inputOf(draft)));

function FormEditor({ form }: { form: ManagedChatForm | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [draft, setDraft] = useState<FormDraft>(() => (form ? draftOf(form) : emptyDraft()));
  const [baseline, setBaseline] = useState(() => snapshot(draft));
  /** After the first save attempt the rules run as the owner types, so a fixed problem disappears at once. */
  const [attempted, setAttempted] = useState(false);
  const problem = attempted ? chatFormProblem(normalizeChatForm(inputOf(draft))) : null;
  const [saved, setSaved] = useState(Boolean((location.state as SavedState | null)?.saved));
  const [current, setCurrent] = useState(form);
  const dirty = useMemo(() => snapshot(draft) !== baseline, [draft, baseline]);
  const send = useApiAction(async (input: ReturnType<typeof normalizeChatForm>) => {
    if (current) {
      const { form: updated } = await formsApi.update(current.id, input);
      const next = draftOf(updated);
      setDraft(next);
      setBaseline(snapshot(next));
      setCurrent(updated);
      setSaved(true);
    } else {
      const { form: created } = await formsApi.create(input);
      setBaseline(snapshot(draft));
      navigate(pagePath('chatFormEdit', { formId: created.id }), { state: { saved: true } satisfies SavedState });
    }
  });
  const remove = useApiAction(async (formId: string) => {
    await formsApi.remove(formId);
    navigate(pagePath('chatFormCreator'), { replace: true });
  });
  const saving = send.busy;
  const leaving = useUnsavedChanges(dirty && !saving);

  const change = (fields: Partial<FormDraft>) => setDraft((d) => ({ ...d, ...fields }));

  function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    send.setError(undefined);
    remove.setError(undefined);
    setSaved(false);
    const input = normalizeChatForm(inputOf(draft));
    const found = chatFormProblem(input);
    setAttempted(true);
    if (found) {
      const target = document.getElementById(targetOf(found, draft));
      target?.closest('details')?.setAttribute('open', '');
      target?.focus();
      return;
    }
    void send.run(input);
  }

  const titleError = problemFor(problem, 'title');
  const descriptionError = problemFor(problem, 'description');
  const thankYouError = problemFor(problem, 'thankYouMessage');
  const responses = current?.responseCount ?? 0;

  return (
    <main className="page page-wide form-editor">
      <p>
        <Link to={pagePath('chatFormCreator')}>← Your chat forms</Link>
      </p>
      <h1>{current ? 'Edit chat form' : 'New chat form'}</h1>
      <div role="status">{saved && !dirty && <p className="alert alert-success">Form saved.</p>}</div>

      {current && <FormSharePanel form={current} />}

      <div className="form-editor-layout">
        <form onSubmit={save} noValidate className="form-editor-main">
          <label htmlFor="form-title">Title</label>
          <input
            id="form-title"
            value={draft.title}
            maxLength={FORM_TITLE_MAX * 2}
            onChange={(e) => change({ title: e.target.value })}
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
            onChange={(e) => change({ description: e.target.value })}
            aria-invalid={descriptionError ? true : undefined}
            aria-describedby={descriptionError ? 'form-description-error' : 'form-description-hint'}
          />
          <p id="form-description-hint" className="field-hint">
            Shown under the title before the first question.
          </p>
          <FieldError id="form-description-error" message={descriptionError} />

          <QuestionList draft={draft} setDraft={setDraft} problem={problem} saved={current !== null} />

          <label htmlFor="form-thankYouMessage">Thank-you message</label>
          <textarea
            id="form-thankYouMessage"
            rows={2}
            value={draft.thankYouMessage}
            onChange={(e) => change({ thankYouMessage: e.target.value })}
            aria-invalid={thankYouError ? true : undefined}
            aria-describedby={`form-thankYouMessage-hint${thankYouError ? ' form-thankYouMessage-error' : ''}`}
          />
          <p id="form-thankYouMessage-hint" className="field-hint">
            Shown after the visitor submits, one bubble per line. Empty: "{CHAT_FORM_TEXT.defaultThankYou}"
          </p>
          <FieldError id="form-thankYouMessage-error" message={thankYouError} />

          <FormClosingFields
            draft={draft}
            form={current}
            errors={{ closesAt: problemFor(problem, 'closesAt'), maxResponses: problemFor(problem, 'maxResponses') }}
            onChange={change}
          />

          <ErrorAlert message={remove.error ?? send.error} />
          <div className="form-actions form-save-bar">
            <button type="submit" className="button button-primary" aria-disabled={saving}>
              {saving ? 'Saving...' : current ? 'Save changes' : 'Create form'}
            </button>
            {dirty && <span className="muted">Unsaved changes</span>}
          </div>
        </form>

        <aside className="form-editor-preview" aria-labelledby="preview-heading">
          <details open>
            <summary>
              <h2 id="preview-heading">Preview</h2>
            </summary>
            <FormPreview draft={draft} />
          </details>
        </aside>
      </div>

      {current && (
        <section className="danger-zone" aria-labelledby="delete-heading">
          <h2 id="delete-heading">Delete this form</h2>
          <ConfirmButton
            label="Delete form"
            question={`Delete "${current.title}" and its ${responses} ${responses === 1 ? 'response' : 'responses'}? This cannot be undone.`}
            confirmLabel="Yes, delete the form"
            onConfirm={() => remove.run(current.id)}
          />
        </section>
      )}

      <LeaveDialog open={leaving.asking} onStay={leaving.stay} onLeave={leaving.leave} />
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
