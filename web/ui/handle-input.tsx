import { normalizeHandleInput } from '../../core/handle';
import { ErrorAlert } from './alert';

/** The handle an admin is about to grant, editable (lower-cased as typed), with the action's error under it. */
export function HandleInput({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange(handle: string): void;
  error: string | undefined;
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(normalizeHandleInput(e.target.value))}
        autoCapitalize="none"
        spellCheck={false}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <ErrorAlert id={`${id}-error`} message={error} />
    </>
  );
}
