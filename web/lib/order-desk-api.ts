import type { AnswerLink, OrderAgain, OrderBlock } from '../../core/order-desk';
import { api, segment } from './api-client';

/** The order desk's API beyond the orders themselves (docs/decisions/0210): one function an operation. */

export const fetchAnswerLink = (token: string) => api.get<AnswerLink>(`/api/order-answers/${segment(token)}`);

export const answerByLink = (token: string, decision: 'confirm' | 'decline', reason?: string) =>
  api.post<AnswerLink>(`/api/order-answers/${segment(token)}`, { decision, ...(reason ? { reason } : {}) });

export const fetchOrderBlock = (orderId: number) => api.get<OrderBlock>(`/api/orders/${orderId}/block`);

export const setOrderBlock = (orderId: number, blocked: boolean) =>
  api.put<OrderBlock>(`/api/orders/${orderId}/block`, { blocked });

/** A plain GET form downloads the CSV (from and to as its fields). */
export const ORDERS_EXPORT_PATH = '/api/orders/export.csv';

/** "Order again": the past order as a basket on the newest version of its list, with what moved. */
export const fetchOrderAgain = (orderId: string) => api.get<OrderAgain>(`/api/orders/${segment(orderId)}/again`);

/** An enquiry about a list Freshlist cannot read prices from, mailed to its supplier. */
export const sendEnquiry = (body: { handle: string; slug: string; text: string; sendKey: string }) =>
  api.post<{ sent: true }>('/api/orders/enquiries', body);
