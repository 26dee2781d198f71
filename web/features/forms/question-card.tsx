import { FIELD_MAX } from '../../../core/chat-form';
import type { QuestionDraft } from './form-draft';

/** A rule's message under the control it is about. */
export function FieldError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {message}
    </p>
  );
}

/** One question of the form editor: its field name, text and answer length, with move and remove. */
export function QuestionCard({
  question,
  index,
  count,
  fieldError,
  linesError,
  onChange,
  onMove,
  onRemove,
}: {
  question: QuestionDraft;
  index: number;
  count: number;
  fieldError: string | null;
  linesError: string | null;
  onChange(change: Partial<QuestionDraft>): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}) {
  return (
    <li className="question-card">
      <fieldset>
        <legend>Question {index + 1}</legend>
        <label htmlFor={`field-${question.key}`}>Field name</label>
        <input
          id={`field-${question.key}`}
          value={question.field}
          maxLength={FIELD_MAX * 2}
          onChange={(e) => onChange({ field: e.target.value })}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={`field-${question.key}-hint${fieldError ? ` field-${question.key}-error` : ''}`}
        />
        <p id={`field-${question.key}-hint`} className="field-hint">
          The column name in your responses, e.g. name or email.
        </p>
        <FieldError id={`field-${question.key}-error`} message={fieldError} />

        <label htmlFor={`lines-${question.key}`}>Question text</label>
        <textarea
          id={`lines-${question.key}`}
          rows={2}
          value={question.text}
          onChange={(e) => onChange({ text: e.target.value })}
          aria-invalid={linesError ? true : undefined}
          aria-describedby={linesError ? `lines-${question.key}-error` : undefined}
        />
        <FieldError id={`lines-${question.key}-error`} message={linesError} />

        <label className="checkbox">
          <input type="checkbox" checked={question.long} onChange={(e) => onChange({ long: e.target.checked })} />
          Long answer (Shift+Enter for a new line)
        </label>

        <div className="question-tools">
          <button
            id={`move-up-${question.key}`}
            type="button"
            className="button button-small"
            onClick={() => onMove(-1)}
            disabled={index === 0}
            aria-label={`Move question ${index + 1} up`}
          >
            ↑ Up
          </button>
          <button
            id={`move-down-${question.key}`}
            type="button"
            className="button button-small"
            onClick={() => onMove(1)}
            disabled={index === count - 1}
            aria-label={`Move question ${index + 1} down`}
          >
            ↓ Down
          </button>
          <button
            type="button"
            className="button button-small button-danger"
            onClick={onRemove}
            aria-label={`Remove question ${index + 1}`}
          >
            Remove
          </button>
        </div>
      </fieldset>
    </li>
  );
}
