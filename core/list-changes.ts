import type { ListChange, PriceMove } from './list-diff';
import { formatPrice } from './list-price';

/**
 * How a list's changes read in detail, on the list's page and in mails (docs/decisions/0161); the
 * summary in a few words is in change-summary.ts.
 */

/** "+14%", "−3.5%": the sign always, one decimal only under 10%. */
export function formatPercent(percent: number | null): string {
  if (percent === null) return 'new price';
  const size = Math.abs(percent);
  const shown = size < 10 ? String(Math.round(size * 10) / 10) : String(Math.round(size));
  return `${percent >= 0 ? '+' : '−'}${shown}%`;
}

/** "2.10 € → 2.40 €/kg", "£2.10 → £2.40/kg": both amounts with their currency, the new one with its unit. */
export function formatMoveAmounts(move: PriceMove): string {
  const before = formatPrice({ amount: move.before, currency: move.currency });
  const after = formatPrice({ amount: move.after, currency: move.currency, unit: move.unit });
  return `${before} → ${after}`;
}

/** "Tomatoes 2.10 € → 2.40 €/kg, +14%" (a mail's line). */
export function formatMove(move: PriceMove): string {
  return `${move.item} ${formatMoveAmounts(move)}, ${formatPercent(move.percent)}`;
}

/** The biggest price moves, largest share first (a mail shows three). */
export function biggestMoves(changes: ListChange[], n = 3): PriceMove[] {
  return changes
    .filter((c): c is PriceMove => c.kind === 'price')
    .sort((a, b) => Math.abs(b.percent ?? 0) - Math.abs(a.percent ?? 0))
    .slice(0, n);
}

/** One change as the details table reads it: what, before, after, how much. */
export function changeRow(change: ListChange): { what: string; label: string; before: string; after: string; move: string } {
  switch (change.kind) {
    case 'price':
      return {
        what: change.item,
        label: change.change > 0 ? 'Price up' : 'Price down',
        before: formatPrice({ amount: change.before, currency: change.currency, unit: change.unit }),
        after: formatPrice({ amount: change.after, currency: change.currency, unit: change.unit }),
        move: formatPercent(change.percent),
      };
    case 'added':
    case 'gone': {
      const price =
        change.price === undefined ? '' : formatPrice({ amount: change.price, currency: change.currency, unit: change.unit });
      return {
        what: change.item,
        label: change.kind === 'added' ? 'New item' : 'Gone',
        before: change.kind === 'gone' ? price || change.raw : '',
        after: change.kind === 'added' ? price || change.raw : '',
        move: '',
      };
    }
    default:
      return {
        what: change.item ?? '',
        label: change.before === undefined ? 'Line added' : change.after === undefined ? 'Line removed' : 'Line changed',
        before: change.before ?? '',
        after: change.after ?? '',
        move: '',
      };
  }
}
