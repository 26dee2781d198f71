import { CONTENTS_TEXT } from '../../../core/list-contents';
import type { ListPrices } from '../../../core/price-table';
import { PRICE_TEXT } from '../../../core/price-table-text';

/**
 * What the owner may want to fix in their file (issue 39): it could not be read, or some rows
 * could not. A rendered part of the list's page: a visitor's first visit does not load it.
 */
export function OwnerReading({ prices }: { prices: ListPrices }) {
  return (
    <>
      {prices.unreadable && (
        <section className="alert alert-warning list-page-unreadable" aria-label={CONTENTS_TEXT.unreadable}>
          <h2>{CONTENTS_TEXT.unreadable}</h2>
          <p>{CONTENTS_TEXT.reasons[prices.unreadable]}</p>
          {prices.table && <p>The prices below are from the last version Freshlist could read.</p>}
        </section>
      )}
      {prices.unread && prices.unread.count > 0 && (
        <details className="list-page-unread">
          <summary>{PRICE_TEXT.unread(prices.unread.count)}</summary>
          <p>{PRICE_TEXT.unreadHelp}</p>
          <ul>
            {[...new Set(prices.unread.examples)].map((raw) => (
              <li key={raw}>
                <code>{raw}</code>
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
