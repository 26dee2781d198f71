import { type MinimumOrder, type PublicDeliveryTerms, WEEKDAY_NAMES } from '../../../core/delivery-terms';
import { NextDelivery } from '../../ui/next-delivery';
import './profile-ordering.css';

/** '£150.00', in the viewer's browser only (this section is never rendered on the server). */
function money({ amount, currency }: MinimumOrder): string {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/**
 * A business's ordering terms on its profile (issue 40 §1): the next delivery and its cut-off, the
 * delivery days, the minimum order and the areas served. Where orders go stays private.
 */
export function ProfileOrdering({ terms }: { terms: PublicDeliveryTerms }) {
  const { minimumOrder, areas } = terms;
  const places = [...areas.postcodes, ...areas.towns];
  return (
    <section className="card profile-ordering" aria-labelledby="ordering-heading">
      <h2 id="ordering-heading">Ordering</h2>
      <NextDelivery terms={terms} />
      <dl className="profile-ordering-terms">
        <dt>Delivery days</dt>
        <dd>{terms.days.map((d) => WEEKDAY_NAMES[d.day]).join(', ')}</dd>
        {minimumOrder && (
          <>
            <dt>Minimum order</dt>
            <dd>
              {money(minimumOrder)}
              {minimumOrder.kind === 'rule' ? ' (smaller orders cannot be sent)' : ''}
            </dd>
          </>
        )}
        {places.length > 0 && (
          <>
            <dt>Delivers to</dt>
            <dd>{places.join(', ')}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
