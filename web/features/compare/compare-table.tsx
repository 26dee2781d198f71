import { COMPARE_GROUP_TITLES, type CompareGroup, type CompareLine } from '../../../core/compare';
import { pagePath } from '../../../core/pages';
import { relativeTime } from '../../../core/time';
import { Link } from '../../ui/link';

/** "file updated 2 days ago · checked 5 minutes ago": how fresh the list a line comes from is. */
export function freshnessOf(line: Pick<CompareLine, 'fileChangedAt' | 'checkedAt'>, now: number): string {
  const parts: string[] = [];
  if (line.fileChangedAt !== null) parts.push(`file updated ${relativeTime(line.fileChangedAt, now)}`);
  if (line.checkedAt !== null) parts.push(`checked ${relativeTime(line.checkedAt, now)}`);
  return parts.join(' · ') || 'not read yet';
}

/**
 * One group of the comparison (per kg, per litre, per piece, other prices) as a table, cheapest
 * first. On a phone each line stacks into a small card (compare.css), labels beside the values.
 */
export function CompareTable({ group, item, now }: { group: CompareGroup; item: string; now: number }) {
  const title = COMPARE_GROUP_TITLES[group.unit];
  const headingId = `compare-group-${group.unit}`;
  const order = group.unit === 'other' ? 'lowest price first' : 'lowest unit price first';
  return (
    <section className="item-compare-group" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {title} <span className="muted">({group.lines.length})</span>
      </h2>
      <table className="item-compare-table">
        <caption className="visually-hidden">{`${item} ${title.toLowerCase()}, ${order}`}</caption>
        <thead>
          <tr>
            <th scope="col">Business</th>
            <th scope="col">Item</th>
            <th scope="col">Pack</th>
            <th scope="col">Price</th>
            <th scope="col">Unit price</th>
            <th scope="col">How fresh</th>
          </tr>
        </thead>
        <tbody>
          {group.lines.map((line, i) => (
            // A line has no id of its own in the answer; the server's order is the table's.
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are replaced whole with each answer.
            <tr key={i}>
              <td data-label="Business">
                <Link to={pagePath('profile', { handle: line.handle })}>{line.displayName || `@${line.handle}`}</Link>
              </td>
              <th scope="row" data-label="Item">
                <span>
                  <Link to={pagePath('list', { handle: line.handle, slug: line.listSlug })}>{line.item}</Link>
                  <span className="item-compare-list muted"> in {line.listName}</span>
                </span>
              </th>
              <td data-label="Pack">{line.pack ?? '—'}</td>
              <td data-label="Price">{line.priceText ?? '—'}</td>
              <td data-label="Unit price" className="item-compare-unit-price">
                {line.unitPriceText ?? '—'}
              </td>
              <td data-label="How fresh" className="muted">
                {freshnessOf(line, now)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
