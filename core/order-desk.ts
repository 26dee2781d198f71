import { z } from 'zod';
import { DECLINE_REASON_MAX_LENGTH, NOTE_MAX_LENGTH, ORDER_MESSAGES } from './order-rules';
import { orderMoveSchema, orderSummarySchema, sendKeySchema } from './orders';

/**
 * The rest of the order desk (issue 40 §3, docs/decisions/0210): answering from the mail through a
 * one-time link, blocking a buyer, the CSV of a date range. Rules and messages, browser-safe.
 */

/** How long the answer link of an order mail works. */
export const ANSWER_LINK_DAYS = 7;
export const ANSWER_LINK_MS = ANSWER_LINK_DAYS * 24 * 60 * 60 * 1000;
/** The longest date range one CSV export covers. */
export const EXPORT_MAX_DAYS = 366;

export const ORDER_DESK_MESSAGES = {
  linkUnknown: 'This link is not valid: open the order from your Orders page on Freshlist.',
  linkUsed: 'This link was already used: the order has been answered. Open it on Freshlist to see its state.',
  linkExpired: `This link has expired (links work for ${ANSWER_LINK_DAYS} days): open the order on Freshlist to answer it.`,
  blocked: 'This supplier does not take orders from you on Freshlist. Contact them directly.',
  ownBlock: 'You cannot block yourself.',
  exportRange: 'Choose a start and an end date (YYYY-MM-DD), the start on or before the end.',
  exportTooLong: `Export at most ${EXPORT_MAX_DAYS} days at a time.`,
  againOwnOnly: 'Only the buyer who sent this order can order it again.',
  againNothing: 'None of this order’s lines is in the newest version of the list: build a new basket from it.',
  againFlagged: (n: number) =>
    `${n} ${n === 1 ? 'line has' : 'lines have'} changed since your order: check ${n === 1 ? 'it' : 'them'} before sending.`,
  enquiryReadable: 'Freshlist reads prices from this list: order from its table instead.',
  enquiryEmpty: 'Write what you would like to ask about this list.',
  enquiryTooLong: `An enquiry can be at most ${NOTE_MAX_LENGTH.toLocaleString('en-GB')} characters.`,
  enquiryTooMany: 'You sent several enquiries in the last hour: wait a little before sending another.',
} as const;

/** Enquiries a buyer may send in an hour, across suppliers. */
export const ENQUIRIES_PER_HOUR = 5;

/** POST /api/orders/enquiries: free text about a list Freshlist cannot read prices from (issue 40 §2). */
export const enquirySchema = z.object({
  handle: z.string().min(1).max(30),
  slug: z.string().min(1).max(200),
  text: z.string().max(NOTE_MAX_LENGTH, { error: ORDER_DESK_MESSAGES.enquiryTooLong }),
  sendKey: sendKeySchema,
});
export type Enquiry = z.infer<typeof enquirySchema>;
export const enquirySentSchema = z.object({ sent: z.literal(true) });

/** "Order again" (GET /api/orders/:id/again): a basket on the newest version, and every line that moved. */
export const orderAgainSchema = z.object({
  handle: z.string(),
  slug: z.string(),
  versionId: z.number(),
  lines: z.array(
    z.object({
      index: z.number(),
      item: z.string(),
      unit: z.string().nullable(),
      price: z.number(),
      currency: z.string().nullable(),
      quantity: z.number(),
    }),
  ),
  /** Each line of the order whose price changed or that is gone (index: the line's in the order's version). */
  moves: z.array(orderMoveSchema),
  message: z.string().nullable(),
});
export type OrderAgain = z.infer<typeof orderAgainSchema>;

/** An answer link's token: 32 random bytes, base64url. */
export const answerTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: ORDER_DESK_MESSAGES.linkUnknown }),
});

export const ANSWER_LINK_STATES = ['open', 'used', 'expired', 'decided'] as const;
export type AnswerLinkState = (typeof ANSWER_LINK_STATES)[number];

/** What the answer page shows before anything changes: the order and whether the link still works. */
export const answerLinkSchema = z.object({
  state: z.enum(ANSWER_LINK_STATES),
  /** Why the link no longer works, in words; null while it is open. */
  message: z.string().nullable(),
  order: orderSummarySchema,
  expiresAt: z.number(),
});
export type AnswerLink = z.infer<typeof answerLinkSchema>;

export const answerDecisionSchema = z.object({
  decision: z.enum(['confirm', 'decline']),
  reason: z.string().max(DECLINE_REASON_MAX_LENGTH, { error: ORDER_MESSAGES.reasonTooLong }).optional(),
});

/** The block of an order's buyer, as the supplier's order page shows it. */
export const orderBlockSchema = z.object({ blocked: z.boolean() });
export type OrderBlock = z.infer<typeof orderBlockSchema>;

const calendarDate = z
  .string({ error: ORDER_DESK_MESSAGES.exportRange })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: ORDER_DESK_MESSAGES.exportRange });
/** GET /api/orders/export.csv?from=…&to=… (received orders, by the day they came in, UTC). */
export const ordersExportQuerySchema = z.object({ from: calendarDate, to: calendarDate });

/** Null when the range is fine, else the message. */
export function exportRangeProblem(from: string, to: string): string | null {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end) || start > end) return ORDER_DESK_MESSAGES.exportRange;
  if (new Date(start).toISOString().slice(0, 10) !== from || new Date(end).toISOString().slice(0, 10) !== to)
    return ORDER_DESK_MESSAGES.exportRange;
  if ((end - start) / 86_400_000 + 1 > EXPORT_MAX_DAYS) return ORDER_DESK_MESSAGES.exportTooLong;
  return null;
}
