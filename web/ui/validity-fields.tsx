import { isCalendarDate, validityOrderProblem } from '../../core/list';
import { LIST_MESSAGES } from '../../core/list-messages';
import { localDate, shortDate } from '../../core/list-text';
import { TextField } from './form-field';

/** A version's validity dates as typed: YYYY-MM-DD, or '' for none. */
export interface ValidityDraft {
  validFrom: string;
  validUntil: string;
}

/** The dates' first problems, by the server's rules and messages. */
export function validityProblems({ validFrom, validUntil }: ValidityDraft) {
  const date = (text: string, label: string) => (text !== '' && !isCalendarDate(text) ? LIST_MESSAGES.dateInvalid(label) : null);
  return {
    validFrom: date(validFrom, 'Valid from'),
    validUntil:
      date(validUntil, 'Valid until') ?? validityOrderProblem({ validFrom: validFrom || null, validUntil: validUntil || null }),
  };
}

/** "Valid from" and "Valid until" side by side (stacked on a phone), as sharing and editing a list ask them. */
export function ValidityFields({
  idPrefix,
  draft,
  onChange,
  disabled,
}: {
  idPrefix: string;
  draft: ValidityDraft;
  onChange(change: Partial<ValidityDraft>): void;
  disabled: boolean;
}) {
  const problems = validityProblems(draft);
  return (
    <div className="date-fields">
      <TextField
        id={`${idPrefix}validFrom`}
        label="Valid from (optional)"
        type="date"
        value={draft.validFrom}
        onChange={(e) => onChange({ validFrom: e.target.value })}
        error={problems.validFrom ?? undefined}
        disabled={disabled}
      />
      <TextField
        id={`${idPrefix}validUntil`}
        label="Valid until (optional)"
        type="date"
        value={draft.validUntil}
        min={draft.validFrom || undefined}
        onChange={(e) => onChange({ validUntil: e.target.value })}
        error={problems.validUntil ?? undefined}
        disabled={disabled}
      />
    </div>
  );
}

/** A "Valid until" already past (by the person's own calendar): the list would show as Expired at once. */
export const validUntilPassed = ({ validUntil }: ValidityDraft) =>
  validUntil !== '' && isCalendarDate(validUntil) && validUntil < localDate();

/**
 * Asked before a past "Valid until" is saved (#31): it is allowed (an old version's real dates), but
 * seldom meant. `onConfirm` saves anyway; `onChange` goes back to the date.
 */
export function PastValidUntilQuestion({
  validUntil,
  confirmLabel,
  onConfirm,
  onChange,
}: {
  validUntil: string;
  confirmLabel: string;
  onConfirm(): void;
  onChange(): void;
}) {
  return (
    <div className="alert alert-warning past-date-question" role="alert">
      <p>"Valid until" is {shortDate(validUntil, localDate())}, already past: people will see this list as Expired.</p>
      <div className="form-actions">
        <button type="button" className="button" onClick={onChange}>
          Change the date
        </button>
        <button type="button" className="button button-primary" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </div>
  );
}
