import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { ItemAlertKind, ItemAlertScope } from '../../core/item-alert';
import { alertsApi } from '../lib/alerts-api';
import { useAuth } from '../lib/auth';
import { useApiAction } from '../lib/use-api-action';
import { ItemAlertSignIn } from './item-alert';
import './item-alert-button.css';

type Unit = 'kg' | 'l' | 'piece' | '';

/**
 * "Alert me" for one item (issue 41 §3, docs/decisions/0209): a small modal form (condition,
 * threshold, unit, which lists) that creates an item alert. Drop it on a table line or a page:
 * `<ItemAlertButton item="Burrata" unit="kg" currency="EUR" />`. A visitor is sent to sign in first.
 */
export function ItemAlertButton({
  item,
  unit = '',
  currency = null,
  threshold,
  label = 'Alert me',
}: {
  /** The item's words, as /compare searches them ("Burrata", not "Burrata 125g"). */
  item: string;
  /** The unit the price is compared per, when the line's pack says. */
  unit?: Unit;
  currency?: string | null;
  /** A starting price for "under": the line's price per unit, say. */
  threshold?: number | undefined;
  label?: string;
}) {
  const { auth } = useAuth();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<ItemAlertKind>('under');
  const [amount, setAmount] = useState(threshold === undefined ? '' : String(threshold));
  const [per, setPer] = useState<Unit>(unit);
  const [scope, setScope] = useState<ItemAlertScope>('all');
  const [done, setDone] = useState('');
  const {
    run: create,
    busy,
    error,
  } = useApiAction(async () => {
    const number = amount.trim() === '' ? null : Number(amount.replace(',', '.'));
    const result = await alertsApi.create({
      item,
      kind,
      scope,
      ...(kind === 'back' ? {} : { threshold: number }),
      ...(kind === 'under' ? { unit: per === '' ? null : per, currency } : {}),
    });
    setOpen(false);
    setDone(
      result.fired > 0
        ? `Alert set. It already holds: Freshlist is mailing you now.`
        : 'Alert set. Freshlist mails you when it happens.',
    );
  });

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  // The same on the server and in the browser (the compare page is rendered on the server).
  if (auth.status !== 'signed-in') return <ItemAlertSignIn item={item} label={label} />;

  function submit(event: FormEvent) {
    event.preventDefault();
    void create();
  }

  return (
    <span className="item-alert">
      <button
        type="button"
        className="button button-small"
        onClick={() => {
          setDone('');
          setOpen(true);
        }}
      >
        {label}
        <span className="visually-hidden"> about {item}</span>
      </button>
      <span className="item-alert-status" role="status" aria-live="polite">
        {done}
      </span>
      {/* Only the form in use: a table of thousands of lines carries a button a line, not a form. */}
      {open && (
        <dialog ref={dialog} className="item-alert-dialog" aria-labelledby={`${id}-title`} onClose={() => setOpen(false)}>
          <form onSubmit={submit} noValidate>
            <h2 id={`${id}-title`}>Alert me about {item}</h2>
            <fieldset>
              <legend>When</legend>
              {(
                [
                  ['under', 'The price is under'],
                  ['back', 'It is back in a list'],
                  ['moves', 'The price moves more than a percentage'],
                ] as const
              ).map(([value, text]) => (
                <label key={value} className="radio">
                  <input type="radio" name="kind" value={value} checked={kind === value} onChange={() => setKind(value)} />
                  {text}
                </label>
              ))}
            </fieldset>
            {kind !== 'back' && (
              <div className="field">
                <label htmlFor={`${id}-threshold`}>
                  {kind === 'under' ? `Price${currency ? ` (${currency})` : ''}` : 'Move in %'}
                </label>
                <input
                  id={`${id}-threshold`}
                  inputMode="decimal"
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  aria-describedby={error ? `${id}-error` : undefined}
                />
              </div>
            )}
            {kind === 'under' && (
              <div className="field">
                <label htmlFor={`${id}-unit`}>Per</label>
                <select id={`${id}-unit`} value={per} onChange={(e) => setPer(e.target.value as Unit)}>
                  <option value="kg">kg</option>
                  <option value="l">litre</option>
                  <option value="piece">piece</option>
                  <option value="">the price as written</option>
                </select>
              </div>
            )}
            <fieldset>
              <legend>Which lists</legend>
              <label className="radio">
                <input type="radio" name="scope" value="all" checked={scope === 'all'} onChange={() => setScope('all')} />
                Every list I can see
              </label>
              <label className="radio">
                <input
                  type="radio"
                  name="scope"
                  value="following"
                  checked={scope === 'following'}
                  onChange={() => setScope('following')}
                />
                Only businesses I follow
              </label>
            </fieldset>
            {error && (
              <p id={`${id}-error`} className="alert alert-error" role="alert">
                {error}
              </p>
            )}
            <div className="form-actions">
              <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
                {busy ? 'Saving…' : 'Set alert'}
              </button>
              <button type="button" className="button" onClick={() => setOpen(false)}>
                Cancel
              </button>
            </div>
          </form>
        </dialog>
      )}
    </span>
  );
}
