import { formatPrice } from './list-price';
import { type BaseUnit, type UnitPrice, unitPriceOf } from './unit-price';

/**
 * What an alert's condition reads of a list's lines (docs/decisions/0209, 0221): each line's price
 * per kg, litre or piece, and the few lines of a set that decide every condition. Pure and
 * browser-safe.
 */

/** A current line of a list that matches the alert's words, as the evaluation reads it. */
export interface AlertLine {
  item: string | null;
  raw: string;
  price: number | null;
  currency: string | null;
  unit: string | null;
  /**
   * The line's price per base unit when already known (kept by the job, docs/decisions/0221): null
   * when its pack says none. Left out, it is read from the line (unitPriceOf).
   */
  perUnit?: { amount: number; unit: BaseUnit } | null;
}

export interface Valued {
  line: AlertLine;
  value: number;
  /** What the value is a price of: "kg:EUR", "price:GBP". */
  basis: string;
  /** The unit price it was read as; null for the price as written. */
  unitPrice: UnitPrice | null;
}

export const priceTextOf = (line: AlertLine) =>
  line.price === null ? null : formatPrice({ amount: line.price, ...(line.currency ? { currency: line.currency } : {}) });

/** The line's price per base unit as unitPriceOf reads it, or as kept; null without one. */
export function perUnitOf(line: AlertLine): { amount: number; unit: BaseUnit } | null {
  if (line.perUnit !== undefined) return line.perUnit;
  if (line.price === null) return null;
  const unitPrice = unitPriceOf({
    raw: line.raw,
    price: line.price,
    ...(line.item === null ? {} : { item: line.item }),
    ...(line.unit === null ? {} : { unit: line.unit }),
    ...(line.currency === null ? {} : { currency: line.currency }),
  });
  return unitPrice && { amount: unitPrice.amount, unit: unitPrice.unit };
}

// Reading a pack is the dearest step of an evaluation, and a line is read by many alerts.
const valuedLines = new WeakMap<AlertLine, Valued | null>();

/** A line's price per kg, litre or piece when its pack says, else its price as written; null without a price. */
export function comparable(line: AlertLine): Valued | null {
  const known = valuedLines.get(line);
  if (known !== undefined) return known;
  let valued: Valued | null = null;
  if (line.price !== null) {
    const perUnit = perUnitOf(line);
    valued = perUnit
      ? {
          line,
          value: perUnit.amount,
          basis: `${perUnit.unit}:${line.currency || ''}`,
          unitPrice: { ...perUnit, ...(line.currency ? { currency: line.currency } : {}) },
        }
      : { line, value: line.price, basis: `price:${line.currency ?? ''}`, unitPrice: null };
  }
  valuedLines.set(line, valued);
  return valued;
}

/** What the condition compared, as a mail shows it: "28.00 €/kg" or "3.50 €". */
export const valueTextOf = (valued: Valued) =>
  valued.unitPrice ? formatPrice(valued.unitPrice) : (priceTextOf(valued.line) ?? '');

// A line is reduced with many sets (each of its words', each query's): its keys are made once.
const keysOfLine = new WeakMap<AlertLine, Array<[string, number]>>();

/**
 * What a line may decide, with the value it is compared by (lower wins, the earlier line on a tie):
 * the first line; the cheapest by comparable price, overall, per basis and per unit; the cheapest
 * by price as written, overall and per currency. These are all an alert of any kind reads.
 */
function decides(line: AlertLine): Array<[string, number]> {
  const known = keysOfLine.get(line);
  if (known) return known;
  const keys: Array<[string, number]> = [];
  const valued = comparable(line);
  if (valued) {
    keys.push(['cheapest', valued.value], [`basis:${valued.basis}`, valued.value]);
    keys.push([`unit:${valued.basis.slice(0, valued.basis.indexOf(':'))}`, valued.value]);
  }
  if (line.price !== null) {
    keys.push(['written', line.price]);
    if (line.currency !== null) keys.push([`written:${line.currency}`, line.price]);
  }
  keysOfLine.set(line, keys);
  return keys;
}

/**
 * The few of `items` (lines in the list's order, or what stands for them) that decide every
 * alert's condition: an alert evaluated against their lines finds what it finds against all of
 * them (core/item-alert-lines.test.ts). Returned in the same order. Deciding lines of deciding
 * lines are the same lines, so sets may be reduced apart and then together.
 */
export function decidingOf<T>(items: readonly T[], lineOf: (item: T) => AlertLine): T[] {
  if (items.length <= 1) return [...items];
  const best = new Map<string, { at: number; value: number }>();
  for (let at = 0; at < items.length; at++) {
    for (const [key, value] of decides(lineOf(items[at] as T))) {
      const held = best.get(key);
      if (!held) best.set(key, { at, value });
      else if (value < held.value) {
        held.at = at;
        held.value = value;
      }
    }
  }
  const kept = new Set([0, ...[...best.values()].map((b) => b.at)]);
  return items.filter((_, at) => kept.has(at));
}

/** `decidingOf` for lines themselves. */
export const decidingLines = <T extends AlertLine>(lines: readonly T[]): T[] => decidingOf(lines, (line) => line);
