import { MAX_QUANTITY } from '../../../core/order-quantity';
import type { PriceRow } from '../../../core/price-table';
import type { BasketState } from './basket-store';
import './basket.css';

/** A line's quantity control in the price table. */
export function QuantityInput({ basket, row, index }: { basket: BasketState; row: PriceRow; index: number }) {
  if (!row.item || row.price === undefined) return null;
  const fractions = row.fractions === true;
  return (
    <input
      className="basket-quantity"
      type="number"
      inputMode={fractions ? 'decimal' : 'numeric'}
      min={0}
      max={MAX_QUANTITY}
      step={fractions ? 0.001 : 1}
      value={basket.quantityOf(index)}
      aria-label={`Quantity of ${row.item}${row.unit ? ` (${row.unit})` : ''}`}
      onChange={(event) => basket.set(row, index, event.target.value)}
    />
  );
}
