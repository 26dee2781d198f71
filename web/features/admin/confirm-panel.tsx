import { type ReactNode, useEffect, useRef } from 'react';
import '../../ui/admin-area.css';

/**
 * An inline "are you sure?" step. It takes focus when it opens (the button that opened it is gone),
 * so keyboard and screen-reader users land on the question, then Tab to the answers.
 */
export function ConfirmPanel({
  children,
  confirmLabel,
  busyLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div className="admin-confirm" ref={ref} tabIndex={-1}>
      {children}
      <div className="form-actions">
        <button type="button" className="button button-danger" onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </button>
        <button type="button" className="button" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </div>
  );
}
