import { useEffect, useState } from 'react';
import { FIXABLE, fileTypeLabel, type LinkCheckResult } from '../../core/link-check';
import { LINK_FIX_TEXTS } from '../../core/link-check-text';

/** After this long, "Checking the link..." says why it takes a while (issue 43: about 5 s with no word). */
export const SLOW_CHECK_HINT_MS = 1500;

/** "Checking the link...", and after a moment that some hosts are slow to answer. */
function Checking({ id }: { id: string }) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_CHECK_HINT_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <p id={id} className="field-hint" role="status">
      {slow ? LINK_FIX_TEXTS.slow : 'Checking the link...'}
    </p>
  );
}

/** Under the link field: what the check found, or what is wrong with the link and how to fix it. */
export function LinkCheckNote({ id, checking, result }: { id: string; checking: boolean; result: LinkCheckResult | null }) {
  if (checking) return <Checking id={id} />;
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
        {/* The safe action is the primary one (issue 43). */}
        <button type="button" className="button button-primary" onClick={onFix}>
          Fix the link
        </button>
        <button type="button" className="button" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </div>
  );
}
