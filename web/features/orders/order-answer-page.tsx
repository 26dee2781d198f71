import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { shortDate } from '../../../core/delivery-terms';
import type { AnswerLink } from '../../../core/order-desk';
import { money } from '../../../core/order-rules';
import { errorMessage } from '../../lib/api-client';
import { answerByLink, fetchAnswerLink } from '../../lib/order-desk-api';
import { useApiGet } from '../../lib/use-api';
import { OrderDecision } from './order-decision';
import { OrderStateBadge } from './order-state';
import './orders.css';

function Answer({ token, onAnswered }: { token: string; onAnswered: (a: AnswerLink) => void }) {
  return <OrderDecision send={async (decision, reason) => onAnswered(await answerByLink(token, decision, reason))} />;
}

/**
 * /orders/answer/:token: the order mail's one-time link (docs/decisions/0210). Opening it changes
 * nothing (a mail scanner may open it too); the supplier confirms or declines with a button.
 */
export function OrderAnswerPage() {
  const { token = '' } = useParams();
  const { data, error, loading } = useApiGet(() => fetchAnswerLink(token), [token]);
  const [answered, setAnswered] = useState<AnswerLink | null>(null);
  if (loading && !data) return <p className="page-status">Loading...</p>;
  const link = answered ?? data;
  if (error || !link) {
    return (
      <main className="order-page">
        <h1>Answer an order</h1>
        <p role="alert">{errorMessage(error)}</p>
        <p>
          <Link to="/orders">Your orders</Link>
        </p>
      </main>
    );
  }
  const { order } = link;
  return (
    <main className="order-page">
      <h1>
        Order {order.id}
        <OrderStateBadge state={order.state} />
      </h1>
      <p>
        From {order.buyerName || 'a buyer'} · {order.listName} · {order.lineCount} {order.lineCount === 1 ? 'line' : 'lines'}
        {order.total !== null ? ` · ${money(order.total, order.currency)}` : ''}
      </p>
      <p>Delivery: {order.deliveryDate ? shortDate(order.deliveryDate) : 'not chosen'}</p>
      {answered && (
        <p role="status">{order.state === 'confirmed' ? 'Confirmed: the buyer is told.' : 'Declined: the buyer is told.'}</p>
      )}
      {!answered && link.message && <p role="status">{link.message}</p>}
      {link.state === 'open' && !answered && <Answer token={token} onAnswered={setAnswered} />}
      <p>
        <Link to={`/orders/${order.id}`}>Open the order on Freshlist</Link> (sign in to see its lines)
      </p>
    </main>
  );
}
