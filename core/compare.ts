import { z } from 'zod';
import { COMPARE_ITEM_MAX_LENGTH } from './compare-link';
import { hasSearchWords } from './directory';
import type { Pack } from './unit-price';

/**
 * One item compared across suppliers (issue 39 §3, docs/decisions/0205): every matching current line
 * of the lists the viewer may read, grouped by what its price is per (kg, litre, piece) and sorted
 * by unit price within a group; lines whose unit price is not known are apart, by price.
 */

export const COMPARE_MESSAGES = {
  itemRequired: 'Type an item to compare, for example burrata.',
  itemTooLong: `An item can be at most ${COMPARE_ITEM_MAX_LENGTH} characters.`,
  following: 'following is 1 (only businesses you follow) or 0.',
  followingSignIn: 'Sign in to compare only the businesses you follow.',
  noResults: 'No list you can see has this item. Check the spelling, or try a shorter word.',
  noFollowedResults: 'None of the businesses you follow has this item in a list you can see.',
  limited: 'Showing the first matching lines only: add a word to narrow the search.',
} as const;

/** GET /api/compare's query string, as the /compare address carries it. */
export const compareQuerySchema = z.object({
  item: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const text = (raw ?? '').trim().replace(/\s+/g, ' ');
      if (!hasSearchWords(text)) {
        ctx.addIssue({ code: 'custom', message: COMPARE_MESSAGES.itemRequired });
        return z.NEVER;
      }
      if ([...text].length > COMPARE_ITEM_MAX_LENGTH) {
        ctx.addIssue({ code: 'custom', message: COMPARE_MESSAGES.itemTooLong });
        return z.NEVER;
      }
      return text;
    }),
  following: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === '' || raw === '0') return false;
      if (raw === '1') return true;
      ctx.addIssue({ code: 'custom', message: COMPARE_MESSAGES.following });
      return z.NEVER;
    }),
});
export type CompareQuery = z.output<typeof compareQuerySchema>;

/** The groups, in the order the page shows them: per kg, per litre, per piece, then the rest. */
export const COMPARE_GROUPS = ['kg', 'l', 'piece', 'other'] as const;
export type CompareGroupKey = (typeof COMPARE_GROUPS)[number];
export const COMPARE_GROUP_TITLES: Record<CompareGroupKey, string> = {
  kg: 'Per kg',
  l: 'Per litre',
  piece: 'Per piece',
  other: 'Other prices',
};

export const compareLineSchema = z.object({
  handle: z.string(),
  displayName: z.string(),
  listName: z.string(),
  listSlug: z.string(),
  /** The item as the list writes it (the whole line when no item was read). */
  item: z.string(),
  /** The pack or unit as written ("kg", "25kg sack"), or the pack read from the item ("125 g"). */
  pack: z.string().nullable(),
  price: z.number().nullable(),
  currency: z.string().nullable(),
  /** "3.50 €": the price as a person reads it. */
  priceText: z.string().nullable(),
  unitPrice: z.object({ amount: z.number(), currency: z.string().nullable(), unit: z.enum(['kg', 'l', 'piece']) }).nullable(),
  /** "28.00 €/kg". */
  unitPriceText: z.string().nullable(),
  /** When the list's file last changed (its newest version read) and when Freshlist last read it unchanged. */
  fileChangedAt: z.number().nullable(),
  checkedAt: z.number().nullable(),
});
export type CompareLine = z.infer<typeof compareLineSchema>;

export const compareGroupSchema = z.object({ unit: z.enum(COMPARE_GROUPS), lines: z.array(compareLineSchema) });
export type CompareGroup = z.infer<typeof compareGroupSchema>;

export const compareAnswerSchema = z.object({
  item: z.string(),
  following: z.boolean(),
  /** Only the groups that have lines, in COMPARE_GROUPS order. */
  groups: z.array(compareGroupSchema),
  count: z.number(),
  /** More lines matched than one answer holds (docs/decisions/0205). */
  limited: z.boolean(),
});
export type CompareAnswer = z.infer<typeof compareAnswerSchema>;

/** A pack as a person writes it: "125 g", "25 kg", "750 ml", "6 l", "12 pieces". */
export function packText(pack: Pack): string {
  const round = (n: number) => String(Number(n.toFixed(3)));
  if (pack.unit === 'piece') return pack.quantity === 1 ? '1 piece' : `${round(pack.quantity)} pieces`;
  if (pack.quantity < 1) return `${round(pack.quantity * 1000)} ${pack.unit === 'kg' ? 'g' : 'ml'}`;
  return `${round(pack.quantity)} ${pack.unit}`;
}

/** GET /api/compare's address for an item (the page's own answer, and what the server renders it with). */
export function compareApiPath(query: { item: string; following?: boolean }): string {
  const params = new URLSearchParams({ item: query.item });
  if (query.following) params.set('following', '1');
  return `/api/compare?${params}`;
}

/** The currency most lines of a group are priced in: they come first, since only they compare. */
function mainCurrency(lines: CompareLine[]): string | null {
  const counts = new Map<string | null, number>();
  for (const line of lines) {
    const currency = line.unitPrice?.currency ?? line.currency;
    counts.set(currency, (counts.get(currency) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

const byAmount = (amount: (line: CompareLine) => number | null) => (lines: CompareLine[]) => {
  const main = mainCurrency(lines);
  const rank = (line: CompareLine) => ((line.unitPrice?.currency ?? line.currency) === main ? 0 : 1);
  const value = (line: CompareLine) => amount(line) ?? Number.POSITIVE_INFINITY;
  return [...lines].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      value(a) - value(b) ||
      (a.price ?? Number.POSITIVE_INFINITY) - (b.price ?? Number.POSITIVE_INFINITY) ||
      a.handle.localeCompare(b.handle) ||
      a.item.localeCompare(b.item),
  );
};
const byUnitPrice = byAmount((line) => line.unitPrice?.amount ?? null);
const byPrice = byAmount((line) => line.price);

/**
 * The lines in groups that compare: per kg, per litre and per piece each by unit price, cheapest
 * first (lines in another currency than most after them); the lines with no unit price by price.
 */
export function compareGroupsOf(lines: CompareLine[]): CompareGroup[] {
  return COMPARE_GROUPS.flatMap((unit) => {
    const members = lines.filter((line) => (line.unitPrice?.unit ?? 'other') === unit);
    if (members.length === 0) return [];
    return [{ unit, lines: unit === 'other' ? byPrice(members) : byUnitPrice(members) }];
  });
}
