import { z } from 'zod';
import { UNREADABLE_REASONS } from './list-contents';

/**
 * The prices on a list's own page (issue 39 §1, docs/decisions/0206): the newest version Freshlist
 * could read, as rows of a table, with each price's move since the version before. The page gets
 * the first rows with it; the rest are a request away (`pricesPage`).
 */

/** Rows the page is rendered with: a phone shows them at once; a 5,000-line list stays light. */
export const PRICE_TABLE_FIRST = 100;
/** Rows one request for the rest brings. */
export const PRICE_TABLE_PAGE = 1000;

const unitPriceSchema = z.object({ amount: z.number(), currency: z.string().optional(), unit: z.enum(['kg', 'l', 'piece']) });

export const priceRowSchema = z.object({
  raw: z.string(),
  item: z.string().optional(),
  /** The sheet or section the row is under. */
  where: z.string().optional(),
  price: z.number().optional(),
  currency: z.string().optional(),
  unit: z.string().optional(),
  /** The price per kg, litre or piece, when the pack says it (core/unit-price.ts). */
  perUnit: unitPriceSchema.optional(),
  /**
   * Ordered by the kilogram or litre, so a quantity may be a fraction (core/order-rules.ts
   * `allowsFractions`): told by the server, so the table's inputs need no pack patterns (issue 39).
   */
  fractions: z.literal(true).optional(),
  /** Since the version before: a price up or down (percent null when the old price was 0), or a new item. */
  move: z.object({ kind: z.enum(['up', 'down', 'new']), percent: z.number().nullable() }).optional(),
});
export type PriceRow = z.infer<typeof priceRowSchema>;

/** The newest version Freshlist could read, as a table. */
export const priceTableSchema = z.object({
  versionId: z.number(),
  /** When Freshlist first read this version, and last found the file the same. */
  seenAt: z.number(),
  checkedAt: z.number(),
  lineCount: z.number(),
  /** The first PRICE_TABLE_FIRST rows. */
  rows: z.array(priceRowSchema),
});
export type PriceTable = z.infer<typeof priceTableSchema>;

/** What the list's page shows of its file's contents; null before Freshlist read it, and when the viewer may not. */
export const listPricesSchema = z.object({
  table: priceTableSchema.nullable(),
  /** The newest version could not be read (why, in CONTENTS_TEXT.reasons): the table is the last one that could. */
  unreadable: z.enum(UNREADABLE_REASONS).nullable(),
  /**
   * For the list's owner only: rows with figures but no price Freshlist could tell, and a few of
   * them, so the supplier can fix the sheet. Null for everyone else.
   */
  unread: z.object({ count: z.number(), examples: z.array(z.string()) }).nullable(),
});
export type ListPrices = z.infer<typeof listPricesSchema>;

export const pricesPageQuerySchema = z.object({
  version: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  from: z.coerce.number().int().min(0).max(1_000_000),
});

export const pricesPageSchema = z.object({
  rows: z.array(priceRowSchema),
  /** Where the next request starts; null at the end. */
  next: z.number().nullable(),
});
export type PricesPage = z.infer<typeof pricesPageSchema>;
