import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { shortDate } from '../../../core/delivery-terms';
import { money, quantityText } from '../../../core/order-rules';
import type { Order } from '../../../core/orders';
import { readOn } from '../../../core/price-table-text';
import { errorMessage } from '../../lib/api-client';
import { decideOrder, fetchOrder } from '../../lib/orders-api';
import { RequireAuth } from '../../lib/require-auth';
import { useApiGet } from '../../lib/use-api';
import { OrderDecision } from './order-decision';
import { BlockBuyer } from './order-desk-controls';
import { OrderStateBadge } from './order-state';
import './orders.css';

function Decision({ order, onDecided }: { order: Order; onDecided: (o: Order) => void }) {
  return <OrderDecision send={async (decision, reason) => onDecided(await decideOrder(order.id, decision, reason))} />;
}

function OrderView({ id }: { id: string }) {
  const { data, error, loading } = useApiGet(() => fetchOrder(id), [id]);
  const [decided, setDecided] = useState<Order | null>(null);
  if (loading && !data) return <p className="page-status">Loading...</p>;
  if (error || !data) return <p role="alert">{errorMessage(error)}</p>;
  const order = decided ?? data;
  const listPath = `/${encodeURIComponent(order.handle)}/lists/${encodeURIComponent(order.listSlug)}`;
  return (
    <main className="order-page">
      <p className="order-actions">
        <Link to="/orders">All orders</Link> ·{' '}
        <button type="button" className="link-button" onClick={() => window.print()}>
          Print
        </button>
      </p>
      <h1>
        Order {order.id}
        <OrderStateBadge state={order.state} />
      </h1>
      <p>
        {order.role === 'supplier' ? `From ${order.buyerName || 'a buyer'}` : `To ${order.businessName || `@${order.handle}`}`} ·{' '}
        <Link to={listPath}>{order.listName}</Link> · sent {readOn(order.createdAt)}
      </p>
      <p>Delivery: {order.deliveryDate ? shortDate(order.deliveryDate) : 'not chosen'}</p>
      {order.state === 'declined' && <p role="status">Declined: {order.declineReason}</p>}
      <table className="order-lines">
        <caption className="visually-hidden">The order's lines, at the prices Freshlist read</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Pack</th>
            <th scope="col" className="num">
              Quantity
            </th>
            <th scope="col" className="num">
              Price as read
            </th>
            <th scope="col" className="num">
              Line total
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l) => (
            <tr key={l.position}>
              <td>{l.item}</td>
              <td>{l.unit ?? ''}</td>
              <td className="num">{quantityText(l.quantity)}</td>
              <td className="num">{money(l.price, l.currency)}</td>
              <td className="num">{money(l.lineTotal, l.currency)}</td>
            </tr>
          ))}
        </tbody>
        {order.total !== null && (
          <tfoot>
            <tr>
              <th scope="row" colSpan={4}>
                Total as read
              </th>
              <td className="num">{money(order.total, order.currency)}</td>
            </tr>
          </tfoot>
        )}
      </table>
      {order.note && (
        <>
          <h2>Note</h2>
          <p className="order-note">{order.note}</p>
        </>
      )}
      {order.role === 'supplier' && (order.state === 'new' || order.state === 'seen') && (
        <Decision order={order} onDecided={setDecided} />
      )}
      {order.role === 'supplier' && <BlockBuyer orderId={order.id} buyerName={order.buyerName} />}
      {order.role === 'buyer' && (
        <p className="order-actions">
          {/* The list's page builds the basket from the newest version and flags what moved. */}
          <Link className="button" to={`${listPath}?again=${order.id}`}>
            Order again
          </Link>
        </p>
      )}
    </main>
  );
}

/** /orders/:id: one order, for its buyer or its supplier; printable. */
export function OrderPage() {
  const { id = '' } = useParams();
  return <RequireAuth>{() => <OrderView id={id} />}</RequireAuth>;
}
