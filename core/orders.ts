import { z } from 'zod';
import { keysetCursor } from './keyset';
import { DECLINE_REASON_MAX_LENGTH, money, NOTE_MAX_LENGTH, ORDER_MESSAGES, ORDER_STATES, quantityText } from './order-rules';

/**
 * Orders from a list version (issue 40 §2-3, docs/decisions/0210): the shapes of the order API and
 * an order as text. The rules of a basket and the texts both sides read are in core/order-rules.ts,
 * which a list's page loads without zod.
 */

// ── The API ──

export const sendKeySchema = z
  .string()
  .min(8, { error: ORDER_MESSAGES.sendKey })
  .max(100, { error: ORDER_MESSAGES.sendKey })
  .regex(/^[A-Za-z0-9_-]+$/, { error: ORDER_MESSAGES.sendKey });

/** POST /api/orders. Structural bounds only; each rule has its message in the service. */
export const sendOrderSchema = z.object({
  handle: z.string().min(1).max(100),
  slug: z.string().min(1).max(200),
  versionId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  lines: z
    .array(z.object({ index: z.number().int().min(0).max(1_000_000), quantity: z.number() }))
    .max(10_000, { error: ORDER_MESSAGES.tooManyLines }),
  deliveryDate: z.string().max(20).nullable().optional(),
  note: z.string().max(NOTE_MAX_LENGTH, { error: ORDER_MESSAGES.noteTooLong }).default(''),
  sendKey: sendKeySchema,
});
export type SendOrder = z.input<typeof sendOrderSchema>;

/** A line of the basket whose version is no longer the newest: its price now, or gone. */
export const orderMoveSchema = z.object({
  index: z.number(),
  item: z.string(),
  before: z.number(),
  /** The price in the newest version; null when the item is gone from it. */
  after: z.number().nullable(),
  /** The line's index in the newest version; null when gone. */
  newIndex: z.number().nullable(),
});
export type OrderMove = z.infer<typeof orderMoveSchema>;

/** 409 to a basket of an older version: what moved, and the version to build it on again. */
export const orderChangedSchema = z.object({
  error: z.string(),
  message: z.string(),
  versionId: z.number(),
  moves: z.array(orderMoveSchema),
});
export type OrderChanged = z.infer<typeof orderChangedSchema>;

export const orderLineSchema = z.object({
  position: z.number(),
  index: z.number(),
  raw: z.string(),
  item: z.string(),
  unit: z.string().nullable(),
  quantity: z.number(),
  price: z.number(),
  currency: z.string().nullable(),
  lineTotal: z.number(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderSummarySchema = z.object({
  id: z.number(),
  state: z.enum(ORDER_STATES),
  handle: z.string(),
  businessName: z.string(),
  listName: z.string(),
  listSlug: z.string(),
  buyerName: z.string(),
  deliveryDate: z.string().nullable(),
  lineCount: z.number(),
  total: z.number().nullable(),
  currency: z.string().nullable(),
  createdAt: z.number(),
  decidedAt: z.number().nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderSchema = orderSummarySchema.extend({
  versionId: z.number(),
  note: z.string(),
  declineReason: z.string().nullable(),
  /** Which side the viewer is on. */
  role: z.enum(['buyer', 'supplier']),
  lines: z.array(orderLineSchema),
});
export type Order = z.infer<typeof orderSchema>;

export const sentOrderSchema = z.object({
  order: orderSchema,
  /** https://wa.me/<number>?text=… where the supplier takes orders on WhatsApp. */
  whatsappUrl: z.string().nullable(),
});
export type SentOrder = z.infer<typeof sentOrderSchema>;

export const orderCursor = keysetCursor<{ createdAt: number; id: number }>({
  keyPattern: '\\d{1,15}',
  toKeyset: (c) => ({ time: c.createdAt, key: c.id }),
  fromKeyset: (time, key) => ({ createdAt: time, id: Number(key) }),
});

export const ordersQuerySchema = z.object({
  role: z.enum(['supplier', 'buyer']),
  cursor: orderCursor.param,
});

export const ordersPageSchema = z.object({ orders: z.array(orderSummarySchema), nextCursor: z.string().nullable() });
export type OrdersPage = z.infer<typeof ordersPageSchema>;

export const orderIdParamsSchema = z.object({
  id: z.coerce.number({ error: ORDER_MESSAGES.notFound }).int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const orderDecisionSchema = z.object({
  decision: z.enum(['confirm', 'decline']),
  reason: z.string().max(DECLINE_REASON_MAX_LENGTH, { error: ORDER_MESSAGES.reasonTooLong }).optional(),
});

// ── Texts ──

/** The order as a WhatsApp message: one line an item, the total, the date and note. */
export function orderAsText(
  order: Pick<Order, 'listName' | 'deliveryDate' | 'note' | 'total' | 'currency' | 'lines' | 'buyerName'>,
  orderUrl: string,
) {
  const lines = order.lines.map(
    (l) => `${quantityText(l.quantity)} × ${l.item}${l.unit ? ` (${l.unit})` : ''} @ ${money(l.price, l.currency)}`,
  );
  return [
    `Order from ${order.buyerName || 'a buyer'} — ${order.listName}`,
    ...lines,
    ...(order.total !== null ? [`Total as read: ${money(order.total, order.currency)}`] : []),
    ...(order.deliveryDate ? [`Delivery: ${order.deliveryDate}`] : []),
    ...(order.note ? [`Note: ${order.note}`] : []),
    orderUrl,
  ].join('\n');
}

/** wa.me wants the number in international form without + or spaces. */
export function whatsappUrl(phone: string, text: string): string | null {
  const digits = phone.replace(/[^\d]/g, '');
  if (!phone.trim().startsWith('+') || digits.length < 7 || digits.length > 15) return null;
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

export const csvCell = (v: string | number) => {
  const s = String(v);
  // A cell starting with = + - @ is a formula to a spreadsheet: a leading quote keeps it text.
  const safe = /^[=+\-@\t\r]/.test(s) && typeof v === 'string' ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The CSV the supplier's mail carries: one row a line, as read from the version at `versionUrl`. */
export function orderCsv(lines: OrderLine[], versionUrl: string): string {
  const rows: (string | number)[][] = [['Item', 'Pack', 'Quantity', 'Price as read', 'Currency', 'Line total', 'List version']];
  for (const l of lines) {
    rows.push([
      l.item,
      l.unit ?? '',
      quantityText(l.quantity),
      l.price.toFixed(2),
      l.currency ?? '',
      l.lineTotal.toFixed(2),
      versionUrl,
    ]);
  }
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
