import { formatPrice } from './list-price';
import type { UnitPrice } from './unit-price';

/**
 * "£0.62/kg", "28.00 €/kg", "0.35 €/piece": placed as every other price is (formatPrice). Apart
 * from unit-price.ts, whose pack patterns a list's page does not need to show a price (issue 39).
 */
export function formatUnitPrice(price: UnitPrice): string {
  return formatPrice(price);
}
