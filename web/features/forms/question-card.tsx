import type { PointerEvent } from 'react';
import {
  FIELD_MAX,
  isChoiceType,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  type QuestionType,
} from '../../../core/chat-form-questions';
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

export interface QuestionErrors {
  field: string | null;
  lines: string | null;
  options: string | null;
  limits: string | null;
}

const describedBy = (...ids: (string | false)[]) => ids.filter(Boolean).join(' ') || undefined;

/**
 * One question of the form editor, in plain words (issue 19): its text, the kind of answer, the
 * kind's settings, whether it may be skipped, and under "Advanced" its answer key. Moved with the
 * Up and Down buttons or by dragging its handle.
 */
export function QuestionCard({
  question,
  answerKey,
  index,
  count,
  errors,
  saved,
  drag,
  handle,
  onChange,
  onMove,
  onRemove,
}: {
  question: QuestionDraft;
  /** The key it will be saved with (made from the text unless the owner typed one). */
  answerKey: string;
  index: number;
  count: number;
  errors: QuestionErrors;
  /** Whether the form has been saved with responses possibly under this key. */
  saved: boolean;
  drag: 'dragging' | 'before' | 'after' | null;
  handle: {
    onPointerDown(e: PointerEvent<HTMLElement>): void;
    onPointerMove(e: PointerEvent<HTMLElement>): void;
    onPointerUp(e: PointerEvent<HTMLElement>): void;
    onPointerCancel(e: PointerEvent<HTMLElement>): void;
  };
  onChange(change: Partial<QuestionDraft>): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}) {
  const k = question.key;
  const n = index + 1;
  return (
    <li className="question-card" data-drag={drag ?? undefined}>
      <fieldset>
        <legend>Question {n}</legend>
        {/* Pointer-only: keyboard and screen-reader users have the Up and Down buttons below. */}
        <span className="drag-handle" aria-hidden="true" title="Drag to reorder" {...handle}>
          ⠿
        </span>

        <label htmlFor={`lines-${k}`}>Question text</label>
        <textarea
          id={`lines-${k}`}
          rows={2}
          value={question.text}
          onChange={(e) => onChange({ text: e.target.value })}
          aria-invalid={errors.lines ? true : undefined}
          aria-describedby={describedBy(`lines-${k}-hint`, !!errors.lines && `lines-${k}-error`)}
        />
        <p id={`lines-${k}-hint`} className="field-hint">
          Each line is one chat bubble.
        </p>
        <FieldError id={`lines-${k}-error`} message={errors.lines} />

        <label htmlFor={`type-${k}`}>Answer type</label>
        <select id={`type-${k}`} value={question.type} onChange={(e) => onChange({ type: e.target.value as QuestionType })}>
          {QUESTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {QUESTION_TYPE_LABELS[type]}
            </option>
          ))}
        </select>

        {isChoiceType(question.type) && (
          <>
            <label htmlFor={`options-${k}`}>Options</label>
            <textarea
              id={`options-${k}`}
              rows={3}
              value={question.optionsText}
              onChange={(e) => onChange({ optionsText: e.target.value })}
              aria-invalid={errors.options ? true : undefined}
              aria-describedby={describedBy(`options-${k}-hint`, !!errors.options && `options-${k}-error`)}
            />
            <p id={`options-${k}-hint`} className="field-hint">
              One option a line.
            </p>
            <FieldError id={`options-${k}-error`} message={errors.options} />
          </>
        )}

        {question.type === 'number' && (
          <>
            <div className="number-limits">
              <div>
                <label htmlFor={`min-${k}`}>Smallest allowed</label>
                <input
                  id={`min-${k}`}
                  inputMode="decimal"
                  value={question.min}
                  onChange={(e) => onChange({ min: e.target.value })}
                  aria-invalid={errors.limits ? true : undefined}
                  aria-describedby={errors.limits ? `limits-${k}-error` : undefined}
                />
              </div>
              <div>
                <label htmlFor={`max-${k}`}>Largest allowed</label>
                <input
                  id={`max-${k}`}
                  inputMode="decimal"
                  value={question.max}
                  onChange={(e) => onChange({ max: e.target.value })}
                  aria-invalid={errors.limits ? true : undefined}
                  aria-describedby={errors.limits ? `limits-${k}-error` : undefined}
                />
              </div>
            </div>
            <p className="field-hint">Leave empty for no limit.</p>
            <FieldError id={`limits-${k}-error`} message={errors.limits} />
          </>
        )}

        <label className="checkbox">
          <input type="checkbox" checked={!question.required} onChange={(e) => onChange({ required: !e.target.checked })} />
          Optional: visitors may skip it
        </label>

        <details className="question-advanced" open={errors.field ? true : undefined}>
          <summary>Advanced</summary>
          <label htmlFor={`field-${k}`}>Answer key</label>
          <input
            id={`field-${k}`}
            value={answerKey}
            maxLength={FIELD_MAX * 2}
            onChange={(e) => onChange({ field: e.target.value, keyFollowsText: false })}
            aria-invalid={errors.field ? true : undefined}
            aria-describedby={describedBy(`field-${k}-hint`, !!errors.field && `field-${k}-error`)}
          />
          <p id={`field-${k}-hint`} className="field-hint">
            The name of this question's column in your responses and downloads, and in the visitor's summary.
            {question.keyFollowsText
              ? ' Made from the question text until you change it.'
              : saved && ' Changing it starts a new column; earlier answers stay under the old one.'}
          </p>
          <FieldError id={`field-${k}-error`} message={errors.field} />
        </details>

        <div className="question-tools">
          <button
            id={`move-up-${k}`}
            type="button"
            className="button button-small"
            onClick={() => onMove(-1)}
            disabled={index === 0}
            aria-label={`Move question ${n} up`}
          >
            ↑ Up
          </button>
          <button
            id={`move-down-${k}`}
            type="button"
            className="button button-small"
            onClick={() => onMove(1)}
            disabled={index === count - 1}
            aria-label={`Move question ${n} down`}
          >
            ↓ Down
          </button>
          <button type="button" className="link-button question-remove" onClick={onRemove} aria-label={`Remove question ${n}`}>
            Remove
          </button>
        </div>
      </fieldset>
    </li>
  );
}
