import { useEffect, useRef, useState } from 'react';
import { useApiAction } from '../lib/use-api-action';

interface Props {
  /** The button that starts it, e.g. 'Delete'. */
  label: string;
  /** The question, e.g. 'Delete @fresh-farm?'. */
  question: string;
  confirmLabel?: string;
  /** Accessible name of the first button when the label alone is ambiguous in a list. */
  ariaLabel?: string;
  onConfirm(): Promise<void> | void;
  disabled?: boolean;
}

/** A destructive action that asks first, in place (keyboard and screen-reader friendly, no window.confirm). */
export function ConfirmButton({ label, question, confirmLabel = 'Yes, delete', ariaLabel, onConfirm, disabled }: Props) {
  const [asking, setAsking] = useState(false);
  // The caller shows its own failures.
  const { run, busy } = useApiAction(async () => onConfirm());
  const confirmRef = useRef<HTMLButtonElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  useEffect(() => {
    if (asking) confirmRef.current?.focus();
    else if (wasAsking.current) startRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <button
        ref={startRef}
        type="button"
        className="button button-danger-outline"
        aria-label={ariaLabel}
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <fieldset className="confirm">
      <legend className="confirm-question">{question}</legend>
      <button
        ref={confirmRef}
        type="button"
        className="button button-danger"
        disabled={busy}
        aria-busy={busy}
        onClick={async () => {
          await run();
          setAsking(false);
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" className="button" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </fieldset>
  );
}
