import type { ManagedChatForm } from '../../../core/chat-form-api';
import { type FormDraft, localDateTime } from './form-draft';
import { FieldError } from './question-card';

/** When a form stops taking responses (issue 19): at a date and time, after a number of them, or never. */
export function FormClosingFields({
  draft,
  form,
  errors,
  onChange,
}: {
  draft: FormDraft;
  form: ManagedChatForm | null;
  errors: { closesAt: string | null; maxResponses: string | null };
  onChange(change: Partial<FormDraft>): void;
}) {
  return (
    <fieldset className="form-closing">
      <legend>When it stops taking responses</legend>
      {form?.closed && (
        <p className="alert alert-warning" role="status">
          This form is closed now: {form.closed === 'date' ? 'its closing date has passed' : 'it has its maximum of responses'}.
          Visitors see a kind note instead of the questions.
        </p>
      )}
      <label htmlFor="form-closesAt">Closing date and time</label>
      <div className="copy-row">
        <input
          id="form-closesAt"
          type="datetime-local"
          value={draft.closesAt}
          onChange={(e) => onChange({ closesAt: e.target.value })}
          aria-invalid={errors.closesAt ? true : undefined}
          aria-describedby={`form-closesAt-hint${errors.closesAt ? ' form-closesAt-error' : ''}`}
        />
        <button type="button" className="button button-small" onClick={() => onChange({ closesAt: localDateTime(Date.now()) })}>
          Close it now
        </button>
        {draft.closesAt && (
          <button type="button" className="link-button" onClick={() => onChange({ closesAt: '' })}>
            Remove the date
          </button>
        )}
      </div>
      <p id="form-closesAt-hint" className="field-hint">
        Your time zone. Empty: it stays open. Save to apply.
      </p>
      <FieldError id="form-closesAt-error" message={errors.closesAt} />

      <label htmlFor="form-maxResponses">Maximum number of responses</label>
      <input
        id="form-maxResponses"
        className="input-short"
        inputMode="numeric"
        value={draft.maxResponses}
        onChange={(e) => onChange({ maxResponses: e.target.value })}
        aria-invalid={errors.maxResponses ? true : undefined}
        aria-describedby={`form-maxResponses-hint${errors.maxResponses ? ' form-maxResponses-error' : ''}`}
      />
      <p id="form-maxResponses-hint" className="field-hint">
        Empty: no limit.
      </p>
      <FieldError id="form-maxResponses-error" message={errors.maxResponses} />
    </fieldset>
  );
}
