import { useEffect, useRef, useState } from 'react';
import { CHECK_NOW_TEXTS } from '../../core/link-check-text';
import { errorMessage } from '../lib/api-client';
import { checkNowApi } from '../lib/check-now-api';
import { useApiAction } from '../lib/use-api-action';
import './check-now-button.css';

/** How often the page asks for the outcome, and for how long (a worker takes seconds; a busy one, longer). */
export const CHECK_NOW_POLL_MS = 1000;
const CHECK_NOW_WAIT_MS = 90_000;

type Shown = { text: string; problem: boolean } | null;

/**
 * The owner's "I've updated it: check now" (docs/decisions/0208): presses, shows "Checking the
 * file…" while a worker checks, then what it found ("2 prices up: your followers are being told",
 * "No change found in the file.", or what is wrong with the link) in a live region. The server
 * keeps the limit of a few presses an hour and says when the next may be made.
 */
export function CheckNowButton({ listId, listName }: { listId: number; listName: string }) {
  const [shown, setShown] = useState<Shown>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const { run: check, busy } = useApiAction(
    async () => {
      setShown(null);
      let state = await checkNowApi.press(listId);
      const until = Date.now() + CHECK_NOW_WAIT_MS;
      while (state.state !== 'done' && Date.now() < until && alive.current) {
        await new Promise((resolve) => setTimeout(resolve, CHECK_NOW_POLL_MS));
        state = await checkNowApi.state(listId, state.id);
      }
      if (!alive.current) return;
      setShown(
        state.state === 'done'
          ? { text: state.message ?? CHECK_NOW_TEXTS.unchanged, problem: state.kind === 'problem' }
          : { text: CHECK_NOW_TEXTS.late, problem: false },
      );
    },
    {
      // Shown where the outcome is.
      onError: (err) => {
        if (alive.current) setShown({ text: errorMessage(err), problem: true });
        return undefined;
      },
    },
  );

  return (
    <span className="check-now">
      <button type="button" className="button button-small" onClick={check} disabled={busy} aria-busy={busy}>
        {busy ? CHECK_NOW_TEXTS.busy : CHECK_NOW_TEXTS.button}
        <span className="visually-hidden"> ({listName})</span>
      </button>
      <span className={shown?.problem ? 'check-now-status field-error' : 'check-now-status'} role="status" aria-live="polite">
        {/* The button says it too: read out here, shown there. */}
        {busy ? <span className="visually-hidden">{CHECK_NOW_TEXTS.busy}</span> : (shown?.text ?? '')}
      </span>
    </span>
  );
}
