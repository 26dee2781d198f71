import { useEffect, useId, useMemo, useState } from 'react';
import { addDays, cutoffAt, cutoffWords, dateInZone, type PublicDeliveryTerms, shortDate } from '../../../core/delivery-terms';
import { MAX_ORDER_LINES, money, NOTE_MAX_LENGTH, orderTotal, quantityProblem } from '../../../core/order-rules';
import type { OrderChanged, SentOrder } from '../../../core/orders';
import { api, errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { sendOrder } from '../../lib/orders-api';
import { loginPath } from '../../lib/paths';
import { Link } from '../../ui/link';
import { BasketAgainFlags, useOrderAgain } from './basket-again';
import type { BasketState } from './basket-store';
import './basket-panel.css';

/**
 * The basket on a list's page (issue 40 §2, docs/decisions/0210): lines of one version, each with
 * its index, item, pack and price as read, kept in localStorage by handle, list and version so it
 * survives a reload and a sign-in. The server takes the prices from the version, never from here.
 */

interface TermsAnswer {
  terms: PublicDeliveryTerms | null;
  nextDelivery: { deliveryDate: string; cutoffAtMs: number } | null;
}

/** The next few deliveries whose cut-off is still ahead. */
function deliveryChoices(terms: PublicDeliveryTerms | null, now: number): { date: string; cutoff: number }[] {
  if (!terms || terms.days.length === 0) return [];
  const out: { date: string; cutoff: number }[] = [];
  const today = dateInZone(now, terms.timeZone);
  for (let i = 0; i < 60 && out.length < 6; i++) {
    const date = addDays(today, i);
    const cutoff = cutoffAt(terms, date);
    if (cutoff !== null && cutoff > now) out.push({ date, cutoff });
  }
  return out;
}

/** The basket below the price table: total, minimum, delivery date, note, Send. */
export function BasketPanel({
  basket,
  handle,
  slug,
  versionId,
}: {
  basket: BasketState;
  handle: string;
  slug: string;
  versionId: number;
}) {
  const { auth } = useAuth();
  const ids = { heading: useId(), date: useId(), note: useId() };
  const [terms, setTerms] = useState<TermsAnswer | null>(null);
  const [deliveryDate, setDeliveryDate] = useState('');
  const [note, setNote] = useState('');
  const [state, setState] = useState<
    | { kind: 'idle' | 'sending' }
    | { kind: 'error'; message: string }
    | { kind: 'changed'; changed: OrderChanged }
    | { kind: 'sent'; sent: SentOrder }
  >({
    kind: 'idle',
  });

  useEffect(() => {
    let live = true;
    api
      .get<TermsAnswer>(`/api/profiles/${encodeURIComponent(handle)}/terms`)
      .then((answer) => live && setTerms(answer))
      .catch(() => live && setTerms({ terms: null, nextDelivery: null }));
    return () => {
      live = false;
    };
  }, [handle]);

  // "Order again" from a past order's page: ?again=<order id> builds this basket (docs/decisions/0210).
  const againProblem = useOrderAgain(basket);

  const choices = useMemo(() => deliveryChoices(terms?.terms ?? null, Date.now()), [terms]);
  const parsed = basket.lines.map((l) => ({ ...l, q: Number(l.quantity) }));
  const problems = parsed.flatMap((l) => {
    const problem = quantityProblem(l.q, { raw: l.item, item: l.item, ...(l.unit ? { unit: l.unit } : {}) });
    return problem ? [problem] : [];
  });
  const total = orderTotal(
    parsed
      .filter((l) => Number.isFinite(l.q) && l.q > 0)
      .map((l) => ({ price: l.price, quantity: l.q, currency: l.currency ?? null })),
  );
  const minimum = terms?.terms?.minimumOrder ?? null;
  const belowMinimum = minimum && total && total.amount < minimum.amount;

  if (state.kind === 'sent') {
    const { order, whatsappUrl } = state.sent;
    return (
      <section className="basket" aria-labelledby={ids.heading}>
        <h2 id={ids.heading}>Your order</h2>
        <p role="status" className="alert alert-success">
          Order sent to {order.businessName || `@${order.handle}`}. <Link to={`/orders/${order.id}`}>See your order</Link>
        </p>
        {whatsappUrl && (
          <p>
            <a className="button" href={whatsappUrl} target="_blank" rel="noopener noreferrer">
              Also send it on WhatsApp
            </a>
          </p>
        )}
      </section>
    );
  }
  if (basket.lines.length === 0) {
    return (
      <section className="basket is-empty" aria-labelledby={ids.heading}>
        <h2 id={ids.heading}>Your order</h2>
        <p className="muted">Choose quantities in the table to build an order.</p>
        {againProblem && (
          <p className="alert alert-error" role="alert">
            {againProblem}
          </p>
        )}
      </section>
    );
  }

  async function send() {
    setState({ kind: 'sending' });
    try {
      const answer = await sendOrder({
        handle,
        slug,
        versionId,
        lines: parsed.map((l) => ({ index: l.index, quantity: l.q })),
        deliveryDate: deliveryDate || null,
        note,
        sendKey: basket.sendKey,
      });
      if ('changed' in answer) setState({ kind: 'changed', changed: answer.changed });
      else {
        basket.clear();
        setState({ kind: 'sent', sent: answer.sent });
      }
    } catch (err) {
      setState({ kind: 'error', message: errorMessage(err) });
    }
  }

  const here = typeof window === 'undefined' ? `/${handle}/lists/${slug}` : window.location.pathname;
  return (
    <section className="basket" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>Your order</h2>
      <ul className="basket-lines">
        {parsed.map((l) => (
          <li key={l.index}>
            <span>
              {l.quantity} × {l.item}
              {l.unit ? ` (${l.unit})` : ''}
            </span>
            <span>{Number.isFinite(l.q) && l.q > 0 ? money(Math.round(l.price * l.q * 100) / 100, l.currency) : ''}</span>
          </li>
        ))}
      </ul>
      <p className="basket-total" aria-live="polite">
        {total ? `Total as read: ${money(total.amount, total.currency)}` : 'No total: the lines are in more than one currency.'}
      </p>
      {minimum && (
        <p className={belowMinimum ? 'alert alert-warning' : 'muted'}>
          Minimum order {money(minimum.amount, minimum.currency)}
          {belowMinimum ? (minimum.kind === 'rule' ? ': add more before sending.' : ': the supplier may ask for more.') : '.'}
        </p>
      )}
      {problems.length > 0 && (
        <ul className="alert alert-error" role="alert">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {basket.lines.length > MAX_ORDER_LINES && <p role="alert">At most {MAX_ORDER_LINES} lines an order.</p>}
      {choices.length > 0 && (
        <div className="basket-field">
          <label htmlFor={ids.date}>Delivery</label>
          <select id={ids.date} value={deliveryDate} onChange={(e) => setDeliveryDate(e.target.value)}>
            <option value="">No date: the supplier's next delivery</option>
            {choices.map((c) => (
              <option key={c.date} value={c.date}>
                {/* The supplier's clock, as the terms say it: a buyer elsewhere reads the same cut-off. */}
                {shortDate(c.date)} (order by {cutoffWords(c.cutoff, terms?.terms?.timeZone ?? 'UTC', Date.now())})
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="basket-field">
        <label htmlFor={ids.note}>Note to the supplier</label>
        <textarea id={ids.note} value={note} maxLength={NOTE_MAX_LENGTH} onChange={(e) => setNote(e.target.value)} />
      </div>
      {basket.again && <BasketAgainFlags again={basket.again} onChecked={basket.checkedAgain} />}
      {state.kind === 'changed' && (
        <div className="alert alert-warning" role="alert">
          <p>{state.changed.message}</p>
          <ul>
            {state.changed.moves.map((m) => (
              <li key={m.index}>
                {m.item}: {m.after === null ? 'no longer on the list' : `${money(m.before, null)} → ${money(m.after, null)}`}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="button"
            onClick={() => {
              basket.moveTo(state.changed.versionId, state.changed.moves);
              window.location.reload();
            }}
          >
            Update my basket to the new prices
          </button>
        </div>
      )}
      {state.kind === 'error' && (
        <p className="alert alert-error" role="alert">
          {state.message}
        </p>
      )}
      {auth.status === 'signed-in' ? (
        <button
          type="button"
          className="button button-primary"
          onClick={() => void send()}
          disabled={state.kind === 'sending' || problems.length > 0 || state.kind === 'changed' || basket.again !== null}
        >
          {state.kind === 'sending' ? 'Sending…' : 'Send order'}
        </button>
      ) : (
        <Link className="button button-primary" to={loginPath(here)}>
          Sign in to send your order
        </Link>
      )}
    </section>
  );
}
