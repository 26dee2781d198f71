import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { ErrorAlert } from './alert';

interface FieldProps {
  id: string;
  label: string;
  /** The field's error, shown under it and announced; ties to the input with aria-describedby. */
  error?: string | undefined;
  hint?: ReactNode;
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function FieldNotes({ id, error, hint }: Omit<FieldProps, 'label'>) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** A labelled text input with its hint and error. */
export function TextField({ id, label, error, hint, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}

/** A labelled textarea with its hint and error. */
export function TextAreaField({ id, label, error, hint, ...textarea }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...textarea}
      />
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}

/** The form's own error (not one field's) and its submit button, which says it is busy and cannot be pressed twice. */
export function SubmitRow({
  alert,
  busy,
  label,
  busyLabel,
  children,
}: {
  alert: string | undefined;
  busy: boolean;
  label: string;
  busyLabel: string;
  children?: ReactNode;
}) {
  return (
    <>
      <ErrorAlert message={alert} />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
          {busy ? busyLabel : label}
        </button>
        {children}
      </div>
    </>
  );
}

/** How a handle is typed: no capitals, autocomplete or spell-check; the rules shown under it. */
export const handleInputProps = {
  autoCapitalize: 'none',
  autoComplete: 'off',
  spellCheck: false,
  maxLength: 60,
  hint: 'Lowercase letters, numbers and hyphens, up to 30 characters.',
} as const;
