import { ORDER_STATE_LABELS, type OrderState } from '../../../core/order-rules';

/** An order's state as a badge: its word always, its colour only as a hint. */
export function OrderStateBadge({ state }: { state: OrderState }) {
  return <span className={`order-state order-state-${state}`}>{ORDER_STATE_LABELS[state]}</span>;
}
