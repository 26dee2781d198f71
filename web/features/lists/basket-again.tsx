import { useEffect, useState } from 'react';
import { money } from '../../../core/order-rules';
import { errorMessage } from '../../lib/api-client';
import { fetchOrderAgain } from '../../lib/order-desk-api';
import type { AgainFlags, BasketState } from './basket-store';

/**
 * ?again=<order id> on a list's page: the past order as this basket, on the newest version, then the
 * address without it (a reload does not build it twice). Returns why it could not be done, if so.
 */
export function useOrderAgain(basket: Pick<BasketState, 'loadAgain'>): string | null {
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const url = new URL(window.location.href);
    const id = url.searchParams.get('again');
    if (!id) return;
    url.searchParams.delete('again');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    let live = true;
    fetchOrderAgain(id)
      .then((again) => live && basket.loadAgain(Number(id), again))
      .catch((err) => live && setProblem(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [basket.loadAgain]);
  return problem;
}

/**
 * The flags of a basket made by "Order again" (docs/decisions/0210): each line of the past order
 * whose price changed or that is gone, shown before anything is sent; sending waits for "Checked".
 */
export function BasketAgainFlags({ again, onChecked }: { again: AgainFlags; onChecked: () => void }) {
  return (
    <div className="alert alert-warning" role="alert">
      <p>{again.message ?? `Since your order ${again.orderId}:`}</p>
      <ul>
        {again.moves.map((m) => (
          <li key={m.index}>
            {m.item}:{' '}
            {m.after === null
              ? 'no longer on the list (left out of your basket)'
              : `${money(m.before, null)} then, ${money(m.after, null)} now`}
          </li>
        ))}
      </ul>
      <button type="button" className="button" onClick={onChecked}>
        I have checked these lines
      </button>
    </div>
  );
}
