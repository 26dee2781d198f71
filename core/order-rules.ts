import { formatPrice } from './list-price';
import { MAX_QUANTITY } from './order-quantity';
import { linePack } from './unit-price';

/**
 * The rules of a basket and the texts of an order (issue 40 §2-3, docs/decisions/0210), apart from
 * the order API's schemas (core/orders.ts) so that a list's page, which mirrors them in its basket,
 * does not load zod on a first visit (docs/decisions/0224).
 */
export const MAX_ORDER_LINES = 500;
export const NOTE_MAX_LENGTH = 2000;
export const DECLINE_REASON_MAX_LENGTH = 500;
/** Orders one buyer may send in an hour (counted in the database). */
export const ORDERS_PER_HOUR = 10;
/** How far ahead a delivery date may be asked for without terms. */
export const MAX_DAYS_AHEAD = 90;
export const ORDERS_PAGE = 25;

export const ORDER_STATES = ['new', 'seen', 'confirmed', 'declined'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const ORDER_MESSAGES = {
  empty: 'Your basket is empty: choose a quantity for at least one line.',
  tooManyLines: `An order can have at most ${MAX_ORDER_LINES} lines.`,
  lineTwice: (n: number) => `Line ${n} is in the basket twice.`,
  notPriced: (n: number) => `Line ${n} is not a priced line of this list.`,
  quantity: (item: string) => `Enter a quantity above 0 for ${item}.`,
  tooMuch: (item: string) => `${item}: at most ${MAX_QUANTITY.toLocaleString('en-GB')} at a time.`,
  wholePacks: (item: string) => `${item} is sold by the piece or pack: order a whole number.`,
  decimals: (item: string) => `${item}: at most 3 decimals (grams or millilitres).`,
  noteTooLong: `Your note can be at most ${NOTE_MAX_LENGTH.toLocaleString('en-GB')} characters.`,
  deliveryDate: 'Choose a delivery date from the list.',
  notADeliveryDay: 'The supplier does not deliver on that date, or its cut-off has passed: choose another.',
  sendKey: 'Reload the page and send again.',
  ownList: 'This is your own list: you cannot order from it.',
  notRead: 'Freshlist has not read prices from this list: there is nothing to order from yet.',
  changed: 'The list changed while your basket was open: check the new prices before sending.',
  tooMany: `You sent ${ORDERS_PER_HOUR} orders in the last hour: wait a little before sending another.`,
  minimum: (amount: string) => `This supplier's minimum order is ${amount}.`,
  notFound: 'No such order, or it is not yours to see.',
  notYours: 'Only the supplier who received this order can confirm or decline it.',
  decided: 'This order was already confirmed or declined.',
  reasonNeeded: 'Say why you decline, so the buyer knows what to change.',
  reasonTooLong: `A reason can be at most ${DECLINE_REASON_MAX_LENGTH} characters.`,
} as const;

export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  new: 'New',
  seen: 'Seen',
  confirmed: 'Confirmed',
  declined: 'Declined',
};

/**
 * A quantity counts the line's pack as priced (a box, a 25 kg sack, a piece). A fraction only
 * where the price is per kilogram or per litre (e.g. "le kilo", "per kg"): 0.5 kg of cheese is an
 * order, half a box or half a sack is not. Null when fine, else the message.
 */
export function quantityProblem(quantity: number, line: { item?: string; unit?: string; raw: string }): string | null {
  const item = line.item ?? line.raw.slice(0, 60);
  if (!Number.isFinite(quantity) || quantity <= 0) return ORDER_MESSAGES.quantity(item);
  if (quantity > MAX_QUANTITY) return ORDER_MESSAGES.tooMuch(item);
  if (Number.isInteger(quantity)) return null;
  if (!allowsFractions(line)) return ORDER_MESSAGES.wholePacks(item);
  if (Math.abs(Math.round(quantity * 1000) - quantity * 1000) > 1e-6) return ORDER_MESSAGES.decimals(item);
  return null;
}

/** Priced per kg or per litre: the pack is one kilogram or one litre. */
export function allowsFractions(line: { item?: string; unit?: string; raw: string }): boolean {
  if (!line.unit) return false;
  const pack = linePack({ unit: line.unit, raw: line.unit });
  return pack !== null && pack.unit !== 'piece' && pack.quantity === 1;
}

/** Line totals in cents, so 3 × 2.10 is 6.30 and not 6.300000000000001. */
export const lineTotal = (price: number, quantity: number) => Math.round(price * quantity * 100) / 100;

/** The total where every line shares one currency (or none); null when currencies are mixed. */
export function orderTotal(lines: { price: number; quantity: number; currency?: string | null }[]) {
  const currencies = new Set(lines.map((l) => l.currency ?? null));
  if (currencies.size > 1 || lines.length === 0) return null;
  const cents = lines.reduce((sum, l) => sum + Math.round(lineTotal(l.price, l.quantity) * 100), 0);
  return { amount: cents / 100, currency: [...currencies][0] ?? null };
}

export const money = (amount: number, currency: string | null | undefined) =>
  formatPrice({ amount, ...(currency ? { currency } : {}) });

/** A quantity as people write it: 2, 0.5, 1.25. */
export const quantityText = (q: number) => String(Number(q.toFixed(3)));
