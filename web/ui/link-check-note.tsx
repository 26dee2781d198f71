import { FIXABLE, fileTypeLabel, type LinkCheckResult } from '../../core/link-check';

/** Under the link field: what the check found, or what is wrong with the link and how to fix it. */
export function LinkCheckNote({ id, checking, result }: { id: string; checking: boolean; result: LinkCheckResult | null }) {
  if (checking) {
    return (
      <p id={id} className="field-hint" role="status">
        Checking the link...
      </p>
    );
  }
  if (!result) return null;
  if (result.health === 'ok' && result.file) {
    const type = fileTypeLabel(result.file.type, result.file.name);
    return (
      <p id={id} className="field-hint link-check-ok" role="status">
        {result.file.name
          ? `Found ${result.file.name} (${type}) on ${result.provider ?? 'the file host'}.`
          : `Found a ${type} file.`}
      </p>
    );
  }
  if (!result.message) return null;
  return (
    <p
      id={id}
      className={FIXABLE.has(result.health) ? 'field-error' : 'field-hint'}
      role={FIXABLE.has(result.health) ? 'alert' : 'status'}
    >
      {result.message}
    </p>
  );
}

/** Asked when sharing a link the check found private, missing or not a file: fix it, or post anyway. */
export function LinkProblemQuestion({
  message,
  confirmLabel,
  onConfirm,
  onFix,
}: {
  message: string;
  confirmLabel: string;
  onConfirm(): void;
  onFix(): void;
}) {
  return (
    <div className="alert alert-warning link-problem-question" role="alert">
      <p>{message}</p>
      <div className="form-actions">
        <button type="button" className="button" onClick={onFix}>
          Fix the link
        </button>
        <button type="button" className="button button-primary" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </div>
  );
}
