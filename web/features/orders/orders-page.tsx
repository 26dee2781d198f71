import { Link } from 'react-router';
import { shortDate } from '../../../core/delivery-terms';
import { money } from '../../../core/order-rules';
import type { OrderSummary, OrdersPage as OrdersPageData } from '../../../core/orders';
import { errorMessage } from '../../lib/api-client';
import { fetchOrders } from '../../lib/orders-api';
import { RequireAuth } from '../../lib/require-auth';
import { useCursorPages } from '../../lib/use-cursor-pages';
import { OrdersExport } from './order-desk-controls';
import { OrderStateBadge } from './order-state';
import './orders.css';

const when = (ms: number) => new Date(ms).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function OrderItem({ order, role }: { order: OrderSummary; role: 'buyer' | 'supplier' }) {
  const who = role === 'supplier' ? order.buyerName || 'A buyer' : order.businessName || `@${order.handle}`;
  return (
    <li>
      <Link to={`/orders/${order.id}`}>
        Order {order.id} · {who}
      </Link>
      <OrderStateBadge state={order.state} />
      <p className="order-meta">
        {order.listName} · {order.lineCount} {order.lineCount === 1 ? 'line' : 'lines'}
        {order.total !== null ? ` · ${money(order.total, order.currency)}` : ''}
        {order.deliveryDate ? ` · for ${shortDate(order.deliveryDate)}` : ''} · sent {when(order.createdAt)}
      </p>
    </li>
  );
}

function OrdersSection({ side: role, title, empty }: { side: 'buyer' | 'supplier'; title: string; empty: string }) {
  const list = useCursorPages<OrdersPageData>((cursor) => fetchOrders(role, cursor), [role]);
  const orders = list.pages.flatMap((p) => p.orders);
  const id = `orders-${role}`;
  return (
    <section className="orders-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {list.status === 'loading' && <p className="page-status">Loading...</p>}
      {list.status === 'error' && <p role="alert">{errorMessage(list.error)}</p>}
      {list.status !== 'loading' && orders.length === 0 && list.status !== 'error' && <p>{empty}</p>}
      {orders.length > 0 && (
        <ul className="orders-list">
          {orders.map((o) => (
            <OrderItem key={o.id} order={o} role={role} />
          ))}
        </ul>
      )}
      {list.hasMore && (
        <button type="button" className="button" onClick={list.loadMore} disabled={list.status === 'more'}>
          Load more
        </button>
      )}
    </section>
  );
}

/** /orders: what a business received (holders of a handle) and what the person sent. */
export function OrdersPage() {
  return (
    <RequireAuth>
      {(user) => (
        <main className="orders-page">
          <h1>Orders</h1>
          {user.handle && user.approved && (
            <>
              <OrdersSection
                side="supplier"
                title="Orders received"
                empty="No orders yet. Buyers order from your lists' pages."
              />
              <OrdersExport />
            </>
          )}
          <OrdersSection
            side="buyer"
            title="Orders sent"
            empty="You have not sent an order yet. Open a supplier's list to build one."
          />
        </main>
      )}
    </RequireAuth>
  );
}
