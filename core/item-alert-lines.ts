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
  const valued = valuedOf(line);
  valuedLines.set(line, valued);
  return valued;
}

/** `comparable`, read again each time (for a line read once). */
function valuedOf(line: AlertLine): Valued | null {
  if (line.price === null) return null;
  const perUnit = perUnitOf(line);
  if (!perUnit) return { line, value: line.price, basis: `price:${line.currency ?? ''}`, unitPrice: null };
  const unitPrice: UnitPrice = { amount: perUnit.amount, unit: perUnit.unit };
  if (line.currency) unitPrice.currency = line.currency;
  return { line, value: perUnit.amount, basis: `${perUnit.unit}:${line.currency || ''}`, unitPrice };
}

/** What the condition compared, as a mail shows it: "28.00 €/kg" or "3.50 €". */
export const valueTextOf = (valued: Valued) =>
  valued.unitPrice ? formatPrice(valued.unitPrice) : (priceTextOf(valued.line) ?? '');

// A line is reduced with many sets (each of its words', each query's): its keys are made once by
// the caller, as small numbers (a key's slot), so that a reduction indexes arrays, not a map of strings.
const slotOfKey = new Map<string, number>();
const slotOf = (key: string) => {
  let slot = slotOfKey.get(key);
  if (slot === undefined) {
    slot = slotOfKey.size;
    slotOfKey.set(key, slot);
  }
  return slot;
};
/** What a line may decide (a reduction's slots) and the value it is compared by in each. */
export interface DecidingKeys {
  slots: number[];
  values: number[];
}

/**
 * What a line may decide, with the value it is compared by (lower wins, the earlier line on a tie):
 * the first line; the cheapest by comparable price, overall, per basis and per unit; the cheapest
 * by price as written, overall and per currency. These are all an alert of any kind reads.
 */
export function decidingKeys(line: AlertLine): DecidingKeys {
  const keys: DecidingKeys = { slots: [], values: [] };
  const valued = valuedOf(line);
  if (valued) {
    const [basis, unit] = basisSlots(valued.basis);
    keys.slots.push(CHEAPEST, basis, unit);
    keys.values.push(valued.value, valued.value, valued.value);
  }
  if (line.price !== null) {
    keys.slots.push(WRITTEN);
    keys.values.push(line.price);
    if (line.currency !== null) {
      keys.slots.push(writtenSlot(line.currency));
      keys.values.push(line.price);
    }
  }
  return keys;
}

const CHEAPEST = slotOf('cheapest');
const WRITTEN = slotOf('written');
const byBasis = new Map<string, [number, number]>();
/** A basis's slot ("kg:EUR") and its unit's ("kg"). */
function basisSlots(basis: string): [number, number] {
  let slots = byBasis.get(basis);
  if (!slots) {
    slots = [slotOf(`basis:${basis}`), slotOf(`unit:${basis.slice(0, basis.indexOf(':'))}`)];
    byBasis.set(basis, slots);
  }
  return slots;
}
const byCurrency = new Map<string, number>();
function writtenSlot(currency: string): number {
  let slot = byCurrency.get(currency);
  if (slot === undefined) {
    slot = slotOf(`written:${currency}`);
    byCurrency.set(currency, slot);
  }
  return slot;
}

// One reduction's best item and value a slot; a slot is this reduction's when its round is.
const bestAt: number[] = [];
const bestValue: number[] = [];
const roundOf: number[] = [];
let round = 0;

/**
 * The few of `items` (lines in the list's order, or what stands for them) that decide every
 * alert's condition: an alert evaluated against their lines finds what it finds against all of
 * them (core/item-alert-lines.test.ts). Returned in the same order. Deciding lines of deciding
 * lines are the same lines, so sets may be reduced apart and then together.
 */
export const decidingOf = <T>(items: readonly T[], lineOf: (item: T) => AlertLine): T[] =>
  decidingBy(items, (item) => decidingKeys(lineOf(item)));

/** `decidingOf` with each item's keys given (made once, `decidingKeys`). */
export function decidingBy<T>(items: readonly T[], keysOf: (item: T) => DecidingKeys): T[] {
  if (items.length <= 1) return [...items];
  round++;
  const used: number[] = [];
  for (let at = 0; at < items.length; at++) {
    const { slots, values } = keysOf(items[at] as T);
    for (let k = 0; k < slots.length; k++) {
      const slot = slots[k] as number;
      const value = values[k] as number;
      if (roundOf[slot] !== round) {
        roundOf[slot] = round;
        bestAt[slot] = at;
        bestValue[slot] = value;
        used.push(slot);
      } else if (value < (bestValue[slot] as number)) {
        bestAt[slot] = at;
        bestValue[slot] = value;
      }
    }
  }
  const kept = [0];
  for (const slot of used) kept.push(bestAt[slot] as number);
  kept.sort((a, b) => a - b);
  const found: T[] = [];
  for (let i = 0; i < kept.length; i++) if (i === 0 || kept[i] !== kept[i - 1]) found.push(items[kept[i] as number] as T);
  return found;
}

/** `decidingOf` for lines themselves. */
export const decidingLines = <T extends AlertLine>(lines: readonly T[]): T[] => decidingOf(lines, (line) => line);
