import { type ComponentProps, lazy, Suspense, useEffect, useId, useState } from 'react';
import type { BasketPanel as Panel } from './basket';
import type { BasketState } from './basket-store';
import './basket.css';

/** The basket's code (totals, delivery dates, sending, order again): loaded once it has something to do. */
const BasketPanel = lazy(async () => ({ default: (await import('./basket')).BasketPanel }));

/** The empty basket as the server renders it, and as it stays until the visitor orders something. */
function EmptyBasket() {
  const heading = useId();
  return (
    <section className="basket is-empty" aria-labelledby={heading}>
      <h2 id={heading}>Your order</h2>
      <p className="muted">Choose quantities in the table to build an order.</p>
    </section>
  );
}

/** "Order again" from a past order's page builds this basket (basket-again.tsx). */
const ordersAgain = () => new URL(window.location.href).searchParams.has('again');

/**
 * The basket below the price table (issue 39: a first visit loads no basket code): the empty
 * basket until a quantity is chosen, a saved basket is found or "Order again" asks for one; then
 * the panel's code, with the empty basket in its place while it loads.
 */
export function BasketSlot(props: ComponentProps<typeof Panel> & { basket: BasketState }) {
  const hasLines = props.basket.lines.length > 0;
  // Set after mount, as the saved basket is read, so the first render is the server's; kept once
  // set, so that a sent order's answer stays when its basket is emptied.
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (hasLines || ordersAgain()) setWanted(true);
  }, [hasLines]);
  if (!wanted && !hasLines) return <EmptyBasket />;
  return (
    <Suspense fallback={<EmptyBasket />}>
      <BasketPanel {...props} />
    </Suspense>
  );
}
