import {
  COMPARE_MESSAGES,
  type CompareAnswer,
  type CompareLine,
  type CompareQuery,
  compareGroupsOf,
  packText,
} from '../../../core/compare';
import { formatPrice } from '../../../core/list-price';
import { linePack, type Pack, packOf, unitPriceOf } from '../../../core/unit-price';
import { formatUnitPrice } from '../../../core/unit-price-text';
import { unauthorized } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { COMPARE_LIMITS, compareRepository, type MatchingLine } from './repository';

const samePack = (a: Pack, b: Pack | null) =>
  b !== null && a.unit === b.unit && Math.abs(a.quantity - b.quantity) <= 1e-9 * Math.max(a.quantity, b.quantity);

/**
 * The pack column: the unit as written when it is what the price is for ("kg", "25kg sack"), else
 * the pack read from the item or line ("Burrata 125g" sold per "piece" shows "125 g"). `unitPacks`
 * keeps each unit's pack for one answer: its lines share a few units.
 */
function shownPack(unit: string | null, pack: Pack | null, unitPacks: Map<string, Pack | null>): string | null {
  if (pack === null) return unit;
  if (unit !== null && !unitPacks.has(unit)) unitPacks.set(unit, packOf(unit));
  return unit !== null && samePack(pack, unitPacks.get(unit) ?? null) ? unit : packText(pack);
}

/** A matching line as the comparison shows it: its pack, its price and its price per kg, litre or piece. */
function compareLineOf(line: MatchingLine, unitPacks: Map<string, Pack | null>): CompareLine {
  const read = {
    raw: line.raw,
    ...(line.item === null ? {} : { item: line.item }),
    ...(line.unit === null ? {} : { unit: line.unit }),
  };
  const unitPrice = unitPriceOf({
    ...read,
    ...(line.price === null ? {} : { price: line.price }),
    ...(line.currency === null ? {} : { currency: line.currency }),
  });
  // A unit price is the price over the line's pack: the pack follows from it without reading the text again.
  const pack =
    unitPrice && line.price && unitPrice.amount > 0
      ? { quantity: line.price / unitPrice.amount, unit: unitPrice.unit }
      : linePack(read);
  return {
    handle: line.handle,
    displayName: line.displayName,
    listName: line.listName,
    listSlug: line.listSlug,
    item: line.item ?? line.raw,
    pack: shownPack(line.unit, pack, unitPacks),
    price: line.price,
    currency: line.currency,
    priceText: line.price === null ? null : formatPrice({ amount: line.price, currency: line.currency ?? undefined }),
    unitPrice: unitPrice && { amount: unitPrice.amount, currency: unitPrice.currency ?? null, unit: unitPrice.unit },
    unitPriceText: unitPrice && formatUnitPrice(unitPrice),
    fileChangedAt: line.fileChangedAt,
    checkedAt: line.checkedAt,
  };
}

/** One item compared across suppliers (issue 39 §3, docs/decisions/0205). */
export function compareService(db: DB, limits = COMPARE_LIMITS) {
  const repo = compareRepository(db, limits);
  return {
    /** Every matching current line `viewerId` may read, grouped by what it is priced per and sorted by unit price. */
    async compare(query: CompareQuery, viewerId: string | null): Promise<CompareAnswer> {
      if (query.following && viewerId === null) throw unauthorized(COMPARE_MESSAGES.followingSignIn);
      const terms = await repo.searchTerms(query.item);
      const { lines, limited } = await repo.matchingLines(terms, viewerId, query.following);
      const unitPacks = new Map<string, Pack | null>();
      const shown = lines.map((line) => compareLineOf(line, unitPacks));
      return { item: query.item, following: query.following, groups: compareGroupsOf(shown), count: shown.length, limited };
    },
  };
}
