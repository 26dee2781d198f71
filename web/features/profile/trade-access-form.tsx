import { type FormEvent, useState } from 'react';
import type { TradeAccess } from '../../../core/trade';
import { TRADE_MESSAGES } from '../../../core/trade-text';
import { useApiGet } from '../../lib/use-api';
import { useApiAction } from '../../lib/use-api-action';
import { SubmitRow, TextAreaField, TextField } from '../../ui/form-field';
import { profileApi } from './api';

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** The business said no: when, and why if they said; the person may ask again below. */
function Declined({ access }: { access: TradeAccess }) {
  return (
    <div className="alert alert-warning trade-declined">
      <p>
        {TRADE_MESSAGES.declined}
        {access.declinedAt ? ` (${DAY.format(new Date(access.declinedAt))})` : ''}
      </p>
      {access.declineReason && <p className="trade-member-note">Their reason: {access.declineReason}</p>}
      <p>You can ask again with a note, or contact them with the details on this page.</p>
    </div>
  );
}

/** Where the viewer stands, in words; null when the form is what they need. */
function standing(state: TradeAccess['state']): string | null {
  if (state === 'pending') return TRADE_MESSAGES.pending;
  if (state === 'approved') return TRADE_MESSAGES.approved;
  return null;
}

function AskForm({ access, onAsked }: { access: TradeAccess; onAsked(next: TradeAccess): void }) {
  const [businessName, setBusinessName] = useState(access.businessName ?? '');
  const [note, setNote] = useState('');
  const ask = useApiAction(async () => onAsked(await profileApi.askForAccess(access.handle, { businessName, note })));
  const missing = businessName.trim() === '';
  const [tried, setTried] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!missing) void ask.run();
  }

  return (
    <form onSubmit={submit} noValidate>
      {access.state === 'declined' && <Declined access={access} />}
      <TextField
        id="trade-business-name"
        label="Business name"
        value={businessName}
        onChange={(e) => setBusinessName(e.target.value)}
        autoComplete="organization"
        error={tried && missing ? TRADE_MESSAGES.businessNameRequired : undefined}
        required
      />
      <TextAreaField
        id="trade-note"
        label="Note (optional)"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        hint="Who you are and what you buy, so they know you."
      />
      <SubmitRow alert={ask.error} busy={ask.busy} label="Ask for access" busyLabel="Asking..." />
    </form>
  );
}

/**
 * The signed-in part of "Trade only: ask for access" (issue 32): where the viewer's request stands,
 * or the form that asks (business name, a note). Loaded only when a signed-in person sees a
 * trade-only list (trade-access.tsx), not on a visitor's first visit (docs/decisions/0193).
 */
export function TradeAccessForm({ handle, onFollowed }: { handle: string; onFollowed?: (() => void) | undefined }) {
  const access = useApiGet(() => profileApi.tradeAccess(handle), [handle]);
  const [asked, setAskedState] = useState<TradeAccess>();
  // Asking follows the handle too (the server does both in one transaction).
  const setAsked = (next: TradeAccess) => {
    setAskedState(next);
    onFollowed?.();
  };
  const current = asked ?? access.data;
  if (current?.state === 'owner') return null;
  const said = current ? standing(current.state) : null;
  return (
    <>
      {access.error && (
        <p className="alert alert-error" role="alert">
          {access.error.message}
        </p>
      )}
      <div aria-live="polite">
        {asked?.state === 'pending' && <p className="alert alert-success">{TRADE_MESSAGES.requested}</p>}
        {said && !(asked?.state === 'pending') && <p className="trade-access-state">{said}</p>}
      </div>
      {current && !said && <AskForm access={current} onAsked={setAsked} />}
    </>
  );
}
