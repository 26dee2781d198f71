import { type FormEvent, useId, useState } from 'react';
import { exportRangeProblem } from '../../../core/order-desk';
import { errorMessage } from '../../lib/api-client';
import { fetchOrderBlock, ORDERS_EXPORT_PATH, setOrderBlock } from '../../lib/order-desk-api';
import { useApiGet } from '../../lib/use-api';
import { useApiAction } from '../../lib/use-api-action';

/** On the supplier's order page: block (or unblock) the buyer from ordering (docs/decisions/0210). */
export function BlockBuyer({ orderId, buyerName }: { orderId: number; buyerName: string }) {
  const { data, error } = useApiGet(() => fetchOrderBlock(orderId), [orderId]);
  const [blocked, setBlocked] = useState<boolean | null>(null);
  const toggle = useApiAction(async (block: boolean) => setBlocked((await setOrderBlock(orderId, block)).blocked));
  const { busy, error: problem } = toggle;
  const now = blocked ?? data?.blocked ?? null;
  if (error) return <p role="alert">{errorMessage(error)}</p>;
  if (now === null) return null;
  const who = buyerName || 'this buyer';
  return (
    <section className="order-block" aria-label="Orders from this buyer">
      <p role="status">{now ? `${who} cannot order from you on Freshlist.` : `${who} can order from your lists.`}</p>
      <button
        type="button"
        className={now ? 'button' : 'button button-danger-outline'}
        onClick={() => toggle.run(!now)}
        disabled={busy}
      >
        {now ? `Unblock ${who}` : `Block ${who} from ordering`}
      </button>
      {problem && <p role="alert">{problem}</p>}
    </section>
  );
}

const today = () => new Date().toISOString().slice(0, 10);
const monthAgo = () => new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

/** On /orders for a business: the CSV of the orders received between two dates (UTC days). */
export function OrdersExport() {
  const [from, setFrom] = useState(monthAgo);
  const [to, setTo] = useState(today);
  const [problem, setProblem] = useState<string | null>(null);
  const fromId = useId();
  const toId = useId();
  const check = (event: FormEvent) => {
    const found = exportRangeProblem(from, to);
    setProblem(found);
    if (found) event.preventDefault();
  };
  return (
    <form className="orders-export" method="get" action={ORDERS_EXPORT_PATH} onSubmit={check}>
      <h2>Export received orders (CSV)</h2>
      <label htmlFor={fromId}>From</label>
      <input id={fromId} name="from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} required />
      <label htmlFor={toId}>To</label>
      <input id={toId} name="to" type="date" value={to} onChange={(e) => setTo(e.target.value)} required />
      <button type="submit" className="button">
        Download CSV
      </button>
      {problem && <p role="alert">{problem}</p>}
    </form>
  );
}
