import type { ReactNode } from 'react';
import { WEEKDAY_NAMES, WEEKDAYS, type Weekday } from '../../../core/delivery-terms';
import { MAX_CUTOFF_DAYS_BEFORE } from '../../../core/delivery-terms-api';
import { TextField } from '../../ui/form-field';
import type { EarlierCutoffRow } from './terms-form-values';

/** The ordering-terms form's pieces (ordering-terms-form.tsx): selects, the exception date lists. */

/** "Monday (1 day before)": the cut-off's weekday for a delivery on `day`, `n` days before. */
function daysBeforeLabel(day: Weekday, n: number): string {
  const weekday = WEEKDAYS[(WEEKDAYS.indexOf(day) - (n % 7) + 7) % 7]!;
  if (n === 0) return `${WEEKDAY_NAMES[weekday]} (same day)`;
  return `${WEEKDAY_NAMES[weekday]} (${n} day${n === 1 ? '' : 's'} before)`;
}

const DAYS_BEFORE_CHOICES = Array.from({ length: MAX_CUTOFF_DAYS_BEFORE + 1 }, (_, n) => n);

export function DaysBeforeOptions({ day }: { day: Weekday | null }) {
  return DAYS_BEFORE_CHOICES.map((n) => (
    <option key={n} value={n}>
      {day ? daysBeforeLabel(day, n) : n === 0 ? 'The same day' : `${n} day${n === 1 ? '' : 's'} before`}
    </option>
  ));
}

/** A field's error under it, tied to its input by id. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="field-error" role="alert">
      {error}
    </p>
  ) : null;
}

/** A labelled select with its error, in the form's field style. */
export function SelectField(props: {
  id: string;
  label: string;
  value: string;
  error?: string | undefined;
  onChange(value: string): void;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.children}
      </select>
      <FieldError id={props.id} error={props.error} />
    </div>
  );
}

/** "Earlier cut-offs": a delivery date with its own cut-off a row, added and removed by buttons. */
export function EarlierCutoffs({
  rows,
  errors,
  onChange,
  onAdd,
  onRemove,
}: {
  rows: EarlierCutoffRow[];
  errors: Record<string, string>;
  onChange(i: number, patch: Partial<EarlierCutoffRow>): void;
  onAdd(): void;
  onRemove(i: number): void;
}) {
  return (
    <>
      <h3 className="terms-subheading">Earlier cut-offs</h3>
      <p className="field-hint">For a delivery before a holiday, say, when orders must be in sooner than usual.</p>
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place; removing one re-keys the rest, which only resets focus
        <div key={i} className="terms-cutoff terms-early">
          <TextField
            id={`terms-early-${i}-date`}
            label={`Delivery date ${i + 1}`}
            type="date"
            value={row.date}
            error={errors[`terms-early-${i}-date`]}
            onChange={(e) => onChange(i, { date: e.target.value })}
          />
          <SelectField
            id={`terms-early-${i}-daysBefore`}
            label={`Order by, for date ${i + 1}`}
            value={row.daysBefore}
            error={errors[`terms-early-${i}-daysBefore`]}
            onChange={(daysBefore) => onChange(i, { daysBefore })}
          >
            <DaysBeforeOptions day={null} />
          </SelectField>
          <TextField
            id={`terms-early-${i}-time`}
            label={`Cut-off time, for date ${i + 1}`}
            type="time"
            value={row.time}
            error={errors[`terms-early-${i}-time`]}
            onChange={(e) => onChange(i, { time: e.target.value })}
          />
          <button type="button" className="button button-small" onClick={() => onRemove(i)}>
            Remove date {i + 1}
          </button>
        </div>
      ))}
      <button type="button" className="button button-small" onClick={onAdd}>
        Add an earlier cut-off
      </button>
    </>
  );
}

/** "No delivery on": one date input a row, added and removed by buttons. */
export function DateList({
  values,
  error,
  onChange,
}: {
  values: string[];
  error: string | undefined;
  onChange(next: string[]): void;
}) {
  return (
    <div className="field" aria-describedby={error ? 'terms-no-delivery-error' : undefined}>
      <h3 className="terms-subheading">No delivery on</h3>
      {values.map((date, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: as the earlier cut-offs' rows
        <div key={i} className="terms-cutoff">
          <TextField
            id={`terms-no-delivery-${i}`}
            label={`No-delivery date ${i + 1}`}
            type="date"
            value={date}
            onChange={(e) => onChange(values.map((d, j) => (j === i ? e.target.value : d)))}
          />
          <button type="button" className="button button-small" onClick={() => onChange(values.filter((_, j) => j !== i))}>
            Remove date {i + 1}
          </button>
        </div>
      ))}
      <button type="button" className="button button-small" onClick={() => onChange([...values, ''])}>
        Add a no-delivery date
      </button>
      <FieldError id="terms-no-delivery" error={error} />
    </div>
  );
}
