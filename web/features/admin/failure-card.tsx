import type { ReactNode } from 'react';
import { useApiAction } from '../../lib/use-api-action';
import { ErrorAlert } from '../../ui/alert';

interface FailureCardProps {
  headingId: string;
  title: ReactNode;
  /** What the failed thing is (recipient, kind, attempts, data): paragraphs above its error. */
  children: ReactNode;
  error: string;
  /** The button's label, and its label while busy ('Send again', 'Sending...'). */
  action: string;
  busyAction: string;
  /** Runs it again; resolves with the notice to show. */
  runAgain(): Promise<string>;
  onDone(notice: string): void;
}

/** A failed mail or job on an admin page: what it is, its error, and a button that runs it again. */
export function FailureCard({ headingId, title, children, error, action, busyAction, runAgain, onDone }: FailureCardProps) {
  // The page's figures reload without this card: it stays busy until then.
  const again = useApiAction(async () => onDone(await runAgain()), { staysBusy: true });
  const { busy } = again;

  return (
    <li className="admin-item" aria-labelledby={headingId}>
      <div className="admin-item-main">
        <h3 id={headingId}>{title}</h3>
        {children}
        <p className="mail-error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
        <ErrorAlert message={again.error} />
      </div>
      <div className="admin-item-actions">
        <button type="button" className="button button-small" onClick={() => again.run()} disabled={busy} aria-busy={busy}>
          {busy ? busyAction : action}
        </button>
      </div>
    </li>
  );
}
