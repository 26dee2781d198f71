import type { Order, OrderChanged, OrdersPage, SendOrder, SentOrder } from '../../core/orders';
import { ApiRequestError, api, segment, withQuery } from './api-client';

/** The order API (docs/decisions/0210): one function an operation. */

export const fetchOrders = (role: 'buyer' | 'supplier', cursor: string | null) =>
  api.get<OrdersPage>(withQuery('/api/orders', { role, cursor }));

export const fetchOrder = (id: string) => api.get<Order>(`/api/orders/${segment(id)}`);

export const decideOrder = (id: number, decision: 'confirm' | 'decline', reason?: string) =>
  api.post<Order>(`/api/orders/${id}/decision`, { decision, ...(reason ? { reason } : {}) });

/** Sends a basket: the order, or what moved in the list since the basket's version (a 409). */
export async function sendOrder(body: SendOrder): Promise<{ sent: SentOrder } | { changed: OrderChanged }> {
  let response: Response;
  try {
    response = await fetch('/api/orders', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiRequestError(0, 'Could not reach Freshlist. Check your connection and try again.');
  }
  const data = (await response.json().catch(() => null)) as (OrderChanged & SentOrder) | { message?: string } | null;
  if (response.status === 409 && data && 'moves' in data) return { changed: data };
  if (!response.ok || !data || !('order' in data)) {
    const message =
      data && 'message' in data && typeof data.message === 'string' ? data.message : 'Something went wrong. Please try again.';
    throw new ApiRequestError(response.status, message);
  }
  return { sent: data };
}
