import { compareLinkOf } from '../../../core/compare-link';
import { changeRow } from '../../../core/list-changes';
import type { ListChange } from '../../../core/list-diff';
import { Link } from '../../ui/link';

/**
 * What changed, as a table a person reads down: the item, what happened, before, after and by how
 * much. On a phone each change stacks into a small card (contents.css), labels beside the values.
 */
export function ChangesTable({ changes, caption }: { changes: ListChange[]; caption: string }) {
  if (changes.length === 0) return <p className="muted">Nothing readable changed.</p>;
  return (
    <table className="changes-table">
      <caption className="visually-hidden" suppressHydrationWarning>
        {caption}
      </caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Change</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
          <th scope="col">Move</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change, i) => {
          const row = changeRow(change);
          const tone = change.kind === 'price' ? (change.change > 0 ? 'is-up' : 'is-down') : `is-${change.kind}`;
          return (
            // Changes have no id of their own; their order is fixed by the server.
            // biome-ignore lint/suspicious/noArrayIndexKey: a stored version's changes never reorder.
            <tr key={i} className={tone}>
              <th scope="row" data-label="Item">
                {row.what ? (
                  <span>
                    {row.what}{' '}
                    <Link
                      className="changes-compare"
                      to={compareLinkOf(row.what)}
                      aria-label={`Compare ${row.what} across suppliers`}
                    >
                      Compare
                    </Link>
                  </span>
                ) : (
                  '—'
                )}
              </th>
              <td data-label="Change">{row.label}</td>
              <td data-label="Before">{row.before || '—'}</td>
              <td data-label="After">{row.after || '—'}</td>
              <td data-label="Move">{row.move}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
